package transforms

import (
	"runtime"
	"slices"
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

// TestTrainKey checks that a training key gives back its methods and
// training set, "all books" and a method of a variant included, and that
// the keys of different methods or sets differ.
func TestTrainKey(t *testing.T) {
	seen := map[string]bool{}
	for _, methods := range [][]string{{"passage"}, {"token"}, {"jing"}, {"passage-paper"}, {"passage", "token", "jing"}, {"token", "jing"}} {
		for _, set := range []int{0, 1, 10, classify.AllBooks} {
			key := trainKey(methods, set)
			if seen[key] {
				t.Errorf("%v on set %d: key %q is another's", methods, set, key)
			}
			seen[key] = true
			m, s, err := parseTrainKey(key)
			if err != nil || !slices.Equal(m, methods) || s != set {
				t.Errorf("parseTrainKey(%q) = %q, %d, %v; want %q, %d", key, m, s, err, methods, set)
			}
		}
	}
	for _, bad := range []string{"passage", "passage/", "passage/x", "/3", "passage,,jing/3", "passage,/3"} {
		if _, _, err := parseTrainKey(bad); err == nil {
			t.Errorf("parseTrainKey(%q) accepted a key with no method or no training set", bad)
		}
	}
}
