package pipelines

import (
	"context"
	"slices"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/text"
)

// ResolveContent sets the terms that coverage extraction weighs as
// function words (classify.Settings.CoverageStopwords) in every
// configuration of cfg that extracts by coverage, the run's and its Beside
// variants' alike (their term statistics are counted once, with one list):
// ROUGE's own stopword list from cfg.Rouge.DataDir, so that the coverage
// model counts the n-grams that ROUGE's -s scores, or, without ROUGE data,
// NLTK's list (text.Stopwords), which it returns a note about. Settings
// without coverage are left as they are. A pipeline built without it counts
// every n-gram alike (Settings.CoverageFunction applies only with a list).
func ResolveContent(ctx context.Context, cfg *Config) (note string, err error) {
	var sets []*classify.Settings
	if cfg.Features.Coverage {
		sets = append(sets, &cfg.Features)
	}
	for i := range cfg.Beside {
		if cfg.Beside[i].Features.Coverage {
			sets = append(sets, &cfg.Beside[i].Features)
		}
	}
	if len(sets) == 0 {
		return "", nil
	}
	var stop []string
	if cfg.Rouge.DataDir == "" {
		stop = slices.Clone(text.Stopwords)
		slices.Sort(stop)
		stop = slices.Compact(stop)
		note = "no ROUGE data: coverage extraction weighs NLTK's stopwords as function words instead of ROUGE's"
	} else {
		data, err := cfg.Rouge.ReadData(ctx)
		if err != nil {
			return "", err
		}
		stop = data.Stopwords()
	}
	for _, set := range sets {
		set.CoverageStopwords = stop
	}
	return note, nil
}
