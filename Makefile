# make run   serves every game on http://127.0.0.1:8080 (no account, no setup)
# make test  installs the test tools it needs (the Lambda emulator, dynalite),
#            starts dynalite, then runs every test
# sam build  builds each function through the build-<Function> targets below:
#            every game's function is ./functions/game (the template sets
#            GAME), live matches ./functions/live, the catalog ./functions/catalog

RIE_VERSION := v0.0.0-20261030222936-bef5c4ba774d
BIN := $(CURDIR)/.bin
LAMBDA_BUILD := GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -tags lambda.norpc -trimpath -ldflags="-s -w"

.PHONY: run test tools lint build-CatalogFunction build-LiveFunction

run:
	go run ./cmd/server

tools: $(BIN)/aws-lambda-rie

$(BIN)/aws-lambda-rie:
	GOBIN=$(BIN) go install github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie@$(RIE_VERSION)

lint:
	test -z "$$(gofmt -l .)" || (gofmt -l . && exit 1)
	go vet ./...
	go run honnef.co/go/tools/cmd/staticcheck@v0.7.0 ./...
	cfn-lint template.yaml

test: tools lint
	scripts/with-dynalite env E2E_REQUIRED=1 STORE_REQUIRED=1 RIE_BIN=$(BIN)/aws-lambda-rie go test -count=1 ./...

build-%Function:
	$(LAMBDA_BUILD) -o $(ARTIFACTS_DIR)/bootstrap ./functions/game

build-LiveFunction:
	$(LAMBDA_BUILD) -o $(ARTIFACTS_DIR)/bootstrap ./functions/live

build-CatalogFunction:
	$(LAMBDA_BUILD) -o $(ARTIFACTS_DIR)/bootstrap ./functions/catalog
