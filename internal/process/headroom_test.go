package process

import (
	"runtime"
	"runtime/debug"
	"sync/atomic"
	"testing"
	"time"
)

func TestHeadroomPercent(t *testing.T) {
	const g = 1 << 30
	tests := []struct {
		live, headroom uint64
		want           int
	}{
		{0, g, 100},
		{g / 2, g, 100},
		{g, g, 100},
		{2 * g, g, 50},
		{3 * g, g, 33},
		{4 * g, g, 25},
		{40 * g, g, MinGCPercent},
		{1, 0, MinGCPercent},
		{^uint64(0), g, MinGCPercent},
		{^uint64(0), ^uint64(0), 100},
	}
	for _, tt := range tests {
		if got := HeadroomPercent(tt.live, tt.headroom); got != tt.want {
			t.Errorf("HeadroomPercent(%d, %d) = %d, want %d", tt.live, tt.headroom, got, tt.want)
		}
	}
}

// TestKeepHeadroom checks that a live heap above the headroom lowers GOGC
// after a collection, and that stop restores the GOGC it found.
func TestKeepHeadroom(t *testing.T) {
	before := debug.SetGCPercent(80)
	defer debug.SetGCPercent(before)
	block := make([]byte, 32<<20)
	stop := KeepHeadroom(8<<20, time.Millisecond)
	var got int
	for range 200 {
		runtime.GC()
		time.Sleep(2 * time.Millisecond)
		if got = debug.SetGCPercent(-1); got < 100 {
			debug.SetGCPercent(got)
			break
		}
		debug.SetGCPercent(got)
	}
	runtime.KeepAlive(block)
	if got >= 80 || got < MinGCPercent {
		t.Errorf("GOGC %d with 32 MB live and 8 MB of headroom; want between %d and 80", got, MinGCPercent)
	}
	stop()
	stop()
	if p := debug.SetGCPercent(80); p != 80 {
		t.Errorf("GOGC %d after stop, want the 80 it found", p)
	}
}

// TestEvery checks that Every calls f until stopped, and not after.
func TestEvery(t *testing.T) {
	var calls atomic.Int64
	stop := Every(time.Millisecond, func() { calls.Add(1) })
	for calls.Load() < 3 {
		time.Sleep(time.Millisecond)
	}
	stop()
	stop()
	n := calls.Load()
	time.Sleep(10 * time.Millisecond)
	if calls.Load() != n {
		t.Errorf("f called %d times after stop", calls.Load()-n)
	}
}
