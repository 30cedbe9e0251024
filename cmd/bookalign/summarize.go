package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/text"
)

// runSummarize is `bookalign summarize`: it prints the extractive summary of
// any book (Gutenberg boilerplate removed) under a saved model, one sentence
// a line, in book order. No reference summary is needed.
func runSummarize(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("summarize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	modelPath := fs.String("model", "", "model `FILE` saved by bookalign run (OUT/models/<method>.json)")
	words := fs.Int("words", classify.DefaultBudget, "summary budget in words (all word tokens, punctuation excluded)")
	usage := "bookalign summarize --model OUT/models/passage.json [--words 1000] BOOK.txt"
	fs.Usage = func() { printUsage(stderr, fs, usage, nil) }
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *modelPath == "" || fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: "+usage)
		return errUsage
	}
	if err := atLeast("words", *words, 1); err != nil {
		return err
	}
	raw, err := bookInput("BOOK.txt").read(fs.Arg(0))
	if err != nil {
		return err
	}
	b, err := modelInput().read(*modelPath)
	if err != nil {
		return err
	}
	model, err := classify.ReadModel(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("%s: %w", *modelPath, err)
	}
	doc, err := text.ParseBook(string(raw))
	if err != nil {
		return fmt.Errorf("%s: %w", fs.Arg(0), err)
	}
	// The id only matters for a training book's leave-self-out IDF; a file
	// given here is treated as a new book.
	id := "summarize:" + strings.TrimSuffix(filepath.Base(fs.Arg(0)), filepath.Ext(fs.Arg(0)))
	book := classify.NewBook(id, doc)
	_, err = io.WriteString(stdout, classify.Text(doc, model.Summarize(model.Collection.Prepare(book, nil), *words)))
	return err
}
