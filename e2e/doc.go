// Package e2e tests the bundle as users meet it, whole: the real Lambda
// bootstraps under the AWS Lambda Runtime Interface Emulator (golden
// matches, the conformance suite and the bot endpoints through API
// Gateway, ALB and function URL events; the live and MCP functions over
// DynamoDB's API in dynalite), the local server's pages in chromium, and
// the shipped programs and curl examples against a running server. It
// holds tests only; `scripts/with-dynalite` and the RIE_BIN and
// E2E_REQUIRED variables of `.ci/run` run them all, and a missing part is
// a skip unless E2E_REQUIRED is set.
package e2e
