# The local server (cmd/server) as a container image, for people who host
# the games themselves:
#
#   docker build --build-arg VERSION=v1.2.3 -t agentgames .
#   docker run -p 8080:8080 -v agentgames-data:/data \
#     -e TOKEN_KEYS="1:$(head -c32 /dev/urandom | base64)" agentgames
#
# TOKEN_KEYS seals the state tokens: comma-separated id:base64 keys of 32
# bytes, newest first. Keep it secret and pass it at run time (never bake
# it into the image); without it the server makes a key at each start and
# every token in flight dies with a restart. Live Tidebreakers matches are
# kept in /data/matches.db: mount a volume there to keep them.
# Build for another platform with docker buildx build --platform linux/arm64.

FROM --platform=$BUILDPLATFORM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG TARGETOS TARGETARCH VERSION=devel
RUN CGO_ENABLED=0 GOOS=$TARGETOS GOARCH=$TARGETARCH go build -trimpath -buildvcs=false \
      -ldflags "-s -w -X github.com/agentgames/bundle/internal/version.Version=$VERSION" \
      -o /out/server ./cmd/server \
 && mkdir /out/data

# distroless: no shell, no package manager; :nonroot runs as uid 65532.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/server /server
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
VOLUME /data
EXPOSE 8080
ENTRYPOINT ["/server", "-addr", ":8080", "-data", "/data/matches.db"]
