package pipelines

import (
	"context"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/config"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/text"
)

// TestResolveContent checks the stopwords coverage extraction leaves to
// gamma: ROUGE's own list from the ROUGE data, NLTK's with a note without
// it, none without coverage or without a trained summarizer, and an error for ROUGE data that cannot be
// read.
func TestResolveContent(t *testing.T) {
	ctx := context.Background()

	cfg := Config{Settings: config.Default()}
	note, err := ResolveContent(ctx, &cfg)
	if err != nil || note == "" {
		t.Fatalf("no ROUGE data: note %q, error %v", note, err)
	}
	stop := cfg.CoverageStopwords
	if !slices.IsSorted(stop) || len(slices.Compact(slices.Clone(stop))) != len(stop) || !slices.Contains(stop, "the") {
		t.Errorf("NLTK's list: %d words, sorted %v", len(stop), slices.IsSorted(stop))
	}
	for _, w := range text.Stopwords {
		if _, ok := slices.BinarySearch(stop, w); !ok {
			t.Errorf("NLTK stopword %q missing", w)
		}
	}
	if err := cfg.Summarizer.Validate(); err != nil {
		t.Errorf("settings with NLTK's list: %v", err)
	}

	off := Config{Settings: config.Default()}
	off.Summarizer.Coverage, off.Summarizer.CoverageBigram, off.Summarizer.CoveragePrior, off.Summarizer.CoverageMinWords, off.Summarizer.CoverageFunction = false, 0, 0, 0, 0
	if note, err := ResolveContent(ctx, &off); err != nil || note != "" || off.CoverageStopwords != nil {
		t.Errorf("without coverage: note %q, error %v, stopwords %d", note, err, len(off.CoverageStopwords))
	}

	baselines := Config{Settings: config.Default()}
	baselines.Methods = []string{"first1000", "names"}
	if note, err := ResolveContent(ctx, &baselines); err != nil || note != "" || baselines.CoverageStopwords != nil {
		t.Errorf("no trained summarizer: note %q, error %v, stopwords %d", note, err, len(baselines.CoverageStopwords))
	}

	bad := Config{Settings: config.Default()}
	bad.Rouge.DataDir = t.TempDir()
	if _, err := ResolveContent(ctx, &bad); err == nil {
		t.Error("ROUGE data without its files: no error")
	}

	withData := Config{Settings: config.Default()}
	withData.Rouge.DataDir = sharedtest.Path(t, "rouge")
	if note, err := ResolveContent(ctx, &withData); err != nil || note != "" {
		t.Fatalf("ROUGE data: note %q, error %v", note, err)
	}
	rougeStop := withData.CoverageStopwords
	if !slices.IsSorted(rougeStop) || !slices.Contains(rougeStop, "the") || slices.Equal(rougeStop, stop) {
		t.Errorf("ROUGE's list: %d words, the same as NLTK's %v", len(rougeStop), slices.Equal(rougeStop, stop))
	}
}
