// Package hygiene holds tests of the repository itself rather than of any
// package: what may be tracked in git, and what the README and CI run. Its
// one helper, Untouched, lets a test that runs ./run.sh check that it wrote
// nothing into the checkout.
package hygiene
