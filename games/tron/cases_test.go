package tron_test

// goldenCases cover 2, 3 and 4 cycles on grids from 5x5 to 100x100 (three
// whole 100x100 matches), both bots, and crashes into walls, into trails
// and into one cell together, an erased trail taken again, and refusals.
var goldenCases = []goldenCase{
	{1, 2, 100, "easy", "easy", true, false, nil},
	{2, 2, 100, "easy", "safe", false, false, nil},
	{3, 4, 100, "easy", "safe", false, false, nil},
	{4, 3, 100, "easy", "safe", false, false, nil},
	{1, 2, 5, "easy", "safe", false, true, nil},
	{2, 2, 5, "wise", "easy", false, false, nil},
	{3, 3, 5, "easy", "easy", false, false, nil},
	{4, 4, 5, "easy", "safe", true, false, nil},
	{5, 2, 7, "wise", "wise", false, false, nil},
	{6, 3, 7, "easy", "wise", false, false, nil},
	{7, 4, 7, "wise", "easy", false, false, nil},
	{8, 2, 10, "easy", "easy", false, false, nil},
	{9, 3, 10, "wise", "safe", false, false, nil},
	{10, 4, 10, "easy", "wise", false, false, nil},
	{11, 2, 20, "wise", "easy", false, false, nil},
	{12, 3, 20, "easy", "easy", false, false, nil},
	{13, 4, 20, "wise", "safe", false, false, nil},
	{14, 2, 30, "easy", "wise", false, false, nil},
	{15, 4, 30, "easy", "easy", false, false, nil},
	{16, 3, 50, "easy", "wise", false, false, nil},
	{17, 4, 50, "wise", "easy", false, false, nil},
	{18, 2, 12, "easy", "safe", true, false, nil},
}
