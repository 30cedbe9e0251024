package transforms

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// progress prints a concise progress line per stage while a pipeline runs in
// this process (prism, direct, or a loopback worker). It is off until a
// command turns it on with ShowProgress, so distributed workers and tests
// stay quiet; Beam's counters are the record that works everywhere.
var progress = &progressLine{every: 2 * time.Second}

// ShowProgress turns progress lines on, written to w (nil turns them off).
func ShowProgress(w io.Writer) {
	progress.mu.Lock()
	defer progress.mu.Unlock()
	progress.out = w
	progress.counts = map[string]int{}
	progress.last = map[string]time.Time{}
	progress.start = time.Now()
}

type progressLine struct {
	mu     sync.Mutex
	out    io.Writer
	every  time.Duration
	start  time.Time
	counts map[string]int
	last   map[string]time.Time
}

// tick counts one element done by stage and prints "stage: n unit" when the
// stage last printed more than every ago (or never).
func (p *progressLine) tick(stage, unit string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.out == nil {
		return
	}
	p.counts[stage]++
	now := time.Now()
	if now.Sub(p.last[stage]) < p.every && p.counts[stage] > 1 {
		return
	}
	p.last[stage] = now
	fmt.Fprintf(p.out, "  %6.1fs  %-18s %d %s\n", now.Sub(p.start).Seconds(), stage, p.counts[stage], unit)
}

// Progress returns how many elements each stage has done so far in this
// process.
func Progress() map[string]int {
	progress.mu.Lock()
	defer progress.mu.Unlock()
	out := make(map[string]int, len(progress.counts))
	for k, v := range progress.counts {
		out[k] = v
	}
	return out
}
