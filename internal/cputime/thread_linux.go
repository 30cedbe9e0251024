package cputime

import (
	"syscall"
	"time"
)

// rusageThread is Linux's RUSAGE_THREAD of getrusage(2).
const rusageThread = 1

// Thread returns the CPU time (user and system) the calling OS thread has
// used so far. Lock the goroutine to its thread (runtime.LockOSThread)
// around the work it times.
func Thread() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
