package transforms

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// progress prints one concise line, every two seconds at most, with how
// many elements each stage has done, while a pipeline runs in this process
// (prism, direct, or a loopback worker). It is off until a command turns it
// on with ShowProgress, so distributed workers and tests stay quiet; Beam's
// counters are the record that works everywhere.
var progress = &progressLine{every: 2 * time.Second}

// ShowProgress turns progress lines on, written to w (nil turns them off).
func ShowProgress(w io.Writer) {
	progress.mu.Lock()
	defer progress.mu.Unlock()
	progress.out = w
	progress.counts = map[string]int{}
	progress.order = nil
	progress.start = time.Now()
	progress.last = time.Time{}
}

type progressLine struct {
	mu     sync.Mutex
	out    io.Writer
	every  time.Duration
	start  time.Time
	last   time.Time
	counts map[string]int
	order  []string // stages in the order they first reported
	units  map[string]string
}

// tick counts one element done by stage and prints the progress line when
// the last one is more than every old.
func (p *progressLine) tick(stage, unit string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.out == nil {
		return
	}
	if _, ok := p.counts[stage]; !ok {
		p.order = append(p.order, stage)
		if p.units == nil {
			p.units = map[string]string{}
		}
		p.units[stage] = unit
	}
	p.counts[stage]++
	now := time.Now()
	if now.Sub(p.last) < p.every {
		return
	}
	p.last = now
	fmt.Fprintf(p.out, "  %6.1fs", now.Sub(p.start).Seconds())
	for i, st := range p.order {
		sep := "  "
		if i > 0 {
			sep = " · "
		}
		fmt.Fprintf(p.out, "%s%s %d %s", sep, st, p.counts[st], p.units[st])
	}
	fmt.Fprintln(p.out)
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
