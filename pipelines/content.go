package pipelines

import (
	"context"
	"slices"

	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
	"github.com/bookalign/bookalign/transforms"
)

// ResolveContent sets the terms that coverage extraction leaves out
// (classify.Settings.CoverageStopwords) when cfg extracts by coverage:
// ROUGE's own stopword list from cfg.Rouge.DataDir, so that the coverage
// model counts the n-grams that ROUGE's -s scores, or, without ROUGE data,
// NLTK's list (text.Stopwords), which it returns a note about. Settings
// without coverage are left as they are.
func ResolveContent(ctx context.Context, cfg *Config) (note string, err error) {
	if !cfg.Features.Coverage {
		return "", nil
	}
	if cfg.Rouge.DataDir == "" {
		stop := slices.Clone(text.Stopwords)
		slices.Sort(stop)
		cfg.Features.CoverageStopwords = slices.Compact(stop)
		return "no ROUGE data: coverage extraction leaves out NLTK's stopwords instead of ROUGE's", nil
	}
	data, err := rouge.ReadData(cfg.Rouge.DataDir, func(name string) ([]byte, error) {
		return transforms.ReadFile(ctx, corpus.Join(cfg.Rouge.DataDir, name))
	})
	if err != nil {
		return "", err
	}
	cfg.Features.CoverageStopwords = data.Stopwords()
	return "", nil
}
