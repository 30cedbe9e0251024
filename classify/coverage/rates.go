package coverage

// bookRates are what the summary rates of a book's n-grams under a
// training set read: the set's counts of them, the base rates, and, for a
// training book, which of them its own summary holds, so that the book
// leaves itself out of the counts.
type bookRates struct {
	l                    *Looked
	self                 bool
	termBase, bigramBase float64
	refUni               []bool  // nil unless self
	refBi                []int32 // nil unless self
}

// newBookRates returns the rates' inputs of the book whose terms are t and
// n-grams g under s; l holds the book's counts in s, or is nil to look
// them up here; self says that the book is one of the training books.
func newBookRates(s *Stats, t *Terms, g *Grams, l *Looked, self bool) *bookRates {
	if l == nil {
		l = s.Look(t, g)
	}
	r := &bookRates{l: l, self: self}
	var ownTerms, ownTermsIn, ownBigrams, ownBigramsIn int64
	if self {
		ownTerms, ownBigrams = int64(len(t.Vocab)), int64(len(g.bi))
	}
	if self && t.Reference != nil {
		r.refUni, r.refBi = make([]bool, len(t.Vocab)), g.biRef
		for _, id := range t.Reference {
			if id >= 0 {
				r.refUni[id] = true
			}
		}
		for _, in := range r.refUni {
			ownTermsIn += int64(btoi(in))
		}
		for _, n := range r.refBi {
			ownBigramsIn += int64(btoi(n > 0))
		}
	}
	r.termBase = base(s.TermPairs, s.TermPairsInSummary, ownTerms, ownTermsIn)
	r.bigramBase = base(s.BigramPairs, s.BigramPairsInSummary, ownBigrams, ownBigramsIn)
	return r
}

// term returns the counts of term id, whether they hold the book's own
// and whether its summary holds the term (rateMemo.bin's arguments).
func (r *bookRates) term(id int) (TermCount, bool, bool) {
	return r.l.Terms[id], r.self, r.refUni != nil && r.refUni[id]
}

// bigram returns the same of bigram x; a bigram the set does not hold, or
// that too few other books hold, counts as unseen.
func (r *bookRates) bigram(x int) (TermCount, bool, bool) {
	n, own := r.l.Bigrams[x], r.self
	if !r.l.Found[x] || int(n.Books)-btoi(r.self) < MinBigramBooks {
		n, own = TermCount{}, false
	}
	return n, own, r.refBi != nil && r.refBi[x] > 0
}
