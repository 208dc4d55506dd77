// Package golden holds the golden files and their format: per game,
// seeded transcripts of everything an agent sees (golden/<slug>/*.json,
// read as Case, the one transcript format the suite, the server and the
// replay viewer share), and the random generator's test vectors
// (golden/rng/vectors.json). Tests regenerate them with -update; the
// conformance suite replays them against any server.
//
// A whole transcript of a long match is written compact (Case.Compact,
// format 3): a step then carries, instead of its answer, a JSON Patch
// (Diff, Apply) from the answer before it, with a whole answer every
// Checkpoint steps; reading a case expands it. The golden files keep
// format 2: they keep the answers of only some steps, and a reviewer
// reads their answers field by field.
package golden

import "embed"

// Files is the golden directory.
//
//go:embed */*.json
var Files embed.FS
