package main

import (
	"flag"
	"fmt"
	"slices"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/evaluate"
)

// runVerify checks, on the first books of the corpus, that the aligners of
// align.New (the pipeline's label rule, align.DefaultLabelTop) label what
// eval's top-k rule computes from the whole spans of labelexp align's
// cache ("passage/top1" and so on).
func runVerify(args []string) error {
	fs := flag.NewFlagSet("verify", flag.ExitOnError)
	in := addInputFlags(fs)
	books := fs.Int("books", 5, "books to check")
	synonyms := fs.Bool("synonyms", false, "the Token HMM emits Roget's synonyms (as the cache was aligned)")
	seed := fs.Uint64("seed", 1, "Passage HMM seed (as the cache was aligned)")
	fs.Parse(args)
	corpusDir, cache := in.corpus, in.cache
	th, ids, err := in.load()
	if err != nil {
		return err
	}
	if !*synonyms {
		th = nil
	}
	bad := 0
	for _, id := range ids[:min(*books, len(ids))] {
		doc, sdoc, err := loadTexts(*corpusDir, id)
		if err != nil {
			return err
		}
		p, err := align.Prepare(doc, sdoc)
		if err != nil {
			return err
		}
		book := classify.NewBook(id, doc)
		ov := newOverlap(book, sdoc, p)
		for _, m := range evaluate.NamesOf(evaluate.Trained) {
			a, err := align.New(m, align.Options{Seed: *seed, Thesaurus: th})
			if err != nil {
				return err
			}
			res, err := a.Align(p)
			if err != nil {
				return err
			}
			recs, err := readRecords(*cache, res.Method, id)
			if err != nil {
				return err
			}
			spans := make([][]int, len(recs))
			idx := make([]int, len(recs))
			for i, r := range recs {
				spans[i], idx[i] = r.BookSentences, r.SummaryIndex
			}
			want := ov.topK(idx, spans, align.DefaultLabelTop)
			got := res.Labelled()
			same := slices.Equal(got, want)
			if !same {
				bad++
			}
			fmt.Printf("%-40s %-8s labelled %4d, eval's rule %4d, equal %v\n", id, res.Method, len(got), len(want), same)
		}
	}
	if bad > 0 {
		return fmt.Errorf("%d alignments differ", bad)
	}
	return nil
}
