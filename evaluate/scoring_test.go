package evaluate

import (
	"errors"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/rouge"
)

// fp is a fingerprint of ROUGE data for the tests.
func fp(stop, exc string) *rouge.Fingerprint {
	return &rouge.Fingerprint{Stopwords: stop, Exceptions: exc}
}

// TestSameScoring checks that runs scored with other options or other
// ROUGE data are refused, naming by its results.json key what differs,
// and that a results.json without a fingerprint is refused unless
// neither run read ROUGE data.
func TestSameScoring(t *testing.T) {
	withData := RougeSettings{Stem: true, Exceptions: true, Data: fp("s1", "e1")}
	noData := RougeSettings{Stem: true, Data: fp("", "e0")}
	for _, tt := range []struct {
		name    string
		a, b    RougeSettings
		wantErr error
		want    []string
	}{
		{"same data", withData, withData, nil, nil},
		{"no data in either", noData, noData, nil, nil},
		{"exceptions on and off", withData, noData, ErrOtherScoring, []string{"rouge.exceptions (the WordNet exception table): true in A, false in B", "rouge.data.stopwords_sha256 (the stopword list as loaded): s1 in A, none in B"}},
		{"other stopword list", withData, RougeSettings{Stem: true, Exceptions: true, Data: fp("s2", "e1")}, ErrOtherScoring, []string{"rouge.data.stopwords_sha256", "the stopword list"}},
		{"other exception table", withData, RougeSettings{Stem: true, Exceptions: true, Data: fp("s1", "e2")}, ErrOtherScoring, []string{"rouge.data.exceptions_sha256", "the exception table"}},
		{"stopwords removed in one", withData, RougeSettings{Stem: true, Stopwords: true, Exceptions: true, Data: fp("s1", "e1")}, ErrOtherScoring, []string{"rouge.stopwords (stopword removal, -s): false in A, true in B"}},
		{"stemmed in one", withData, RougeSettings{Exceptions: true, Data: fp("s1", "e1")}, ErrOtherScoring, []string{"rouge.stem (stemming): true in A, false in B"}},
		{"old results, options differ", RougeSettings{Stem: true, Exceptions: true}, RougeSettings{Stem: true}, ErrOtherScoring, []string{"rouge.exceptions"}},
		{"old results, neither read data", RougeSettings{Stem: true}, noData, nil, nil},
		{"old results with data in A", RougeSettings{Stem: true, Exceptions: true}, withData, ErrScoringUnknown, []string{"A/results.json records no fingerprint", "rerun it"}},
		{"old results with data in B", withData, RougeSettings{Stem: true, Exceptions: true}, ErrScoringUnknown, []string{"B/results.json records no fingerprint"}},
		{"old results with data in both", RougeSettings{Stem: true, Exceptions: true}, RougeSettings{Stem: true, Exceptions: true}, ErrScoringUnknown, []string{"A/results.json and B/results.json record", "rerun them"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := SameScoring("A", tt.a, "B", tt.b)
			if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("error %v, want %v", err, tt.wantErr)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
		})
	}
}

// TestSummarizeRecordsRougeData checks that results.json records the
// fingerprint the scores carry, and refuses scores of other data.
func TestSummarizeRecordsRougeData(t *testing.T) {
	with := func(f rouge.Fingerprint) []BookScore {
		scores := sampleScores()
		for i := range scores {
			scores[i].RougeData = f
		}
		return scores
	}
	mixed := with(*fp("s1", "e1"))
	mixed[2].RougeData = *fp("s2", "e1")
	for _, tt := range []struct {
		name    string
		scores  []BookScore
		want    *rouge.Fingerprint
		wantErr error
	}{
		{"recorded", with(*fp("s1", "e1")), fp("s1", "e1"), nil},
		{"not recorded", sampleScores(), nil, nil},
		{"no scores", nil, nil, nil},
		{"mixed", mixed, nil, ErrMixedRougeData},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Summarize(Settings{Seed: 1, Resamples: 10, Permutations: 10}, tt.scores, 0)
			if !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("error %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if got := res.Rouge.Data; (got == nil) != (tt.want == nil) || got != nil && *got != *tt.want {
				t.Errorf("rouge.data %+v, want %+v", got, tt.want)
			}
		})
	}
}

// TestMethodDependencies checks which methods depend on the seed and on
// the folds.
func TestMethodDependencies(t *testing.T) {
	for _, tt := range []struct {
		method      string
		seed, folds bool
	}{
		{"first1000", false, false},
		{"names", false, false},
		{"oracle", false, false},
		{"oracle-content", false, false},
		{"random", true, false},
		{"passage", true, true},
		{"token", true, true},
		{"jing", true, true},
		{"from-a-later-bookalign", true, true},
	} {
		if got := DependsOnSeed(tt.method); got != tt.seed {
			t.Errorf("DependsOnSeed(%q) = %v, want %v", tt.method, got, tt.seed)
		}
		if got := DependsOnFolds(tt.method); got != tt.folds {
			t.Errorf("DependsOnFolds(%q) = %v, want %v", tt.method, got, tt.folds)
		}
	}
}

// TestRecordRouge: results.json records the main columns stemmed, with
// the options' stopword removal, and the exception table exactly when
// there is ROUGE data.
func TestRecordRouge(t *testing.T) {
	for _, tc := range []struct {
		o    rouge.Options
		want RougeSettings
	}{
		{rouge.Options{}, RougeSettings{Stem: true}},
		{rouge.Options{DataDir: "rouge"}, RougeSettings{Stem: true, Exceptions: true}},
		{rouge.Options{DataDir: "builtin", RemoveStopwords: true}, RougeSettings{Stem: true, Stopwords: true, Exceptions: true}},
		{rouge.Options{RemoveStopwords: true}, RougeSettings{Stem: true, Stopwords: true}},
	} {
		if got := RecordRouge(tc.o); got != tc.want {
			t.Errorf("RecordRouge(%+v) = %+v, want %+v", tc.o, got, tc.want)
		}
	}
}
