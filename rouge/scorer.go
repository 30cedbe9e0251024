package rouge

// A Scorer scores candidate summaries against a reference summary with the
// options of ROUGE-1.5.5 -c 95 -r 1000 -n 2 -a. Its zero value is ROUGE run
// with neither -m nor -s. A Scorer is not changed by scoring and may be
// used by several goroutines at once.
type Scorer struct {
	// Stem is ROUGE's -m: tokens longer than three bytes are replaced by
	// their base form in the exception table of Data, or else stemmed
	// with Stem.
	Stem bool `json:"stem"`

	// RemoveStopwords is ROUGE's -s: tokens in the stopword list of Data
	// are dropped before stemming. It needs Data with a stopword list.
	RemoveStopwords bool `json:"remove_stopwords"`

	// Data holds ROUGE's stopword list and exception table. Nil means
	// an empty exception table and no stopword list.
	Data *Data `json:"-"`
}

// Score scores candidate against reference. Each line of a text is one
// sentence. It returns ErrNoStopwords when s.RemoveStopwords is set and
// s.Data has no stopword list. To score many candidates against one
// reference, Prepare the reference once.
func (s *Scorer) Score(candidate, reference string) (Result, error) {
	r, err := s.Prepare(reference)
	if err != nil {
		return Result{}, err
	}
	return r.score(r.newScratch(false), candidate), nil
}
