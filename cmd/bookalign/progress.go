package main

import (
	"context"
	"os"

	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/progressline"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/transforms"
)

// showProgress shows the progress line of the pipelines this process runs
// on standard error, with the stages' totals (nil: their counts alone): one
// line rewritten in place on a terminal, plain lines elsewhere. The
// function it returns takes the line away, so that what follows starts on
// a clean line.
func showProgress(totals map[string]int) (stop func()) {
	terminal, width := progressline.Terminal(os.Stderr)
	l := progressline.Start(os.Stderr, progressline.Options{Terminal: terminal, Width: width, Totals: totals})
	transforms.ShowProgress(l)
	return func() {
		transforms.ShowProgress(nil)
		l.Stop()
	}
}

// experimentTotals are the totals of the experiment's stages for the
// progress line, from the rows of the corpora's indexes; nil when an index
// cannot be read (the pipeline then says why).
func experimentTotals(ctx context.Context, cfg pipelines.Config) map[string]int {
	train, err := readIndex(ctx, cfg.Corpus)
	if err != nil {
		return nil
	}
	var test []corpus.Pair
	if cfg.TestCorpus != "" {
		if test, err = readIndex(ctx, cfg.TestCorpus); err != nil {
			return nil
		}
	}
	return cfg.ProgressTotals(len(train), len(test))
}
