// Package hygiene holds tests of the repository itself rather than of any
// package: what may be tracked in git. It has no code of its own.
package hygiene
