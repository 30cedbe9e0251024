package evaluate

import (
	"errors"
	"fmt"
	"strings"
)

// ErrOtherScoring means two runs compared were not scored alike: their
// recall is not comparable.
var ErrOtherScoring = errors.New("the runs were scored differently")

// ErrScoringUnknown means a run's results.json does not record which ROUGE
// data it was scored with (a results.json of an older bookalign), while
// the data may differ.
var ErrScoringUnknown = errors.New("cannot tell whether the runs were scored alike")

// SameScoring returns nil when runs whose results record a and b were
// scored alike: the same ROUGE options (rouge.stem, rouge.stopwords,
// rouge.exceptions of results.json) and the same ROUGE data as loaded
// (rouge.data, a rouge.Fingerprint). Otherwise it returns an error
// wrapping ErrOtherScoring that names, by its key in results.json, each
// thing that differs, with its value in run nameA and in run nameB.
//
// When either results.json has no fingerprint of the data (an older
// bookalign), the options are all that can be compared: that suffices
// when neither run read ROUGE data (rouge.exceptions false in both, so
// neither had --rouge-data), as the scoring is then the code's alone.
// Otherwise two data directories with other lists could hide behind equal
// options, and the error wraps ErrScoringUnknown and asks for a rerun.
func SameScoring(nameA string, a RougeSettings, nameB string, b RougeSettings) error {
	type item struct {
		key, what  string
		same       bool
		valA, valB any
	}
	items := []item{
		{"rouge.stem", "stemming", a.Stem == b.Stem, a.Stem, b.Stem},
		{"rouge.stopwords", "stopword removal, -s", a.Stopwords == b.Stopwords, a.Stopwords, b.Stopwords},
		{"rouge.exceptions", "the WordNet exception table", a.Exceptions == b.Exceptions, a.Exceptions, b.Exceptions},
	}
	if a.Data != nil && b.Data != nil {
		items = append(items,
			item{"rouge.data.stopwords_sha256", "the stopword list as loaded", a.Data.Stopwords == b.Data.Stopwords, fingerprintOrNone(a.Data.Stopwords), fingerprintOrNone(b.Data.Stopwords)},
			item{"rouge.data.exceptions_sha256", "the exception table as loaded", a.Data.Exceptions == b.Data.Exceptions, fingerprintOrNone(a.Data.Exceptions), fingerprintOrNone(b.Data.Exceptions)})
	}
	var diff []string
	for _, it := range items {
		if !it.same {
			diff = append(diff, fmt.Sprintf("%s (%s): %v in %s, %v in %s", it.key, it.what, it.valA, nameA, it.valB, nameB))
		}
	}
	if len(diff) > 0 {
		return fmt.Errorf("%w: %s; recall scored otherwise is not comparable: rerun one of them with the other's --rouge-data and rouge options", ErrOtherScoring, strings.Join(diff, "; "))
	}
	if a.Data != nil && b.Data != nil || !a.Exceptions && !b.Exceptions {
		return nil
	}
	old, verb := nameA+"/results.json records", "it"
	switch {
	case a.Data != nil:
		old = nameB + "/results.json records"
	case b.Data == nil:
		old, verb = nameA+"/results.json and "+nameB+"/results.json record", "them"
	}
	return fmt.Errorf("%w: %s no fingerprint of the ROUGE data (rouge.data; written by an older bookalign), and equal rouge options can hide other stopword lists or exception tables: rerun %s with this bookalign to compare", ErrScoringUnknown, old, verb)
}

// fingerprintOrNone shortens a fingerprint for a message, or says there
// is none.
func fingerprintOrNone(fp string) string {
	if fp == "" {
		return "none"
	}
	return fp[:min(12, len(fp))]
}
