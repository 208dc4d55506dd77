package brinebell

// Fixed numbers of the rules.
const (
	// NumDocks is the number of docks on the ring once all are open.
	NumDocks = 5
	// NumFerries is the number of ferries once Ferry B has joined.
	NumFerries = 2
	// Seats is the capacity of a ferry; a cart takes two seats.
	Seats = 4
	// TicksPerSecond is how many ticks make one second of the run.
	TicksPerSecond = 30
	// MaxAdvance is the largest tick count one advance may ask for.
	MaxAdvance = 90
	// ServiceTicks is the length of a service; the exchange is its first tick.
	ServiceTicks = 24
	// AdjacentTicks is the crossing time between neighbours on the ring.
	AdjacentTicks = 54
	// FarTicks is the crossing time between any other two distinct docks.
	FarTicks = 84
	// DockCap is the most passengers that may wait at one dock.
	DockCap = 6
	// TotalCap is the most passengers that may wait at all docks together.
	TotalCap = 24
	// RetireTicks is how long resolved passengers and events stay visible.
	RetireTicks = 60
	// DeferTicks is how long an arrival waits when no origin can take it.
	DeferTicks = 30
	// MaxDepartures is the count of waiting departures that ends the run.
	MaxDepartures = 5
	// MilestoneEvery is the delivery count whose every multiple pays a bonus.
	MilestoneEvery = 20
	// MilestonePoints is that bonus, paid outside the multiplier.
	MilestonePoints = 300
	// ExtraDeliveryPoints is added per delivery beyond the first of an exchange.
	ExtraDeliveryPoints = 40
	// maxOrigin is the longest run of consecutive passengers from one origin.
	maxOrigin = 3
)

// Dock ids.
const (
	BellQuay = iota
	Orchard
	Shellbank
	Lantern
	Windmill
)

// DockName is the display name of dock d, or "" for an unknown id.
func DockName(d int) string {
	switch d {
	case BellQuay:
		return "Bell Quay"
	case Orchard:
		return "Orchard"
	case Shellbank:
		return "Shellbank"
	case Lantern:
		return "Lantern"
	case Windmill:
		return "Windmill"
	}
	return ""
}

// FerryName is the display name of ferry f, or "" for an unknown id.
func FerryName(f int) string {
	switch f {
	case 0:
		return "Ferry A"
	case 1:
		return "Ferry B"
	}
	return ""
}

// Travel is the number of ticks a crossing from dock a to dock b takes:
// neighbours on the ring 0-1-2-3-4-0 are AdjacentTicks apart, any other
// distinct pair FarTicks. The ring is fixed whether or not a dock is open.
func Travel(a, b int) int {
	switch (b - a + NumDocks) % NumDocks {
	case 1, NumDocks - 1:
		return AdjacentTicks
	}
	return FarTicks
}

// Multiplier is the exchange multiplier a given streak earns.
func Multiplier(streak int) int {
	return min(3, 1+streak/8)
}

// basePoints is what delivering a passenger of kind k is worth.
func basePoints(k PassengerKind) int {
	switch k {
	case Courier:
		return 160
	case Cart:
		return 180
	}
	return 100
}

// patienceBonus is the delivery bonus for a rider with patience p of max m.
func patienceBonus(p, m int) int {
	switch {
	case p*3 >= m*2:
		return 40
	case p*3 >= m:
		return 20
	}
	return 0
}

// seatsOf is how many seats a passenger of kind k takes.
func seatsOf(k PassengerKind) int {
	if k == Cart {
		return 2
	}
	return 1
}

// tier gives, for passenger id, the interval range of an arrival batch that
// begins with it and a traveller's patience. The card counts passengers from
// one, so its tier starting at index 9 starts here at id 8.
func tier(id int) (lo, hi, patience int) {
	switch {
	case id >= 36:
		return 60, 81, 1920
	case id >= 24:
		return 75, 96, 1920
	case id >= 16:
		return 96, 120, 2040
	case id >= 8:
		return 105, 135, 2040
	}
	return 120, 150, 2160
}

// MaxPatience is the starting patience of passenger id of kind k.
func MaxPatience(k PassengerKind, id int) int {
	_, _, p := tier(id)
	switch k {
	case Courier:
		return p * 3 / 4
	case Cart:
		return p * 5 / 4
	}
	return p
}
