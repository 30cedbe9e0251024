package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// smallCaps lowers every input cap to n bytes for the test.
func smallCaps(t *testing.T, n int64) {
	book, summary, model := capBook, capSummary, capModel
	capBook, capSummary, capModel = n, n, n
	t.Cleanup(func() { capBook, capSummary, capModel = book, summary, model })
}

// A capCase runs a command with the file big as one input, which flag
// names.
type capCase struct {
	name, flag string
	run        func(big string) error
}

// eachCapCase lowers every cap to limit and runs check on each case, with
// the cap of its input and the directory of its small files.
func eachCapCase(t *testing.T, limit int64, check func(t *testing.T, tc capCase, max int64, dir string)) {
	smallCaps(t, limit)
	dir := t.TempDir()
	for _, tc := range capCases(dir) {
		t.Run(tc.name, func(t *testing.T) { check(t, tc, capOf(tc.flag), dir) })
	}
}

// capCases are, for each input of summarize, align and rouge, a run of
// the command that reads the file big in that input (and small, valid
// files elsewhere), with the flag the error must name.
func capCases(dir string) []capCase {
	small := filepath.Join(dir, "small.txt")
	os.WriteFile(small, []byte("A man walked home.\n"), 0o644)
	var out bytes.Buffer
	return []capCase{
		{"summarize BOOK.txt", "BOOK.txt", func(big string) error {
			return runSummarize([]string{"--model", small, big}, &out, &out)
		}},
		{"summarize --model", "--model", func(big string) error {
			return runSummarize([]string{"--model", big, small}, &out, &out)
		}},
		{"align --book", "--book", func(big string) error {
			return runAlign([]string{"--method", "jing", "--book", big, "--summary", small}, &out, &out)
		}},
		{"align --summary", "--summary", func(big string) error {
			return runAlign([]string{"--method", "jing", "--book", small, "--summary", big}, &out, &out)
		}},
		{"rouge --candidate", "--candidate", func(big string) error {
			return runRouge([]string{"--candidate", big, "--reference", small}, &out)
		}},
		{"rouge --reference", "--reference", func(big string) error {
			return runRouge([]string{"--candidate", small, "--reference", big}, &out)
		}},
		{"rouge --pairs", "--pairs", func(big string) error {
			return runRouge([]string{"--pairs", big}, &out)
		}},
	}
}

// capOf is the cap of the input named by flag.
func capOf(flag string) int64 {
	switch flag {
	case "--pairs":
		return capPairsLine()
	case "--model":
		return capModel
	}
	return capBook // = capSummary in these tests
}

// TestInputCaps: each input of summarize, align and rouge is refused past
// its cap, with an error naming the flag, the file and the cap, while a
// file of exactly the cap is not refused for its size.
func TestInputCaps(t *testing.T) {
	eachCapCase(t, 64<<10, func(t *testing.T, tc capCase, max int64, dir string) {
		for _, size := range []int64{max, max + 1} {
			big := filepath.Join(dir, "big.txt")
			if err := os.WriteFile(big, bytes.Repeat([]byte("word "), int(size/5)+1)[:size], 0o644); err != nil {
				t.Fatal(err)
			}
			err := tc.run(big)
			refused := err != nil && strings.Contains(err.Error(), "the cap for")
			if size == max && refused {
				t.Errorf("a file of exactly the cap was refused: %v", err)
			}
			if size > max && (!refused || !strings.Contains(err.Error(), tc.flag+" "+big) || !strings.Contains(err.Error(), mib(max))) {
				t.Errorf("%d bytes: err = %v, want a refusal naming %s %s and %s", size, err, tc.flag, big, mib(max))
			}
		}
	})
}

// TestInputCapsDevZero: /dev/zero, and a pipe that would go on, are
// refused; from the pipe no more than the cap and a pipe's buffer is read.
func TestInputCapsDevZero(t *testing.T) {
	eachCapCase(t, 1<<20, func(t *testing.T, tc capCase, max int64, _ string) {
		if err := tc.run("/dev/zero"); err == nil || !strings.Contains(err.Error(), "the cap for") {
			t.Errorf("/dev/zero: err = %v, want a refusal for its size", err)
		}
		fifo := filepath.Join(t.TempDir(), "fifo")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skip("no named pipes here:", err)
		}
		// The writer stops at 8 times the cap: a reader without a cap
		// would read it all and be caught by the count; one with a cap
		// leaves the writer at most a pipe's buffer and a block ahead.
		sent := make(chan int64, 1)
		go func() {
			w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err != nil {
				sent <- -1
				return
			}
			defer w.Close()
			block, n := make([]byte, 32<<10), int64(0)
			for n < 8*max {
				m, err := w.Write(block)
				n += int64(m)
				if err != nil {
					break
				}
			}
			sent <- n
		}()
		err := tc.run(fifo)
		n := <-sent
		if err == nil || !strings.Contains(err.Error(), "the cap for") {
			t.Errorf("pipe: err = %v, want a refusal for its size", err)
		}
		if n > max+1+256<<10 {
			t.Errorf("%d bytes went into the pipe: the reader did not stop at the cap", n)
		}
	})
}
