package progressline

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// Options say how a Line is shown.
type Options struct {
	// Terminal rewrites one line in place; otherwise plain lines are
	// printed.
	Terminal bool
	// Width is the terminal's width in characters; 0 means 100.
	Width int
	// Totals are the most elements each stage will do, by stage name.
	Totals map[string]int
	// Every is how often a terminal line is redrawn (default 1 s) or, for
	// plain lines, the least time between two lines that report no stage
	// starting or ending (default 10 s).
	Every time.Duration
}

// A Line counts the elements each stage has done and shows them. Its
// methods may be called from any goroutine.
type Line struct {
	mu      sync.Mutex
	out     io.Writer
	opts    Options
	start   time.Time
	printed time.Time // when the last plain line was printed
	stages  []*stage  // in the order they first reported
	byName  map[string]*stage
	latest  *stage // the stage that reported last
	stop    chan struct{}
	stopped sync.WaitGroup
	now     func() time.Time
}

// stage is one stage's count.
type stage struct {
	name, unit    string
	done, total   int
	first, latest time.Time
}

// Start returns a Line that writes to w and, on a terminal, redraws itself
// until Stop.
func Start(w io.Writer, opts Options) *Line {
	if opts.Width <= 0 {
		opts.Width = 100
	}
	if opts.Every <= 0 {
		opts.Every = time.Second
		if !opts.Terminal {
			opts.Every = 10 * time.Second
		}
	}
	l := &Line{out: w, opts: opts, byName: map[string]*stage{}, stop: make(chan struct{}), now: time.Now}
	l.start = l.now()
	if opts.Terminal {
		l.stopped.Add(1)
		go l.redraw()
	}
	return l
}

// redraw draws the terminal line every opts.Every, so that the time runs
// on while no stage reports, until Stop.
func (l *Line) redraw() {
	defer l.stopped.Done()
	t := time.NewTicker(l.opts.Every)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
			l.mu.Lock()
			l.draw()
			l.mu.Unlock()
		}
	}
}

// Tick counts one element done by the stage named, whose elements are
// units ("pairs", "models").
func (l *Line) Tick(name, unit string) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	st := l.byName[name]
	started := st == nil
	if started {
		st = &stage{name: name, unit: unit, total: l.opts.Totals[name], first: now}
		l.stages = append(l.stages, st)
		l.byName[name] = st
	}
	st.done++
	st.latest = now
	l.latest = st
	if l.opts.Terminal {
		return // redraw shows it
	}
	if started || st.done == st.total || now.Sub(l.printed) >= l.opts.Every {
		l.printed = now
		fmt.Fprintln(l.out, l.text())
	}
}

// Counts returns how many elements each stage has done so far.
func (l *Line) Counts() map[string]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make(map[string]int, len(l.stages))
	for _, st := range l.stages {
		out[st.name] = st.done
	}
	return out
}

// Stop ends the redrawing and clears the terminal line, so that what the
// command prints next starts on a clean line. A stopped Line counts on
// but shows nothing.
func (l *Line) Stop() {
	if l == nil {
		return
	}
	l.mu.Lock()
	select {
	case <-l.stop:
		l.mu.Unlock()
		return
	default:
	}
	close(l.stop)
	l.mu.Unlock()
	l.stopped.Wait()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.opts.Terminal {
		fmt.Fprint(l.out, "\r\033[K")
	}
	l.opts.Terminal, l.opts.Every, l.out = false, 1<<62, io.Discard
}

// draw rewrites the terminal line.
func (l *Line) draw() {
	fmt.Fprint(l.out, "\r"+cut(l.text(), l.opts.Width-1)+"\033[K")
}

// text is what the line says: the time elapsed, the stage that reported
// last with its estimate, the other stages under way in the order they
// started, then the names of those that reached their totals.
func (l *Line) text() string {
	now := l.now()
	parts := []string{"  " + clock(now.Sub(l.start))}
	if cur := l.latest; cur != nil {
		s := cur.count()
		if left, ok := cur.left(now); ok {
			s += ", about " + clock(left) + " left"
		}
		parts = append(parts, s)
	} else {
		parts = append(parts, "starting")
	}
	var finished []string
	for _, st := range l.stages {
		switch {
		case st == l.latest:
		case st.total > 0 && st.done >= st.total:
			finished = append(finished, st.name)
		default:
			parts = append(parts, st.count())
		}
	}
	if len(finished) > 0 {
		parts = append(parts, "done: "+strings.Join(finished, ", "))
	}
	return strings.Join(parts, " · ")
}

// count is "align 120/245 pairs", or "read 120 pages" without a total.
func (st *stage) count() string {
	if st.total > 0 {
		return fmt.Sprintf("%s %d/%d %s", st.name, st.done, st.total, st.unit)
	}
	return fmt.Sprintf("%s %d %s", st.name, st.done, st.unit)
}

// left estimates the time the stage needs for the rest of its total, at
// its rate so far; ok is false without a total, once it is reached, or
// before the stage has run two seconds.
func (st *stage) left(now time.Time) (d time.Duration, ok bool) {
	ran := now.Sub(st.first)
	if st.total <= st.done || ran < 2*time.Second {
		return 0, false
	}
	return time.Duration(float64(ran) / float64(st.done) * float64(st.total-st.done)), true
}

// clock writes a duration as "42s" or "3m05s".
func clock(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s < 60 {
		return fmt.Sprintf("%ds", s)
	}
	return fmt.Sprintf("%dm%02ds", s/60, s%60)
}

// cut shortens s to at most width runes, ending in "…" when it cut.
func cut(s string, width int) string {
	r := []rune(s)
	if len(r) <= width || width < 1 {
		return s
	}
	return string(r[:width-1]) + "…"
}
