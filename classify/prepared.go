package classify

import "github.com/bookalign/bookalign/classify/coverage"

// A Prepared book is what every model of one collection needs to summarize
// it: its rows' features and, for coverage extraction, the keys of its
// n-grams, both of which depend on the collection and not on the model.
// The models of the methods trained on one training set share it, so the
// book is featurized once for all of them.
type Prepared struct {
	c    *Collection
	b    *Book
	g    *coverage.Grams
	rows *Features
	// uniKey and biKey are the coverage keys, made when first needed.
	uniKey, biKey []coverage.Key
	keyed         bool
}

// Prepare returns b prepared under c. The book's n-grams g may be nil:
// they are counted when coverage extraction needs them.
func (c *Collection) Prepare(b *Book, g *coverage.Grams) *Prepared {
	return &Prepared{c: c, b: b, g: g, rows: c.featurizeRows(b)}
}

// grams returns the book's n-grams, counting them on first use.
func (p *Prepared) grams() *coverage.Grams {
	if p.g == nil {
		p.g = coverage.NewGrams(&p.b.Terms, p.c.Stopwords)
	}
	return p.g
}

// coverageKeys returns the coverage keys of the book's unigrams and
// bigrams under the collection (coverage.BookKeys), made once.
func (p *Prepared) coverageKeys() (uni, bi []coverage.Key) {
	if !p.keyed {
		p.uniKey, p.biKey = coverage.BookKeys(p.c.Coverage, &p.b.Terms, p.grams(), nil, p.c.contains(p.b.ID))
		p.keyed = true
	}
	return p.uniKey, p.biKey
}
