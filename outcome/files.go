package outcome

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/jsonl"
	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/match"
	"github.com/bookalign/bookalign/wiki"
)

// A File is one file a pipeline writes at its end: its name in the output
// directory and its contents.
type File struct {
	Name string
	Data []byte
}

// Reconcile returns an error unless the inputs with results (kept) and the
// rejected ones add up to the inputs read: otherwise an input was lost or
// counted twice. what names the inputs ("pairs", "summaries", "book pages").
func Reconcile(what string, read, kept, rejected int) error {
	if kept+rejected == read {
		return nil
	}
	return fmt.Errorf("%s do not reconcile: %d read, but %d have results and %d were rejected", what, read, kept, rejected)
}

// ExperimentFiles renders the result files of an experiment:
// results.json, table.md and per_book.csv from the scores
// (evaluate.Summarize under set) and rejects.jsonl from the rejects, which
// it sorts. It returns the results too, whose Books and Rejected are what
// the pairs read reconcile with.
func ExperimentFiles(set evaluate.Settings, scores []evaluate.BookScore, rejects []Reject) ([]File, *evaluate.Results, error) {
	res, err := evaluate.Summarize(set, scores, len(rejects))
	if err != nil {
		return nil, nil, err
	}
	js, err := res.JSON()
	if err != nil {
		return nil, nil, err
	}
	csv, err := res.PerBookCSV()
	if err != nil {
		return nil, nil, err
	}
	rj, err := RejectLines(rejects)
	if err != nil {
		return nil, nil, err
	}
	return []File{{layout.Rel.Results(), js}, {layout.Rel.Table(), res.Table()}, {layout.Rel.PerBook(), csv}, {layout.Rel.Rejects(), rj}}, res, nil
}

// CorpusFiles renders the index of a corpus that match wrote: pairs.tsv
// (the columns of the shared corpus, sorted by id; source names where the
// summaries come from), matches.jsonl (why each pair was made, sorted by
// id) and rejects.jsonl (sorted by line of the summaries TSV).
func CorpusFiles(source string, pairs []match.Record, rejects []Reject) ([]File, error) {
	slices.SortStableFunc(pairs, func(a, b match.Record) int { return strings.Compare(a.ID, b.ID) })
	rows := make([]corpus.PairRow, len(pairs))
	for i, p := range pairs {
		rows[i] = corpus.PairRow{ID: p.ID, Title: p.Title, Author: p.Author, Ebook: p.Ebook, WikipediaID: p.WikipediaID,
			BookWords: p.BookWords, SummaryWords: p.SummaryWords,
			SummarySource: fmt.Sprintf("%s, Wikipedia page %d", source, p.WikipediaID),
			BookSource:    fmt.Sprintf("Project Gutenberg #%d: %s", p.Ebook, p.BookPath)}
	}
	var tsv, mj bytes.Buffer
	if err := corpus.WritePairs(&tsv, rows); err != nil {
		return nil, err
	}
	if err := jsonl.Write(&mj, pairs); err != nil {
		return nil, err
	}
	rj, err := RejectLines(rejects)
	if err != nil {
		return nil, err
	}
	rel := corpus.Layout{}
	return []File{{rel.Pairs(), tsv.Bytes()}, {rel.Matches(), mj.Bytes()}, {rel.Rejects(), rj}}, nil
}

// ExtractFiles renders what wiki-extract writes: summaries.tsv (the CMU
// Book Summary Dataset's layout, sorted by Wikipedia id; of summaries
// sharing a page id, the first in sort order is kept and the others are
// rejected, see SortSummaries) and rejects.jsonl (sorted by Wikipedia id,
// then stream offset). It returns the number of summaries written and of
// book pages rejected (the rejects of stage "extract"), which the book
// pages seen reconcile with.
func ExtractFiles(sums []wiki.Summary, rejects []Reject) (files []File, kept, rejectedPages int, err error) {
	sums, dups := SortSummaries(sums)
	rejects = append(rejects, dups...)
	var tb bytes.Buffer
	w := wiki.NewSummaryWriter(&tb)
	for i := range sums {
		if err := w.Write(&sums[i]); err != nil {
			return nil, 0, 0, err
		}
	}
	if err := w.Flush(); err != nil {
		return nil, 0, 0, err
	}
	rj, err := RejectLines(rejects)
	if err != nil {
		return nil, 0, 0, err
	}
	for _, r := range rejects {
		if r.Stage == StageExtract {
			rejectedPages++
		}
	}
	return []File{{layout.Extract{}.Summaries(), tb.Bytes()}, {layout.Extract{}.Rejects(), rj}}, len(sums), rejectedPages, nil
}

// SortSummaries orders summaries by Wikipedia id and returns, as rejects,
// all but the first of any that share an id. Ties are broken on the whole
// row, so the result does not depend on the input order.
func SortSummaries(sums []wiki.Summary) (kept []wiki.Summary, dups []Reject) {
	slices.SortStableFunc(sums, func(a, b wiki.Summary) int {
		return cmp.Or(cmp.Compare(a.WikipediaID, b.WikipediaID), strings.Compare(summaryKey(a), summaryKey(b)))
	})
	for i, x := range sums {
		if i > 0 && x.WikipediaID == sums[i-1].WikipediaID {
			dups = append(dups, Reject{Input: PageInput, WikipediaID: x.WikipediaID, Title: x.Title, Stage: StageExtract, Reason: "duplicate page id", Detail: "the dump holds this page id more than once; the first was kept"})
			continue
		}
		kept = append(kept, x)
	}
	return kept, dups
}

// summaryKey is the whole row of a summary, to break ties on.
func summaryKey(x wiki.Summary) string {
	return fmt.Sprintf("%s\x00%s\x00%s\x00%s\x00%q\x00%s", x.Title, x.Author, x.PubDate, x.FreebaseID, x.Genres, x.Text)
}
