package process

import (
	"sync"
	"time"
)

// Every calls f every d on a goroutine of its own until the function it
// returns is called, which waits for a call under way to end; calling it
// again does nothing.
func Every(d time.Duration, f func()) (stop func()) {
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(d)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				f()
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(quit)
			<-done
		})
	}
}
