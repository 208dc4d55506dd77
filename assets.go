// Package bundle holds the files the servers embed: the OpenAPI contract,
// each game's documentation and the browser pages.
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

// Web holds the browser pages: web/tidebreakers and web/tron, the live
// Tidebreakers and Tron pages, served at /tidebreakers/ and /tron/;
// web/view, the replay viewer, at /view/; web/play, where people play
// Tinrail, Brinebell and Tron by the agents' rules, at /play/; web/boards,
// the boards of agents' ranked runs and each agent's runs, at /boards/;
// web/arena, the arena's ladders, bots and fights, at /arena/.
//
//go:embed web
var Web embed.FS
