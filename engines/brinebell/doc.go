// Package brinebell is the rules engine of Brinebell, a one-player ferry
// simulation: passengers appear at island docks, the player routes two
// ferries around a five-dock ring, and deliveries score points.
//
// The engine is pure: State holds the whole game, Apply changes it one
// action at a time, and every random choice comes from package rng seeded
// with the run's seed. Future arrivals and the random state are private;
// the exported accessors show only what a player may observe.
//
// Ids are zero based everywhere: docks 0..4 are Bell Quay, Orchard,
// Shellbank, Lantern and Windmill, ferry 0 is Ferry A and ferry 1 is
// Ferry B, and passenger id n is the (n+1)-th passenger of the run. The
// arrival generator and every decision the rule card leaves open are
// described in docs/brinebell.md.
package brinebell
