package fetch

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// A Progress shows how far a series of downloads has gone, on one line:
//
//	books  120/340  35%  48.2 MB  ETA 7m20s
//
// On a terminal the line is redrawn in place; elsewhere (a log file) a line
// is written every Every at most, and at the end. The ETA counts only the
// files actually downloaded, so files skipped on a resume do not make it
// look short.
type Progress struct {
	w     io.Writer
	label string
	total int
	// Every is the least time between two lines when not on a terminal.
	Every time.Duration
	tty   bool
	now   func() time.Time

	done, fetched int
	bytes         int64
	start, last   time.Time
	fetchTime     time.Duration
	width         int
}

// NewProgress returns a Progress of total files named label, written to w
// (nil: shown nowhere).
func NewProgress(w io.Writer, label string, total int) *Progress {
	p := &Progress{w: w, label: label, total: total, Every: 10 * time.Second, now: time.Now}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	p.start = p.now()
	p.last = p.start
	return p
}

// Add counts one file done, of n bytes, that took d (0 for a file that was
// already there).
func (p *Progress) Add(n int64, d time.Duration, skipped bool) {
	p.done++
	p.bytes += n
	if !skipped {
		p.fetched++
		p.fetchTime += d
	}
	now := p.now()
	if p.tty || now.Sub(p.last) >= p.Every || p.done == p.total {
		p.last = now
		p.show()
	}
}

// Break ends the line being redrawn on a terminal, so that a message can
// be written below it; the next update draws a new line.
func (p *Progress) Break() {
	if p.tty && p.width > 0 && p.w != nil {
		fmt.Fprintln(p.w)
		p.width = 0
	}
}

// ETA estimates the time left: the mean time of the files downloaded so
// far times the files left; 0 before the first download.
func (p *Progress) ETA() time.Duration {
	if p.fetched == 0 || p.done >= p.total {
		return 0
	}
	return p.fetchTime / time.Duration(p.fetched) * time.Duration(p.total-p.done)
}

// Line returns the progress line.
func (p *Progress) Line() string {
	pct := 100
	if p.total > 0 {
		pct = p.done * 100 / p.total
	}
	s := fmt.Sprintf("%s  %d/%d  %d%%  %s", p.label, p.done, p.total, pct, Bytes(p.bytes))
	if eta := p.ETA(); eta > 0 {
		s += "  ETA " + eta.Round(time.Second).String()
	} else if p.done >= p.total {
		s += "  done in " + p.now().Sub(p.start).Round(time.Second).String()
	}
	return s
}

func (p *Progress) show() {
	if p.w == nil {
		return
	}
	line := p.Line()
	if !p.tty {
		fmt.Fprintln(p.w, line)
		return
	}
	pad := ""
	if len(line) < p.width {
		pad = strings.Repeat(" ", p.width-len(line))
	}
	p.width = len(line)
	end := ""
	if p.done >= p.total {
		end = "\n"
	}
	fmt.Fprintf(p.w, "\r%s%s%s", line, pad, end)
}

// Bytes formats a byte count: "512 B", "48.2 MB".
func Bytes(n int64) string {
	const unit = 1000
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, i := float64(n)/unit, 0
	for v >= unit && i < 3 {
		v /= unit
		i++
	}
	return fmt.Sprintf("%.1f %cB", v, "kMGT"[i])
}
