package pipelines

import (
	"context"
	"slices"

	"github.com/bookalign/bookalign/text"
	"github.com/bookalign/bookalign/transforms"
)

// ResolveContent sets the terms that coverage extraction weighs as
// function words (Config.CoverageStopwords) when cfg extracts by coverage: ROUGE's own stopword list from cfg.Rouge.DataDir, so that the coverage
// model counts the n-grams that ROUGE's -s scores, or, without ROUGE data,
// NLTK's list (text.Stopwords), which it returns a note about. Settings
// without coverage, or a run that trains no summarizer, are left as they are. A pipeline built without it counts
// every n-gram alike (Settings.CoverageFunction applies only with a list).
func ResolveContent(ctx context.Context, cfg *Config) (note string, err error) {
	if !cfg.Summarizer.Coverage || len(cfg.trained()) == 0 {
		return "", nil // no trained summarizer extracts by coverage
	}
	var stop []string
	if cfg.Rouge.DataDir == "" {
		stop = slices.Clone(text.Stopwords)
		slices.Sort(stop)
		stop = slices.Compact(stop)
		note = "no ROUGE data: coverage extraction weighs NLTK's stopwords as function words instead of ROUGE's"
	} else {
		data, err := transforms.ReadRougeData(ctx, cfg.Rouge)
		if err != nil {
			return "", err
		}
		stop = data.Stopwords()
	}
	cfg.CoverageStopwords = stop
	return note, nil
}
