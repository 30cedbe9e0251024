// Package parallel runs the iterations of a loop on several goroutines.
package parallel

import "sync"

// For calls f(i) for every i in [0, n) on up to workers goroutines (at
// least one), each taking the next i in increasing order, and returns the
// error of the lowest i that failed, so that the error does not depend on
// the goroutines' timing. Every f(i) is called, failed or not.
func For(n, workers int, f func(i int) error) error {
	errs := make([]error, n)
	next := make(chan int, n)
	for i := range n {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range min(max(workers, 1), max(n, 1)) {
		wg.Go(func() {
			for i := range next {
				errs[i] = f(i)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
