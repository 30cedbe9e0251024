//go:build unix

// Package cputime reads the CPU time this process has used, for the
// benchmarks that report it beside the wall clock: on a machine shared
// with other work, the truer measure of a benchmark's cost.
package cputime

import (
	"syscall"
	"time"
)

// Process returns the CPU time (user and system) this process has used so
// far, its GC included.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
