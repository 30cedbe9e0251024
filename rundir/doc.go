// Package rundir keeps a run's output directory honest: the run marker
// run.json says which settings and inputs made the outputs and whether the
// run finished, and the lock run.lock keeps two runs from writing into one
// directory at once. Decide applies the rules of --out; Open and Finish
// are the directory's lifecycle around a run (lock, clear, mark started,
// mark finished, unlock), reading and writing through internal/store, so
// that the directory may be local or on gs://.
package rundir
