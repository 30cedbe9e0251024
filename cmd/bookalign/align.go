package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/text"
)

// runAlign is `bookalign align`: it aligns one summary with one book and
// writes one JSON line per summary sentence (align.Record) to stdout.
func runAlign(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("align", flag.ContinueOnError)
	fs.SetOutput(stderr)
	method := fs.String("method", align.MethodPassage, "aligner: "+alignerList(true))
	bookPath := fs.String("book", "", "book `FILE` (Project Gutenberg text; boilerplate is skipped, offsets are into the file as given)")
	summaryPath := fs.String("summary", "", "plot summary `FILE`")
	seed := fs.Uint64("seed", 1, "seed of the Passage HMM's boundary sampler")
	iterations := fs.Int("iterations", 0, "EM rounds: Passage HMM (default 500), Token HMM (at most, default 20)")
	thesaurus := fs.String("thesaurus", os.Getenv("BOOKALIGN_THESAURUS"), "Roget's Thesaurus `DIR` (holding "+align.ThesaurusFile+"), read with --synonyms; default $BOOKALIGN_THESAURUS")
	synonyms := fs.Bool("synonyms", false, "let the Token HMM emit a book word's thesaurus synonyms, as the paper does (default: identical words only)")
	usage := "bookalign align --method " + strings.Join(pipelines.Aligners, "|") + " --book B.txt --summary S.txt [--seed N] [--iterations N] [--synonyms --thesaurus DIR]"
	fs.Usage = func() { printUsage(stderr, fs, usage, nil) }
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *bookPath == "" || *summaryPath == "" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: "+usage)
		return errUsage
	}
	if err := atLeast("iterations", *iterations, 0); err != nil {
		return err
	}
	if *synonyms && *thesaurus == "" {
		return fmt.Errorf("--synonyms needs Roget's Thesaurus: give --thesaurus DIR or BOOKALIGN_THESAURUS (%s)", align.ThesaurusHint)
	}
	var th *align.Thesaurus
	if *method == align.MethodToken && *synonyms {
		var err error
		if th, err = align.LoadThesaurus(*thesaurus); err != nil {
			return fmt.Errorf("--thesaurus %q: %w (%s)", *thesaurus, err, align.ThesaurusHint)
		}
	}
	aligner, err := align.New(*method, align.Options{Seed: *seed, Iterations: *iterations, Thesaurus: th})
	if errors.Is(err, align.ErrMethod) {
		return fmt.Errorf("unknown --method %q: want %s", *method, alignerList(false))
	}
	p, err := preparePair(*bookPath, *summaryPath)
	if err != nil {
		return err
	}
	result, err := aligner.Align(p)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(stdout)
	if err := align.WriteRecords(w, align.Records(p, result)); err != nil {
		return err
	}
	return w.Flush()
}

// alignerList lists the aligners, "passage, token or jing", with the
// paper's names of their methods when labels is set.
func alignerList(labels bool) string {
	var names []string
	for _, m := range evaluate.Methods {
		if m.Kind != evaluate.Trained {
			continue
		}
		if labels {
			names = append(names, m.Label)
		} else {
			names = append(names, m.Name)
		}
	}
	last := len(names) - 1
	return strings.Join(names[:last], ", ") + " or " + names[last]
}

// preparePair reads, parses and prepares a book and its summary.
func preparePair(bookPath, summaryPath string) (*align.Pair, error) {
	bookRaw, err := bookInput("--book").read(bookPath)
	if err != nil {
		return nil, err
	}
	summaryRaw, err := summaryInput("--summary").read(summaryPath)
	if err != nil {
		return nil, err
	}
	book, err := text.ParseBook(string(bookRaw))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", bookPath, err)
	}
	summary, err := text.ParseSummary(string(summaryRaw))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", summaryPath, err)
	}
	return align.Prepare(book, summary)
}
