package pipelines

import (
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/transforms"
)

// MatchConfig is everything the match pipeline needs to know. Every path
// may be local or gs://.
type MatchConfig struct {
	// Summaries is the summaries TSV that wiki-extract writes (or the CMU
	// booksummaries.txt).
	Summaries string
	// Catalog is Project Gutenberg's pg_catalog.csv.
	Catalog string
	// Books is the root of a Gutenberg mirror: <n>.txt or <n>/<n>-0.txt.
	Books string
	// Out is the corpus directory to write.
	Out string
	// Decisions is a decision list (see match.ParseDecisions), or empty.
	Decisions string
	// Source names where the summaries come from, in pairs.tsv's
	// summary_source column; empty means the Summaries path.
	Source string
	// Unavailable maps an ebook that bookalign fetch could not download
	// into Books to the reason, which its reject then gives; may be nil.
	Unavailable map[int]string
}

// Check checks a configuration before a pipeline is built from it.
func (c MatchConfig) Check() error {
	if c.Summaries == "" || c.Catalog == "" || c.Books == "" || c.Out == "" {
		return fmt.Errorf("summaries, a catalog, a book mirror and an output directory are required")
	}
	return nil
}

// Match builds the corpus: read-summaries → match (title and author
// surname against the catalog, or the decision list) → name (one summary
// per ebook, corpus ids) → fetch-book (from the mirror, written into the
// corpus with the summary) → write pairs.tsv, matches.jsonl and
// rejects.jsonl. Every summary row ends either in pairs.tsv or in
// rejects.jsonl with a reason.
func Match(s beam.Scope, cfg MatchConfig) {
	s = s.Scope("Match")
	source := cfg.Source
	if source == "" {
		source = cfg.Summaries
	}
	rows, badRows, read := transforms.ReadSummaries(s, cfg.Summaries)
	matched, unmatched := transforms.MatchSummaries(s, cfg.Catalog, cfg.Decisions, rows)
	named, shared := transforms.NamePairs(s, matched)
	pairs, unusable := transforms.FetchBooks(s, cfg.Books, cfg.Out, cfg.Unavailable, named)
	transforms.WriteCorpus(s, cfg.Out, source, pairs, read, badRows, unmatched, shared, unusable)
}
