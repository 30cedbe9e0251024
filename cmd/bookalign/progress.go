package main

import (
	"os"

	"github.com/bookalign/bookalign/internal/progressline"
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
