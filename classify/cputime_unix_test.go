//go:build unix

package classify

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) this process has used,
// its GC included: on a machine shared with other work, a truer measure of
// a benchmark's cost than the wall clock.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
