package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"

	"github.com/bookalign/bookalign/internal/store"
)

// The caps on what summarize, align and rouge read, so that a wrong file
// (a device such as /dev/zero, a whole disk image) is refused after at
// most cap+1 bytes instead of filling memory. Books and summaries have the
// cap that run reads them with; docs/running.md, "Redirects and input size caps", lists
// them.
var (
	// capBook bounds a book (summarize's BOOK.txt, align --book).
	capBook int64 = store.MaxFileSize
	// capSummary bounds a summary (align --summary, rouge --candidate and
	// --reference).
	capSummary int64 = store.MaxFileSize
	// capModel bounds a saved model (summarize --model), with room over the
	// few tens of MB that run writes for a large corpus.
	capModel int64 = 256 << 20
)

// capPairsLine bounds one line of rouge --pairs: a candidate and a
// reference of capSummary each, escaped, with room for the id.
func capPairsLine() int64 { return 2*capSummary + 1<<20 }

// An input is a file one of the commands reads whole: what names it on the
// command line (a flag, or "BOOK.txt" for an argument), what it holds and
// its cap.
type input struct {
	name, what string
	max        int64
}

// The inputs, by kind.
func bookInput(name string) input    { return input{name, "book", capBook} }
func summaryInput(name string) input { return input{name, "summary", capSummary} }
func modelInput() input              { return input{"--model", "saved model", capModel} }
func candidateInput() input          { return input{"--candidate", "candidate summary", capSummary} }
func referenceInput() input          { return input{"--reference", "reference summary", capSummary} }
func pairsLineInput() input          { return input{"--pairs", "line of --pairs", capPairsLine()} }

// read reads path, the file of in, whole: one over in's cap is refused,
// with an error naming in and the cap, after at most cap+1 bytes.
func (in input) read(path string) ([]byte, error) {
	b, err := store.ReadFileMax(context.Background(), path, in.max)
	if errors.Is(err, store.ErrTooLarge) {
		return nil, in.tooLarge(path, "")
	}
	return b, err // an error of its own names path
}

// tooLarge is the error of a file of in over its cap; where, if set, says
// which part of it.
func (in input) tooLarge(path, where string) error {
	return fmt.Errorf("%s %s%s: larger than %s, the cap for a %s (see docs/running.md, \"Redirects and input size caps\")",
		in.name, path, where, mib(in.max), in.what)
}

// mib formats a cap in MiB.
func mib(n int64) string { return fmt.Sprintf("%d MiB", n>>20) }

// readLineMax returns the next line of r, its line ending included, or
// errLongLine once it has read more than max bytes without one; at the
// end it returns io.EOF with what was left.
func readLineMax(r *bufio.Reader, max int64) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		line = append(line, chunk...)
		if int64(len(line)) > max {
			return nil, errLongLine
		}
		if err != bufio.ErrBufferFull {
			return line, err
		}
	}
}

// errLongLine: a line is over its cap.
var errLongLine = errors.New("line over its cap")
