package classify

// A Prepared book is what every model of one collection needs to summarize
// it: its rows' features and, for coverage extraction, the keys of its
// n-grams, both of which depend on the collection and not on the model.
// The models of the methods trained on one training set share it, so the
// book is featurized once for all of them.
type Prepared struct {
	c    *Collection
	b    *Book
	g    *BookGrams
	rows *Features
	// uniKey and biKey are the coverage keys, made when first needed.
	uniKey, biKey []coverageKey
	keyed         bool
}

// Prepare returns b prepared under c. The book's n-grams g may be nil:
// they are counted when coverage extraction needs them.
func (c *Collection) Prepare(b *Book, g *BookGrams) *Prepared {
	return &Prepared{c: c, b: b, g: g, rows: c.featurizeRows(b)}
}

// grams returns the book's n-grams, counting them on first use.
func (p *Prepared) grams() *BookGrams {
	if p.g == nil {
		p.g = NewBookGrams(p.b, p.c.Settings.CoverageStopwords)
	}
	return p.g
}

// coverageKeys returns the coverage keys of the book's unigrams and
// bigrams under the collection (Collection.coverageKeys), made once.
func (p *Prepared) coverageKeys() (uni, bi []coverageKey) {
	if !p.keyed {
		p.uniKey, p.biKey = p.c.coverageKeys(p.b, p.grams(), p.c.contains(p.b.ID))
		p.keyed = true
	}
	return p.uniKey, p.biKey
}
