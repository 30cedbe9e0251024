package features

import (
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
)

// A Prepared book is what every model of one collection needs to summarize
// it: its rows' features and, for coverage extraction, the keys of its
// n-grams, both of which depend on the collection and not on the model.
// The models of the methods trained on one training set share it, so the
// book is featurized once for all of them.
type Prepared struct {
	c    *Collection
	b    *classify.Book
	g    *coverage.Grams
	rows *Features
	// uniKey and biKey are the coverage keys, made when first needed.
	uniKey, biKey []coverage.Key
	keyed         bool
}

// Prepare returns b prepared under c. The book's n-grams g may be nil:
// they are counted when coverage extraction needs them.
func (c *Collection) Prepare(b *classify.Book, g *coverage.Grams) *Prepared {
	return &Prepared{c: c, b: b, g: g, rows: c.featurizeRows(b)}
}

// Under returns p when it was prepared under c, else its book prepared
// under c again (Collection.Prepare), with the n-grams p counted, if any.
func (p *Prepared) Under(c *Collection) *Prepared {
	if p.c == c {
		return p
	}
	return c.Prepare(p.b, p.g)
}

// Book returns the book p prepared.
func (p *Prepared) Book() *classify.Book { return p.b }

// Rows returns the features of the book's rows, without coverage cells.
// They alias p.
func (p *Prepared) Rows() *Features { return p.rows }

// Grams returns the book's n-grams, counting them on first use.
func (p *Prepared) Grams() *coverage.Grams {
	if p.g == nil {
		p.g = coverage.NewGrams(&p.b.Terms, p.c.Stopwords)
	}
	return p.g
}

// CoverageKeys returns the coverage keys of the book's unigrams and
// bigrams under the collection (coverage.BookKeys), made once.
func (p *Prepared) CoverageKeys() (uni, bi []coverage.Key) {
	if !p.keyed {
		p.uniKey, p.biKey = coverage.BookKeys(p.c.Coverage, &p.b.Terms, p.Grams(), nil, p.c.Contains(p.b.ID))
		p.keyed = true
	}
	return p.uniKey, p.biKey
}
