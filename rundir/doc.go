// Package rundir owns a run's output directory: what --out may name
// (CheckOut), the input directories that must lie outside it (CheckDirs),
// the run marker run.json, which says which settings and inputs made the
// outputs and whether the run finished, and the lock run.lock, which keeps
// two runs from writing into one directory at once. Decide applies the
// rules of --out; Open and Finish are the directory's lifecycle around a
// run (lock, clear, mark started, mark finished, unlock); StartReport and
// FinishReport build the HTML report aside and put it in place whole. Its
// paths are layout.Out's, read and written through internal/store, so
// that the directory may be local or on gs://.
package rundir
