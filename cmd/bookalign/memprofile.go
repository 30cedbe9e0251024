package main

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"sync"
	"time"

	"github.com/bookalign/bookalign/internal/process"
)

// heapPeak is what a heap profiler saw: the largest live heap after a
// garbage collection, when it was seen (since the profiler started), and
// the largest heap goal, the size the heap was allowed to grow to before
// the next collection (the live heap and its GC headroom).
type heapPeak struct {
	Live, Goal uint64
	At         time.Duration
}

// String is the peak as --memprofile reports it.
func (p heapPeak) String() string {
	return fmt.Sprintf("largest live heap %.0f MB (after the GC at %.0f s), largest heap goal %.0f MB",
		float64(p.Live)/1e6, p.At.Seconds(), float64(p.Goal)/1e6)
}

// heapProfiler keeps in a file the heap profile of the process at its
// largest live heap: every tick it reads the live heap the last garbage
// collection left, and after each collection the heap profile, which it
// writes over the file when the profile holds more than the one in the
// file (sample). With prism or direct the workers run in this process,
// and the profile covers them.
type heapProfiler struct {
	f     *os.File
	start time.Time

	mu      sync.Mutex
	peak    heapPeak
	cycles  uint64 // the collections when the profile was last looked at
	written int64  // the bytes in use of the profile in the file (profiledInUse)
	err     error

	stopSampling func()
}

// startHeapProfile starts a heapProfiler writing to path, looking every
// `every`, and returns the function that stops it, closes the file and
// returns the peak it saw. The file is created and a first profile written
// at once, so that an unusable path fails before the run. With an empty
// path nothing is profiled and stop does nothing.
func startHeapProfile(path string, every time.Duration) (stop func() (heapPeak, error), err error) {
	if path == "" {
		return func() (heapPeak, error) { return heapPeak{}, nil }, nil
	}
	if every <= 0 {
		return nil, fmt.Errorf("--memprofile: sampling interval %v must be positive", every)
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("--memprofile: %w", err)
	}
	h := &heapProfiler{f: f, start: time.Now()}
	h.sample(true)
	if h.err != nil {
		f.Close()
		return nil, h.err
	}
	h.stopSampling = process.Every(every, func() { h.sample(false) })
	return h.stop, nil
}

// sample reads the heap metrics and, after each garbage collection, the
// bytes in use that the heap profile holds: when they are 1% above those of
// the profile in the file, or when force is set, it writes the profile
// over the file. The profile, not the live heap, decides: it lags the
// collections by one or two (runtime.MemProfile), so the profile at the
// largest live heap is the largest profile, a collection or two later.
// The first error stops the writing; stop returns it.
func (h *heapProfiler) sample(force bool) {
	heap := process.ReadHeap()
	live, goal, cycles := heap.Live, heap.Goal, heap.Cycles
	h.mu.Lock()
	defer h.mu.Unlock()
	h.peak.Goal = max(h.peak.Goal, goal)
	if live > h.peak.Live {
		h.peak.Live, h.peak.At = live, time.Since(h.start)
	}
	if h.err != nil || !(force || cycles != h.cycles) {
		return
	}
	h.cycles = cycles
	inuse := profiledInUse()
	if !force && inuse <= h.written+h.written/100 {
		return
	}
	var b bytes.Buffer
	if err := pprof.Lookup("heap").WriteTo(&b, 0); err != nil {
		h.err = fmt.Errorf("--memprofile: %w", err)
		return
	}
	if err := rewrite(h.f, b.Bytes()); err != nil {
		h.err = fmt.Errorf("--memprofile: %w", err)
		return
	}
	h.written = inuse
}

// profiledInUse is the sum of the bytes in use of the heap profile's
// records, as sampled (not scaled up to the heap): a measure to compare
// profiles by.
func profiledInUse() int64 {
	var recs []runtime.MemProfileRecord
	n, _ := runtime.MemProfile(nil, false)
	for {
		recs = make([]runtime.MemProfileRecord, n+50)
		var ok bool
		if n, ok = runtime.MemProfile(recs, false); ok {
			break
		}
	}
	var sum int64
	for _, r := range recs[:n] {
		sum += r.InUseBytes()
	}
	return sum
}

// rewrite replaces the contents of f with b.
func rewrite(f *os.File, b []byte) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err := f.WriteAt(b, 0)
	return err
}

// stop ends the sampling, takes a last sample and closes the file.
func (h *heapProfiler) stop() (heapPeak, error) {
	h.stopSampling()
	h.sample(false)
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := h.f.Close(); err != nil && h.err == nil {
		h.err = fmt.Errorf("--memprofile: %w", err)
	}
	return h.peak, h.err
}
