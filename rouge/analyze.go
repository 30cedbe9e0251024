package rouge

import "github.com/bookalign/bookalign/text"

// Analyze returns the tokens of txt that the Scorer compares, after
// stopword removal and stemming, one slice per line that has any.
func (s *Scorer) Analyze(txt string) ([][]string, error) {
	a, err := s.analyzer()
	if err != nil {
		return nil, err
	}
	var (
		sents [][]string
		term  []byte
		last  = -1
		t     = text.NewASCIIScanner(txt)
	)
	for t.Scan() {
		var ok bool
		if term, ok = a.term(term[:0], t.Bytes()); !ok {
			continue
		}
		if t.Line() != last {
			sents = append(sents, nil)
			last = t.Line()
		}
		sents[len(sents)-1] = append(sents[len(sents)-1], string(term))
	}
	return sents, nil
}

// analyzer returns the token filter that the options of s ask for.
func (s *Scorer) analyzer() (analyzer, error) {
	a := analyzer{stem: s.Stem}
	if s.Data != nil {
		a.exc = s.Data.exceptions
	}
	if s.RemoveStopwords {
		if !s.Data.HasStopwords() {
			return analyzer{}, ErrNoStopwords
		}
		a.stop = s.Data.stopwords
	}
	return a, nil
}

// An analyzer turns a token into the term that is compared, or drops it.
type analyzer struct {
	stem bool
	stop map[string]struct{} // nil: no stopword removal
	exc  map[string]string
}

// term appends to dst the term for the lowered token tok, and reports
// whether the token is kept: a stopword (with -s) is dropped; with -m a
// token longer than three bytes becomes its base form in the exception
// table or else its Porter stem.
func (a *analyzer) term(dst, tok []byte) ([]byte, bool) {
	if a.stop != nil {
		if _, ok := a.stop[string(tok)]; ok {
			return dst, false
		}
	}
	if !a.stem || len(tok) <= 3 {
		return append(dst, tok...), true
	}
	if base, ok := a.exc[string(tok)]; ok {
		return append(dst, base...), true
	}
	return text.AppendStem(dst, tok), true
}
