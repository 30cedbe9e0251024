package transforms

import (
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/bookalign/bookalign/classify"
)

// TestTrainingSlot checks that the models a worker process trains at once
// use GOMAXPROCS goroutines between them, not GOMAXPROCS each: several
// models asking for the slot together are trained one after another, each
// on every core. It fails if both levels go parallel (models side by side,
// each fitting on all cores) or if a model fits on fewer cores than there
// are.
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
		t.Errorf("models used %d goroutines at once, want GOMAXPROCS = %d", peak, procs)
	}
}

// TestModelKey checks that a model's key gives back its method and
// training set, "all books" and a method of a variant included, and that
// the keys of the models of different methods or sets differ.
func TestModelKey(t *testing.T) {
	seen := map[string]bool{}
	for _, method := range []string{"passage", "token", "jing", "passage-paper"} {
		for _, set := range []int{0, 1, 10, classify.AllBooks} {
			key := modelKey(method, set)
			if seen[key] {
				t.Errorf("%s on set %d: key %q is another model's", method, set, key)
			}
			seen[key] = true
			m, s, err := parseModelKey(key)
			if err != nil || m != method || s != set {
				t.Errorf("parseModelKey(%q) = %q, %d, %v; want %q, %d", key, m, s, err, method, set)
			}
		}
	}
	for _, bad := range []string{"passage", "passage/", "passage/x"} {
		if _, _, err := parseModelKey(bad); err == nil {
			t.Errorf("parseModelKey(%q) accepted a key with no training set", bad)
		}
	}
}
