package evaluate

import (
	"strings"
	"testing"
)

// TestScoringSettings checks what a run's scoring settings mean: the
// stopword list comes with any ROUGE data, stopword removal needs it, and
// results.json records the exception table exactly when there is data.
func TestScoringSettings(t *testing.T) {
	for _, tc := range []struct {
		name      string
		s         Scoring
		stopwords bool
		refused   string
	}{
		{"none", Scoring{}, false, ""},
		{"a directory", Scoring{DataDir: "rouge"}, true, ""},
		{"builtin, -s", Scoring{DataDir: "builtin", Stopwords: true}, true, ""},
		{"-s without data", Scoring{Stopwords: true}, false, "--rouge-data"},
	} {
		if got := tc.s.HasStopwords(); got != tc.stopwords {
			t.Errorf("%s: HasStopwords() = %v, want %v", tc.name, got, tc.stopwords)
		}
		if err := tc.s.Check(); (err != nil) != (tc.refused != "") || err != nil && !strings.Contains(err.Error(), tc.refused) {
			t.Errorf("%s: Check() = %v, want an error naming %q: %v", tc.name, err, tc.refused, tc.refused != "")
		}
		want := RougeSettings{Stem: true, Stopwords: tc.s.Stopwords, Exceptions: tc.s.DataDir != ""}
		if got := tc.s.Settings(); got != want {
			t.Errorf("%s: Settings() = %+v, want %+v", tc.name, got, want)
		}
	}
}
