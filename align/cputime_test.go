package align

import (
	"syscall"
	"time"
)

// rusageThread is RUSAGE_THREAD of Linux getrusage(2).
const rusageThread = 1

// threadCPU returns the CPU time (user and system) of the calling OS thread:
// on a machine shared with other work, a truer measure of an aligner's cost
// than the wall clock. The goroutine must be locked to its thread
// (runtime.LockOSThread) between two readings.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
