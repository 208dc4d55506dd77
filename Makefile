# make run   serves every game on http://127.0.0.1:8080 (no account, no setup)
# make test  checks for the programs it needs (installs them with apt-get as
#            root, else says what to install), installs the test tools (the
#            Lambda emulator, dynalite), runs tree-check (no build output
#            or file over 1 MB tracked), gofmt, go vet and cfn-lint,
#            starts dynalite, then runs every test
# make check what CI runs: make test, staticcheck, govulncheck, and the
#            release build's test (make release for this platform)
# sam build  builds each function through the build-<Function> targets below:
#            every game's function is ./functions/game (the template sets
#            GAME), live matches ./functions/live, the catalog ./functions/catalog,
#            the MCP server ./functions/mcp, the arena's scheduler and runner ./functions/scheduler,
#            ./functions/runner

# Go 1.27.3: govulncheck finds vulnerabilities reachable in 1.26.8's net/http,
# crypto/tls and crypto/x509, fixed in later releases; 1.27.3 is the one
# served here. Every target builds and tests with it (the go command fetches
# it from the module proxy once).
export GOTOOLCHAIN := go1.27.3

# Every build and test is static, as the release and the Lambda functions
# are: one set of compiled packages serves the tests, the end-to-end
# tests' builds of the functions and the commands (a package compiled with
# cgo and one without are two compilations of everything above it).
export CGO_ENABLED := 0

RIE_VERSION := v0.0.0-20261030222936-bef5c4ba774d
GOAWS_VERSION := v0.5.4
BIN := $(CURDIR)/.bin
LAMBDA_BUILD := GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -tags lambda.norpc -trimpath -ldflags="-s -w"

.PHONY: run test check prereqs tools lint staticcheck release-test build-CatalogFunction build-LiveFunction build-McpFunction build-RunnerFunction build-SchedulerFunction

# make run ADDR=127.0.0.1:9090 picks another address (:9090 listens on every interface).
run:
	@echo "make run: building the server (the first build compiles the standard library too: about a minute on 2 cores), then serving"
	go run ./cmd/server $(if $(ADDR),-addr $(ADDR))

tools: $(BIN)/aws-lambda-rie $(BIN)/goaws

$(BIN)/aws-lambda-rie:
	GOBIN=$(BIN) go install github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie@$(RIE_VERSION)

# goaws, the SQS emulator: go install names its binary after its folder, cmd.
$(BIN)/goaws:
	GOBIN=$@.tmp go install github.com/Admiral-Piett/goaws/app/cmd@$(GOAWS_VERSION)
	mv $@.tmp/cmd $@ && rmdir $@.tmp

lint:
	scripts/tree-check
	test -z "$$(gofmt -l .)" || (gofmt -l . && exit 1)
	go vet ./...
	cfn-lint template.yaml

staticcheck:
	go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

prereqs:
	scripts/prereqs

# go test runs no vet of its own: lint has run all of go vet. Four
# packages at once, not one a core: many tests wait (a live lobby's 10
# seconds, the Lambda emulator, a browser), and others use the time.
test: prereqs tools lint
	scripts/with-dynalite env E2E_REQUIRED=1 STORE_REQUIRED=1 RIE_BIN=$(BIN)/aws-lambda-rie GOAWS_BIN=$(BIN)/goaws go test -count=1 -vet=off -p 4 ./...

# The release build's test builds with -trimpath, so with none of the
# tests' compiled packages: about a minute and a half on an empty cache.
release-test:
	RELEASE_TEST=1 go test -count=1 -run TestReleaseBuild ./internal/version

check: test staticcheck vuln release-test

# sam build names the folder for a function's bootstrap in ARTIFACTS_DIR;
# run by hand (make build-TinrailFunction), a rule builds into
# .aws-sam/build/<Function>, never into the filesystem's root.
ARTIFACTS = $(or $(ARTIFACTS_DIR),$(CURDIR)/.aws-sam/build/$(@:build-%=%))

