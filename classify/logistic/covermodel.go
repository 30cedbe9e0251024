package logistic

import (
	"fmt"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/features"
)

// What a Model asks of coverage extraction (features.Settings.Coverage;
// package classify/coverage holds the statistics, the keys, the n-grams,
// the fit, the extraction and their codecs): the fit of a training set's
// coverage model to its books' cells, and a book made ready for extraction
// under a Model.

// fitCoverage fits the coverage model to the cells of the training books.
func fitCoverage(books []*features.Features) (*coverage.Model, error) {
	cells := make([]*coverage.Cells, len(books))
	for i, f := range books {
		if f.Cover == nil {
			return nil, fmt.Errorf("%w: %q has no coverage cells", features.ErrFeatures, f.ID)
		}
		cells[i] = f.Cover
	}
	return coverage.Fit(cells)
}

// CoverageOptions returns the model's own coverage weights.
func (m *Model) CoverageOptions() coverage.Options {
	s := m.Collection.Settings
	return coverage.Options{Bigram: s.CoverageBigram, Prior: s.CoveragePrior, MinWords: s.CoverageMinWords, Function: m.Collection.FunctionWeight()}
}

// CoverageBook prepares b for coverage extraction under m, with its
// n-grams g (coverage.NewGrams; counted here when nil); it returns nil when
// m has no coverage model, or b no term view (a classify.Book not made by classify.NewBook).
func (m *Model) CoverageBook(b *classify.Book, g *coverage.Grams) *coverage.Book {
	if m.Coverage == nil || !b.HasTerms() {
		return nil
	}
	return m.coverageBook(m.Collection.Prepare(b, g))
}

// coverageBook is CoverageBook from a book prepared under m.Collection.
func (m *Model) coverageBook(p *features.Prepared) *coverage.Book {
	b := p.Book()
	if m.Coverage == nil || !b.HasTerms() {
		return nil
	}
	uni, bi := p.CoverageKeys()
	logits := m.Logits(p.Rows())
	extras := m.Collection.Coverage.Extras(&b.Terms, p.Grams(), logits)
	return m.Coverage.NewBook(&b.Terms, p.Grams(), b.Length, logits, uni, bi, m.Collection.Stopwords, extras)
}
