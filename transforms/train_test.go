package transforms

import (
	"runtime"
	"sync"
	"testing"
	"time"
)

// TestTrainingSlot checks that the training sets a worker process trains
// at once use GOMAXPROCS goroutines between them, not GOMAXPROCS each:
// several sets asking for the slot together are trained one after
// another, each on every core. It fails if both levels go parallel (sets
// side by side, each fitting on all cores) or if a set fits on fewer
// cores than there are.
func TestTrainingSlot(t *testing.T) {
	procs := runtime.GOMAXPROCS(0)
	var (
		mu          sync.Mutex
		inUse, peak int
		wg          sync.WaitGroup
	)
	for range 4 {
		wg.Go(func() {
			workers, release := trainingSlot()
			defer release()
			mu.Lock()
			inUse += workers
			peak = max(peak, inUse)
			mu.Unlock()
			time.Sleep(20 * time.Millisecond) // the fit
			mu.Lock()
			inUse -= workers
			mu.Unlock()
		})
	}
	wg.Wait()
	if peak != procs {
		t.Errorf("training sets used %d goroutines at once, want GOMAXPROCS = %d", peak, procs)
	}
}
