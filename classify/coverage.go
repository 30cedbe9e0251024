package classify

import (
	"fmt"

	"github.com/bookalign/bookalign/classify/coverage"
)

// What classify asks of coverage extraction (Settings.Coverage;
// classify/coverage holds the statistics, the keys, the n-grams, the fit,
// the extraction and their codecs): the fit of a training set's coverage
// model to its books' cells, and a book made ready for extraction under a
// Model.

// fitCoverage fits the coverage model to the cells of the training books.
func fitCoverage(books []*Features) (*coverage.Model, error) {
	cells := make([]*coverage.Cells, len(books))
	for i, f := range books {
		if f.Cover == nil {
			return nil, fmt.Errorf("%w: %q has no coverage cells", ErrFeatures, f.ID)
		}
		cells[i] = f.Cover
	}
	return coverage.Fit(cells)
}

// CoverageOptions returns the model's own coverage weights.
func (m *Model) CoverageOptions() coverage.Options {
	s := m.Collection.Settings
	return coverage.Options{Bigram: s.CoverageBigram, Prior: s.CoveragePrior, MinWords: s.CoverageMinWords, Function: m.Collection.function()}
}

// CoverageBook prepares b for coverage extraction under m, with its
// n-grams g (coverage.NewGrams; counted here when nil); it returns nil when
// m has no coverage model, or b no term view (a Book not made by NewBook).
func (m *Model) CoverageBook(b *Book, g *coverage.Grams) *coverage.Book {
	if m.Coverage == nil || !b.hasTerms() {
		return nil
	}
	return m.coverageBook(m.Collection.Prepare(b, g))
}

// coverageBook is CoverageBook from a book prepared under m.Collection.
func (m *Model) coverageBook(p *Prepared) *coverage.Book {
	if m.Coverage == nil || !p.b.hasTerms() {
		return nil
	}
	uni, bi := p.coverageKeys()
	logits := m.Logits(p.rows)
	extras := m.Collection.Coverage.Extras(&p.b.Terms, p.grams(), logits)
	return m.Coverage.NewBook(&p.b.Terms, p.grams(), p.b.Length, logits, uni, bi, m.Collection.Stopwords, extras)
}

// SetReference sets the book's reference summary (Terms.Reference) from its
// text, as ROUGE reads it: what the coverage extraction learns from a
// training book.
func (b *Book) SetReference(summary string) { b.Terms.SetReference(summary) }
