package main

import (
	"strings"
	"testing"
)

// TestTrainByMethod checks when a run trains each model as an element of
// its own: only on a runner out of process with more workers than training
// sets, or a number of workers it is not told.
func TestTrainByMethod(t *testing.T) {
	for _, c := range []struct {
		name        string
		inProcess   bool
		parallelism int
		sets        int
		want        bool
	}{
		{"prism, parallelism not given", true, -1, 11, false},
		{"prism, parallelism given", true, 64, 11, false},
		{"cluster, parallelism not given", false, -1, 11, true},
		{"cluster, 2 workers, 11 sets", false, 2, 11, false},
		{"cluster, as many workers as sets", false, 11, 11, false},
		{"cluster, one worker more than sets", false, 12, 11, true},
		{"cluster, 2 workers, a test corpus (1 set)", false, 2, 1, true},
		{"cluster, 1 worker, a test corpus", false, 1, 1, false},
		{"cluster, nothing trained", false, 2, 0, true},
	} {
		if got := trainByMethod(c.inProcess, c.parallelism, c.sets); got != c.want {
			t.Errorf("%s: trainByMethod(%v, %d, %d) = %v, want %v", c.name, c.inProcess, c.parallelism, c.sets, got, c.want)
		}
	}
}

// TestParallelismOutOfRange checks that run refuses a --parallelism no
// runner can use before it reads anything.
func TestParallelismOutOfRange(t *testing.T) {
	for _, p := range []string{"0", "-2"} {
		_, stderr, code := bookalign(t, "run", "--corpus", t.TempDir(), "--out", t.TempDir()+"/out", "--parallelism", p)
		if code == 0 || !strings.Contains(stderr, "--parallelism "+p+": want 1 or more workers") {
			t.Errorf("--parallelism %s: exit %d, stderr %q; want a refusal naming it", p, code, stderr)
		}
	}
	_, stderr, code := bookalign(t, "run", "--corpus", t.TempDir(), "--out", t.TempDir()+"/out", "--parallelism", "two")
	if code == 0 || !strings.Contains(stderr, "parallelism") {
		t.Errorf("--parallelism two: exit %d, stderr %q; want a parse error naming it", code, stderr)
	}
}
