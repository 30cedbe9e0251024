// Package rundir keeps a run's output directory honest: the run marker
// run.json says which settings and inputs made the outputs and whether the
// run finished, and the lock run.lock keeps two runs from writing into one
// directory at once. It decides; the caller reads and writes the files
// (locally or on gs://, through Beam's filesystems in bookalign).
package rundir