build-%Function:
	$(LAMBDA_BUILD) -o $(ARTIFACTS)/bootstrap ./functions/game

build-LiveFunction:
	$(LAMBDA_BUILD) -o $(ARTIFACTS)/bootstrap ./functions/live

build-CatalogFunction:
	$(LAMBDA_BUILD) -o $(ARTIFACTS)/bootstrap ./functions/catalog

build-McpFunction:
	$(LAMBDA_BUILD) -o $(ARTIFACTS)/bootstrap ./functions/mcp

build-RunnerFunction:
	$(LAMBDA_BUILD) -o $(ARTIFACTS)/bootstrap ./functions/runner

build-SchedulerFunction:
	$(LAMBDA_BUILD) -o $(ARTIFACTS)/bootstrap ./functions/scheduler

# make release  builds every command for linux and darwin on amd64 and arm64,
#               and a zip for each Lambda function (arm64, as template.yaml's
#               Architectures says; the four game functions share one), into
#               dist/ with SHA256SUMS; VERSION=v1.2.3 names the release
#               (default: git describe), which -version prints
# make vuln     builds an offline copy of the Go vulnerability database from
#               the pinned golang.org/x/vulndb module into .bin, then fails
#               if govulncheck finds a vulnerability the code can reach
VERSION ?= $(shell git describe --tags --match 'v*' --always --dirty 2>/dev/null)
DIST := dist
RELEASE_CMDS := server mcp conformance brinebell-dispatcher tidebreakers-bot tron-arena
RELEASE_PLATFORMS := linux-amd64 linux-arm64 darwin-amd64 darwin-arm64
RELEASE_LAMBDAS := game live catalog mcp runner scheduler
RELEASE_BUILD := CGO_ENABLED=0 go build -trimpath -buildvcs=auto -ldflags="-s -w -X github.com/agentgames/bundle/internal/version.Version=$(VERSION)"
LAMBDA_ZIP := go run github.com/aws/aws-lambda-go/cmd/build-lambda-zip@v1.55.1
VULN_VERSION := v1.9.0
VULNDB_VERSION := v0.0.0-20261105234957-e22db6528018
VULNDB := $(BIN)/vulndb-$(VULNDB_VERSION)

.PHONY: release vuln

release:
	rm -rf $(DIST) && mkdir -p $(DIST)/lambda
	for p in $(RELEASE_PLATFORMS); do for c in $(RELEASE_CMDS); do \
		GOOS=$${p%-*} GOARCH=$${p#*-} $(RELEASE_BUILD) -o $(DIST)/$$c-$$p ./cmd/$$c || exit 1; \
	done; done
	for f in $(RELEASE_LAMBDAS); do \
		GOOS=linux GOARCH=arm64 $(RELEASE_BUILD) -tags lambda.norpc -o $(DIST)/lambda/bootstrap ./functions/$$f && \
		$(LAMBDA_ZIP) -o $(DIST)/lambda-$$f-linux-arm64.zip $(DIST)/lambda/bootstrap || exit 1; \
	done
	rm -r $(DIST)/lambda
	cd $(DIST) && sha256sum * > SHA256SUMS

vuln: $(VULNDB)/index/db.json
	go run golang.org/x/vuln/cmd/govulncheck@$(VULN_VERSION) -db file://$(VULNDB) ./...

$(VULNDB)/index/db.json:
	go mod download golang.org/x/vulndb@$(VULNDB_VERSION)
	rm -rf $(VULNDB) $(VULNDB).tmp
	go run golang.org/x/vulndb/cmd/indexdb@$(VULNDB_VERSION) -out $(VULNDB).tmp \
		-vulns "$$(go env GOMODCACHE)/golang.org/x/vulndb@$(VULNDB_VERSION)/data/osv"
	mv $(VULNDB).tmp $(VULNDB)
