// Package mutation proves the conformance suite: its tests wrap this
// bundle's own server in deliberately broken variants (mutants), each
// changing one rule or one protocol promise, and require the protocol and
// rules levels, without golden files, to fail every one of them, while
// the unbroken server passes. A checker that passes a mutant is a bug in
// the checker.
package mutation
