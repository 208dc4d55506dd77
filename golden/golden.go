// Package golden holds the golden files and their format: per game,
// seeded transcripts of everything an agent sees (golden/<slug>/*.json,
// read as Case, the one transcript format the suite, the server and the
// replay viewer share), and the random generator's test vectors
// (golden/rng/vectors.json). Tests regenerate them with -update; the
// conformance suite replays them against any server.
package golden

import "embed"

// Files is the golden directory.
//
//go:embed */*.json
var Files embed.FS
