package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/classify/logistic"
	"github.com/bookalign/bookalign/text"
)

// summarizeHelp is the how-to of `bookalign summarize -h`, as README.md's
// "Summarize your own book" says it.
const summarizeHelp = `
The model is a summarizer a run saved, trained on all its books: OUT/models/passage.json,
token.json or jing.json (the three score alike; passage is the paper's Block HMM). ./run.sh
writes them to out/models/.

BOOK.txt is a plain-text book in UTF-8, such as a Project Gutenberg .txt as downloaded: its
Gutenberg header and licence are left out. The summary goes to stdout: the sentences the model
picks, exactly as written in the book, one a line, in book order, up to --words words.

Every book is summarized as a new one. A book the model was trained on (a file named as one of
the run's books, e.g. books/heart-of-darkness.txt) gets a note on stderr: the model learned from
its summary, so this extract is not a fair test, and it is not the one the run scored; that one,
from a model that never saw the book, is OUT/summaries/<method>/<id>.txt.
`

// runSummarize is `bookalign summarize`: it prints the extractive summary of
// any book (Gutenberg boilerplate removed) under a saved model, one sentence
// a line, in book order. No reference summary is needed. A book named as
// one of the model's training books gets a note on stderr.
func runSummarize(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("summarize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	modelPath := fs.String("model", "", "model `FILE` saved by bookalign run (OUT/models/<method>.json)")
	words := fs.Int("words", extract.DefaultBudget, "summary budget in words (all word tokens, punctuation excluded)")
	usage := "bookalign summarize --model OUT/models/passage.json [--words 1000] BOOK.txt"
	fs.Usage = func() {
		printUsage(stderr, fs, usage, nil)
		if slices.ContainsFunc(args, isHelpFlag) { // not after a flag it cannot parse
			fmt.Fprint(stderr, summarizeHelp)
		}
	}
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
	model, err := logistic.ReadModel(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("%s: %w", *modelPath, err)
	}
	doc, err := text.ParseBook(string(raw))
	if err != nil {
		return fmt.Errorf("%s: %w", fs.Arg(0), err)
	}
	name := strings.TrimSuffix(filepath.Base(fs.Arg(0)), filepath.Ext(fs.Arg(0)))
	if _, trained := slices.BinarySearch(model.Collection.IDs, name); trained {
		fmt.Fprintf(stderr, "bookalign summarize: note: %s is named as %s, one of the %d books %s was trained on: it learned from that book's summary, "+
			"so this extract is not a fair test, and not the one the run scored (OUT/summaries/<method>/%s.txt, from a model that never saw the book)\n",
			fs.Arg(0), name, model.Collection.Books(), *modelPath, name)
	}
	// The id only matters for a training book's leave-self-out IDF; a file
	// given here is treated as a new book.
	book := classify.NewBook("summarize:"+name, doc)
	_, err = io.WriteString(stdout, extract.Text(doc, model.Summarize(model.Collection.Prepare(book, nil), *words)))
	return err
}
