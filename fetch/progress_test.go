package fetch

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestProgress(t *testing.T) {
	var out bytes.Buffer
	clock := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	p := NewProgress(&out, "books", 4)
	p.now = func() time.Time { return clock }
	p.start, p.last = clock, clock
	p.Every = time.Minute

	p.Add(1000, 0, true) // already here: no time, no line yet
	if p.ETA() != 0 || out.Len() != 0 {
		t.Errorf("after a skipped file: ETA %v, output %q", p.ETA(), out.String())
	}
	clock = clock.Add(2 * time.Minute)
	p.Add(1500000, 4*time.Second, false)
	if got, want := p.Line(), "books  2/4  50%  1.5 MB  ETA 8s"; got != want {
		t.Errorf("line %q, want %q", got, want)
	}
	p.Add(10, 2*time.Second, false) // within Every: no line
	p.Add(10, 2*time.Second, false) // the last: a line
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[1], "books  4/4  100%") || !strings.Contains(lines[1], "done in 2m0s") {
		t.Errorf("output:\n%s", out.String())
	}
}

func TestBytes(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 999: "999 B", 1000: "1.0 kB", 48_200_000: "48.2 MB", 3_000_000_000: "3.0 GB"} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestProgressTerminal(t *testing.T) {
	var out bytes.Buffer
	p := NewProgress(&out, "books", 3)
	p.tty = true
	p.Add(5, time.Second, false)
	p.Break()
	out.WriteString("a message\n")
	p.Add(5, time.Second, false)
	p.Add(5, time.Second, false)
	want := "\rbooks  1/3  33%  5 B  ETA 2s\na message\n\rbooks  2/3  66%  10 B  ETA 1s\rbooks  3/3  100%  15 B  done in 0s\n"
	if out.String() != want {
		t.Errorf("terminal output %q, want %q", out.String(), want)
	}
}
