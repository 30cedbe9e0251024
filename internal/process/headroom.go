package process

import (
	"runtime/debug"
	"sync"
	"time"
)

// MinGCPercent is the least GOGC that KeepHeadroom sets: above a live heap
// of 100/MinGCPercent times the headroom the headroom grows with it again,
// so that a huge heap is not collected without pause.
const MinGCPercent = 25

// KeepHeadroom bounds the garbage collector's headroom, how far the heap
// may grow past its live data before the next collection, to about
// headroom bytes: Go's default (GOGC 100) lets a heap of live data L grow
// to 2L, so the process's peak is twice its largest live heap. After each
// collection it sets GOGC to 100 when the live heap is at most headroom,
// otherwise to 100·headroom/live (at least MinGCPercent), never above the
// GOGC it found. A process whose live heap stays below headroom runs as
// with the default: no collection more. It checks every `every` and
// returns the function that stops it and restores the GOGC it found.
//
// The collections it adds cost CPU only while the live heap is large, and
// little per byte there: most of a large heap of bookalign is pointer-free
// slices (features, rows), which the collector marks without scanning.
func KeepHeadroom(headroom uint64, every time.Duration) (stop func()) {
	k := &headroomKeeper{headroom: headroom}
	k.initial = debug.SetGCPercent(100)
	debug.SetGCPercent(k.initial)
	k.percent = k.initial
	if k.initial < 0 { // the collector is off: nothing to bound
		return func() {}
	}
	stopCheck := Every(every, k.check)
	var once sync.Once
	return func() {
		once.Do(func() {
			stopCheck()
			debug.SetGCPercent(k.initial)
		})
	}
}

// headroomKeeper is the state of KeepHeadroom.
type headroomKeeper struct {
	headroom uint64
	initial  int // the GOGC found, restored by stop
	percent  int // the GOGC set
	cycles   uint64
}

// check sets GOGC after a collection it has not seen.
func (k *headroomKeeper) check() {
	h := ReadHeap()
	if h.Cycles == 0 || h.Cycles == k.cycles { // no collection since, or no metrics
		return
	}
	k.cycles = h.Cycles
	if p := min(k.initial, HeadroomPercent(h.Live, k.headroom)); p != k.percent {
		debug.SetGCPercent(p)
		k.percent = p
	}
}

// HeadroomPercent is the GOGC that lets a live heap of live bytes grow by
// about headroom bytes: 100 up to a live heap of headroom, then
// 100·headroom/live, at least MinGCPercent.
func HeadroomPercent(live, headroom uint64) int {
	if live <= headroom {
		return 100
	}
	return max(MinGCPercent, int(100*float64(headroom)/float64(live)))
}
