package progressline

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock a test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time      { return c.t }
func (c *fakeClock) add(d time.Duration) { c.t = c.t.Add(d) }
func plain(buf *bytes.Buffer, totals map[string]int) (*Line, *fakeClock) {
	c := &fakeClock{t: time.Unix(1000, 0)}
	l := Start(buf, Options{Totals: totals})
	l.now, l.start = c.now, c.now()
	return l, c
}

// TestPlainLines checks the lines printed off a terminal: one when a stage
// starts or reaches its total, at most one every ten seconds between, each
// with counts of totals and the current stage's estimate first.
func TestPlainLines(t *testing.T) {
	var buf bytes.Buffer
	l, clock := plain(&buf, map[string]int{"align": 4, "load": 2, "train": 33})
	l.Tick("load", "pairs") // starts: a line
	clock.add(time.Second)
	l.Tick("align", "pairs") // starts: a line
	for range 2 {
		clock.add(time.Second)
		l.Tick("align", "pairs") // within ten seconds: none
	}
	clock.add(11 * time.Second)
	l.Tick("load", "pairs") // ten seconds on: a line
	clock.add(time.Second)
	l.Tick("align", "pairs") // reaches its total: a line
	lines := strings.Split(strings.TrimRight(buf.String(), "\n"), "\n")
	want := []string{
		"  0s · load 1/2 pairs",
		"  1s · align 1/4 pairs · load 1/2 pairs",
		"  14s · load 2/2 pairs · align 3/4 pairs",
		"  15s · align 4/4 pairs · done: load",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("lines:\n%s\nwant:\n%s", buf.String(), strings.Join(want, "\n"))
	}
	if got := l.Counts(); got["align"] != 4 || got["load"] != 2 {
		t.Errorf("Counts() = %v", got)
	}
}

// TestEstimate checks the time left of the current stage: its rate so far
// times what remains of its total, from two seconds in.
func TestEstimate(t *testing.T) {
	var buf bytes.Buffer
	l, clock := plain(&buf, map[string]int{"train": 30})
	l.Tick("train", "models")
	clock.add(time.Second)
	if got := l.text(); strings.Contains(got, "left") {
		t.Errorf("an estimate after one second: %q", got)
	}
	for range 9 {
		l.Tick("train", "models")
	}
	clock.add(9 * time.Second)
	if got, want := l.text(), "  10s · train 10/30 models, about 20s left"; got != want {
		t.Errorf("text() = %q, want %q", got, want)
	}
}

// TestTerminalLine checks the line on a terminal: redrawn in place (a
// carriage return, the rest of the line cleared, no newline), cut to the
// width, the clock running while no stage reports, and cleared by Stop.
func TestTerminalLine(t *testing.T) {
	var buf syncBuffer
	l := Start(&buf, Options{Terminal: true, Width: 40, Every: 5 * time.Millisecond, Totals: map[string]int{"featurize": 245}})
	for range 3 {
		l.Tick("featurize", "books")
		l.Tick("a-stage-with-a-long-name", "things")
	}
	time.Sleep(60 * time.Millisecond)
	l.Stop()
	l.Stop() // a second Stop does nothing
	out := buf.String()
	if strings.Contains(out, "\n") {
		t.Errorf("a newline on the terminal line: %q", out)
	}
	draws := strings.Split(strings.TrimPrefix(out, "\r"), "\r")
	if len(draws) < 3 || draws[len(draws)-1] != "\033[K" {
		t.Fatalf("want several draws and a last clear, got %q", out)
	}
	first := strings.TrimSuffix(draws[0], "\033[K")
	if !strings.HasPrefix(first, "  0s · a-stage-with-a-long-name 3 ") || len([]rune(first)) != 39 || !strings.HasSuffix(first, "…") {
		t.Errorf("draw %q: want the latest stage first, cut to 39 runes ending in …", first)
	}
	l.Tick("featurize", "books") // after Stop: counted, not shown
	if buf.String() != out || l.Counts()["featurize"] != 4 {
		t.Errorf("a Tick after Stop wrote %q, counts %v", strings.TrimPrefix(buf.String(), out), l.Counts())
	}
}

func TestClockAndCut(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{{0, "0s"}, {59400 * time.Millisecond, "59s"}, {61 * time.Second, "1m01s"}, {3723 * time.Second, "62m03s"}} {
		if got := clock(tc.d); got != tc.want {
			t.Errorf("clock(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
	if got := cut("ééééé", 3); got != "éé…" {
		t.Errorf("cut = %q", got)
	}
	if got := cut("abc", 3); got != "abc" {
		t.Errorf("cut = %q", got)
	}
}

// A nil Line, as a command that shows no progress holds, does nothing.
func TestNilLine(t *testing.T) {
	var l *Line
	l.Tick("x", "y")
	l.Stop()
}

// syncBuffer is a bytes.Buffer safe for the redrawing goroutine.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
