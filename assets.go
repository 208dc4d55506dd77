// Package bundle holds the files the servers embed: the OpenAPI contract and
// each game's documentation.
package bundle

import "embed"

// OpenAPI is the contract every request is validated against.
//
//go:embed openapi.yaml
var OpenAPI []byte

// Docs holds docs/<slug>.md, served at /docs/api/<slug>.
//
//go:embed docs/*.md
var Docs embed.FS
