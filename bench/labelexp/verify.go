package main

import (
	"flag"
	"fmt"
	"slices"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/classify"
)

// runVerify checks, on the first books of the corpus, that the aligners'
// LabelTop option labels what eval's top-k rule computes from the cached
// alignments ("passage/top1" and so on).
func runVerify(args []string) error {
	fs := flag.NewFlagSet("verify", flag.ExitOnError)
	in := addInputFlags(fs)
	books := fs.Int("books", 5, "books to check")
	top := fs.Int("top", 1, "LabelTop")
	fs.Parse(args)
	corpusDir, cache := in.corpus, in.cache
	th, ids, err := in.load()
	if err != nil {
		return err
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
		ov := newOverlap(book, sdoc)
		for _, a := range []align.Aligner{&align.PassageHMM{Seed: 1, LabelTop: *top}, &align.TokenHMM{Thesaurus: th, LabelTop: *top}, &align.Jing{LabelTop: *top}} {
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
			want := ov.topK(idx, spans, *top)
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
