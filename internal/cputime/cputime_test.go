package cputime

import (
	"runtime"
	"testing"
)

// TestProcess checks that the CPU time grows with work, where it is
// measured.
func TestProcess(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("not measured here")
	}
	start := Process()
	x := 0
	for i := range 50_000_000 {
		x ^= i * i
	}
	if Process() <= start {
		t.Errorf("no CPU time counted for a busy loop (%d)", x)
	}
}

// TestThread checks that the thread's CPU time grows with work on it,
// where it is measured.
func TestThread(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("not measured here")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := Thread()
	x := 0
	for i := range 50_000_000 {
		x ^= i * i
	}
	if Thread() <= start {
		t.Errorf("no CPU time counted for a busy loop (%d)", x)
	}
}
