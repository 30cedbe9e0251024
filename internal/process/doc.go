// Package process holds the process-wide resources that bookalign's DoFns
// share: the process's cores (OnCores, Alongside), its one training slot
// (TrainingSlot) and a cache of values built from the same bytes (Cache).
//
// Every runner calls the DoFns in some Go process: prism and the direct
// runner in the bookalign process that launched the pipeline; a cluster
// (Dataflow, Flink, a portable job server's workers) in each of its worker
// processes. Any of them may run several bundles of a process at once, of
// one stage or of several: prism splits a bundle that makes no progress, a
// cluster's worker runs a bundle per thread. The state here is a process's:
// every bundle that runs in the process shares it, and no process sees
// another's, so a worker never waits on another worker.
//
// That is safe because the state decides only when work runs and what is
// kept in memory, never what a result is: a cached value is the one any
// bundle would build from the same bytes, and a fit gives the same model on
// any number of cores (classify sums its objective over fixed chunks).
// Nothing here outlives its use: the cache holds its values weakly, and a
// slot is released by the element that took it.
package process
