package process

import (
	"errors"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestTrainingSlot checks that the trainings a process runs at once use
// GOMAXPROCS goroutines between them, not GOMAXPROCS each: several
// trainings asking for the slot together run one after another, each on
// every core. It fails if both levels go parallel (trainings side by side,
// each on all cores) or if a training gets fewer cores than there are.
func TestTrainingSlot(t *testing.T) {
	procs := runtime.GOMAXPROCS(0)
	var (
		mu          sync.Mutex
		inUse, peak int
		wg          sync.WaitGroup
	)
	for range 4 {
		wg.Go(func() {
			workers, release := TrainingSlot()
			defer release()
			mu.Lock()
			inUse += workers
			peak = max(peak, inUse)
			mu.Unlock()
			time.Sleep(20 * time.Millisecond) // the fit
			mu.Lock()
			inUse -= workers
			mu.Unlock()
			release() // released early, as a training does before it summarizes
		})
	}
	wg.Wait()
	if peak != procs {
		t.Errorf("trainings used %d goroutines at once, want GOMAXPROCS = %d", peak, procs)
	}
}

// TestCache checks that goroutines asking at once for the value of the
// same key get one value, built once while the others wait, that other
// keys get their own, built side by side, and that a failed build is not
// kept.
func TestCache(t *testing.T) {
	var cache Cache[string]
	var builds atomic.Int64
	keys := []Key{KeyOf([]byte("settings"), []byte("counts")), KeyOf([]byte("settings"), []byte("other counts")), KeyOf([]byte("other settings"), []byte("counts")), KeyOf([]byte("settings"), []byte("counts"))}
	var wg sync.WaitGroup
	got := make([]*string, 16)
	for i := range got {
		wg.Go(func() {
			v, err := cache.Get(keys[i%4], func() (*string, error) {
				builds.Add(1)
				time.Sleep(50 * time.Millisecond) // long enough for every request to come meanwhile
				s := string(keys[i%4][:])
				return &s, nil
			})
			if err != nil {
				t.Error(err)
			}
			got[i] = v
		})
	}
	wg.Wait()
	for i := range got {
		if want := got[i%4]; got[i] != want {
			t.Errorf("request %d got another value than request %d", i, i%4)
		}
	}
	if got[0] == got[1] || got[0] == got[2] || got[1] == got[2] {
		t.Error("different keys share a value")
	}
	if got[0] != got[3] {
		t.Error("the same key got two values")
	}
	if n := builds.Load(); n != 3 {
		t.Errorf("%d builds for 3 distinct keys", n)
	}
	failed := errors.New("no value")
	bad := KeyOf([]byte("bad"))
	if _, err := cache.Get(bad, func() (*string, error) { return nil, failed }); err != failed {
		t.Errorf("a failed build gave %v", err)
	}
	s := "built"
	if v, err := cache.Get(bad, func() (*string, error) { return &s, nil }); err != nil || v != &s {
		t.Errorf("after a failed build, got %v, %v: the failure was kept", v, err)
	}
}

// TestKeyOf checks that lists of parts with the same bytes in all get
// different keys.
func TestKeyOf(t *testing.T) {
	lists := [][][]byte{{[]byte("ab"), []byte("c")}, {[]byte("a"), []byte("bc")}, {[]byte("abc")}, {[]byte("a\x00"), []byte("b")}, {[]byte("a"), []byte("\x00b")}, {}, {nil}}
	seen := map[Key]int{}
	for i, parts := range lists {
		k := KeyOf(parts...)
		if j, ok := seen[k]; ok {
			t.Errorf("parts %q and %q share a key", lists[j], parts)
		}
		seen[k] = i
	}
}

// TestAlongside checks that both functions run, at once, and that each
// error comes back on its side.
func TestAlongside(t *testing.T) {
	a, b := errors.New("a"), errors.New("b")
	started := make(chan struct{})
	bgErr, fgErr := Alongside(func() error { <-started; return a }, func() error { close(started); return b })
	if bgErr != a || fgErr != b {
		t.Errorf("Alongside gave %v, %v; want a, b", bgErr, fgErr)
	}
}

// TestCachePanickingBuild checks that the calls waiting for a build that
// panics get an error instead of waiting for ever, and that the key can
// be built again.
func TestCachePanickingBuild(t *testing.T) {
	var cache Cache[int]
	key := KeyOf([]byte("panics"))
	started, waiting := make(chan struct{}), make(chan error, 1)
	go func() {
		defer func() { _ = recover() }()
		_, _ = cache.Get(key, func() (*int, error) {
			close(started)
			time.Sleep(50 * time.Millisecond) // the other call comes meanwhile
			panic("build failed")
		})
	}()
	<-started
	go func() {
		_, err := cache.Get(key, func() (*int, error) { n := 1; return &n, nil })
		waiting <- err
	}()
	select {
	case err := <-waiting:
		if err != nil && !errors.Is(err, errBuildPanicked) {
			t.Errorf("the waiting call got %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the waiting call still waits for the build that panicked")
	}
	n := 2
	if v, err := cache.Get(key, func() (*int, error) { return &n, nil }); err != nil || v == nil {
		t.Errorf("after the panic the key gives %v, %v", v, err)
	}
}

// TestAlongsidePanic checks that a panic of the background function comes
// back as its error.
func TestAlongsidePanic(t *testing.T) {
	bgErr, fgErr := Alongside(func() error { panic("background") }, func() error { return nil })
	if bgErr == nil || !strings.Contains(bgErr.Error(), "background") || fgErr != nil {
		t.Errorf("Alongside gave %v, %v; want the panic as the background's error", bgErr, fgErr)
	}
}
