package tidebreakers_test

// goldenCases cover 2, 3 and 4 captains, every built-in captain, the
// caller winning, losing and drawing, conquest, the last captain standing
// (rare in play: seed 496 is the first of 11 in 3,000 seeds of hunter
// against random), round caps decided by islands and by strength, round
// caps where two others share 1st place and the caller, below them, loses
// (seeds 100030 and 300233) or where the caller shares 1st place above a
// third (seed 100009), eliminations, and refused actions.
var goldenCases = []goldenCase{
	{1, 2, "sample", "sample", true, false, []string{"refusal:invalid_action", "refusal:illegal_action", "conquest", "loss", "refusal:game_over"}},
	{2, 2, "sample", "sample", false, false, []string{"conquest", "loss"}},
	{0, 2, "sample", "strong", false, false, []string{"conquest", "win"}},
	{2, 2, "sample", "strong", false, false, []string{"conquest", "win"}},
	{0, 2, "sample", "random", false, false, []string{"conquest", "loss"}},
	{0, 2, "strong", "sample", false, false, []string{"round_cap", "loss", "round_cap_islands"}},
	{2, 2, "strong", "strong", false, false, []string{"round_cap", "loss", "round_cap_strength"}},
	{0, 2, "strong", "hunter", false, false, []string{"round_cap", "loss", "round_cap_islands"}},
	{3, 2, "random", "strong", false, true, []string{"conquest", "win"}},
	{5, 2, "random", "random", true, false, []string{"refusal:invalid_action", "refusal:illegal_action", "conquest", "win", "refusal:game_over"}},
	{0, 2, "strong", "thin", false, false, []string{"conquest", "loss"}},
	{1, 3, "sample", "idle", false, false, []string{"conquest", "loss"}},
	{0, 3, "sample", "strong", false, false, []string{"conquest", "win"}},
	{4, 3, "strong", "sample", true, false, []string{"refusal:invalid_action", "refusal:illegal_action", "round_cap", "loss", "round_cap_islands", "refusal:game_over"}},
	{2, 3, "random", "random", false, false, []string{"round_cap", "loss", "round_cap_islands"}},
	{6, 3, "sample", "reckless", false, false, []string{"conquest", "loss"}},
	{0, 4, "sample", "strong", false, false, []string{"round_cap", "win", "round_cap_islands"}},
	{1, 4, "strong", "stalker", false, false, []string{"round_cap", "win", "round_cap_islands"}},
	{2, 4, "random", "strong", false, false, []string{"conquest", "win"}},
	{3, 4, "sample", "thin", false, false, []string{"round_cap", "loss", "round_cap_islands"}},
	{5, 4, "strong", "idle", true, false, []string{"refusal:invalid_action", "refusal:illegal_action", "round_cap", "loss", "round_cap_islands", "refusal:game_over"}},
	{7, 4, "random", "sample", false, false, []string{"round_cap", "loss", "round_cap_strength"}},
	{6, 3, "strong", "hunter", false, false, []string{"elimination", "round_cap", "win"}},
	{2, 3, "random", "hunter", false, false, []string{"elimination", "conquest", "win"}},
	{496, 2, "random", "hunter", false, false, []string{"last_standing", "win"}},
	{100030, 3, "strong", "idle", false, false, []string{"round_cap", "loss", "shared_first_without_you"}},
	{300233, 4, "sample", "twin", false, false, []string{"round_cap", "loss", "shared_first_without_you"}},
	{100009, 3, "strong", "twin", false, false, []string{"round_cap", "draw", "shared_first_with_you"}},
}
