package process

import (
	"fmt"
	"runtime"

	"github.com/bookalign/bookalign/internal/parallel"
)

// Cores is the number of goroutines that keep the process's cores busy
// (GOMAXPROCS).
func Cores() int { return runtime.GOMAXPROCS(0) }

// OnCores calls f(i) for every i in [0, n) on every core, and returns the
// error of the lowest i that failed (parallel.For): for an element that is
// all its stage does meanwhile, or whose items are a pass each over data
// of their own.
func OnCores(n int, f func(i int) error) error {
	return parallel.For(n, Cores(), f)
}

// Alongside runs background on a goroutine of its own while foreground
// runs on the caller's, and returns both errors once both are done: for
// two passes of a core each over data of their own. A panic of background
// is returned as its error, not left to end the process: the runner
// recovers only the panics of the goroutine that called the DoFn.
func Alongside(background, foreground func() error) (backgroundErr, foregroundErr error) {
	done := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- fmt.Errorf("panic: %v", r)
			}
		}()
		done <- background()
	}()
	foregroundErr = foreground()
	return <-done, foregroundErr
}
