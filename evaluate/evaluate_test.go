package evaluate

import (
	"bytes"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/align"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestBootstrapDeterministic(t *testing.T) {
	a := Bootstrap{Resamples: 50, Seed: 7}.Samples(20)
	b := Bootstrap{Resamples: 50, Seed: 7}.Samples(20)
	c := Bootstrap{Resamples: 50, Seed: 8}.Samples(20)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same seed gave different samples")
	}
	if reflect.DeepEqual(a, c) {
		t.Fatal("different seeds gave the same samples")
	}
	for _, s := range a {
		var n int32
		for _, c := range s {
			n += c
		}
		if n != 20 {
			t.Fatalf("a sample draws %d items, want 20", n)
		}
	}
}

func TestMeanCI(t *testing.T) {
	tests := []struct {
		name           string
		x              []float64
		mean, lo, hi   float64
		wantIntervalOK func(lo, hi float64) bool
	}{
		{name: "constant", x: []float64{0.4, 0.4, 0.4}, mean: 0.4, lo: 0.4, hi: 0.4},
		{name: "empty", x: nil},
	}
	samples := Bootstrap{Resamples: 200, Seed: 1}.Samples(3)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := samples
			if len(tt.x) == 0 {
				s = nil
			}
			mean, lo, hi := MeanCI(tt.x, s, 0.95)
			if math.Abs(mean-tt.mean) > 1e-12 || math.Abs(lo-tt.lo) > 1e-12 || math.Abs(hi-tt.hi) > 1e-12 {
				t.Errorf("got %v [%v, %v], want %v [%v, %v]", mean, lo, hi, tt.mean, tt.lo, tt.hi)
			}
		})
	}
}

// TestMeanCICoverage checks the interval against the normal approximation for
// a large sample: the bootstrap interval of a mean of n draws from U(0,1) is
// about mean ± 1.96·sqrt(1/12/n).
func TestMeanCICoverage(t *testing.T) {
	const n = 400
	x := make([]float64, n)
	for i := range x {
		x[i] = (float64(i) + 0.5) / n
	}
	mean, lo, hi := MeanCI(x, Bootstrap{Resamples: 4000, Seed: 3}.Samples(n), 0.95)
	half := 1.96 * math.Sqrt(1.0/12/n)
	if math.Abs(mean-0.5) > 1e-12 || math.Abs((hi-lo)/2-half) > 0.1*half || lo >= mean || hi <= mean {
		t.Fatalf("mean %v, interval [%v, %v]; want half-width about %v", mean, lo, hi, half)
	}
}

func TestQuantile(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	for p, want := range map[float64]float64{0: 1, 1: 5, 0.5: 3, 0.125: 1.5, 0.975: 4.9} {
		if got := quantile(x, p); math.Abs(got-want) > 1e-12 {
			t.Errorf("quantile(%v) = %v, want %v", p, got, want)
		}
	}
}

func sampleScores() []BookScore {
	return []BookScore{
		{ID: "b", Method: "first1000", Rouge1: 0.5, Rouge2: 0.1, Rouge1NoStem: 0.45, Rouge2NoStem: 0.09},
		{ID: "a", Method: "first1000", Rouge1: 0.4, Rouge2: 0.05, Rouge1NoStem: 0.38, Rouge2NoStem: 0.04},
		{ID: "a", Method: "passage", Rouge1: 0.42, Rouge2: 0.06, Rouge1NoStem: 0.4, Rouge2NoStem: 0.05},
		{ID: "b", Method: "passage", Rouge1: 0.52, Rouge2: 0.12, Rouge1NoStem: 0.5, Rouge2NoStem: 0.1},
		{ID: "c", Method: "passage", Rouge1: 0.3, Rouge2: 0.02, Rouge1NoStem: 0.28, Rouge2NoStem: 0.02},
	}
}

func TestSummarizeGolden(t *testing.T) {
	set := Settings{Corpus: "testdata/corpus", Words: 1000, Seed: 1, Resamples: 500,
		Rouge: RougeSettings{Stem: true, Exceptions: true}}
	res, err := Summarize(set, sampleScores(), 2)
	if err != nil {
		t.Fatal(err)
	}
	if res.Books != 3 || res.Rejected != 2 || len(res.Methods) != 2 || res.Methods[0].Name != "passage" {
		t.Fatalf("unexpected results: %+v", res)
	}
	if p := res.Methods[0].PVsFirst1000; p == nil || p.Rouge1 <= 0 || p.Rouge1 > 1 || res.Methods[1].PVsFirst1000 != nil || res.Methods[0].PVsJing != nil {
		t.Errorf("p-values: passage vs first1000 %+v, first1000 vs itself %+v", p, res.Methods[1].PVsFirst1000)
	}
	if m := res.Methods[1]; math.Abs(m.Rouge1Recall-0.45) > 1e-12 || m.Books != 2 {
		t.Fatalf("first1000 = %+v, want mean 0.45 over 2 books", m)
	}
	js, err := res.JSON()
	if err != nil {
		t.Fatal(err)
	}
	csv, err := res.PerBookCSV()
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string][]byte{"results.json": js, "table.md": res.Table(), "per_book.csv": csv} {
		golden(t, name, got)
	}

	// Order of the input does not matter.
	rev := sampleScores()
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	res2, _ := Summarize(set, rev, 2)
	js2, _ := res2.JSON()
	if !bytes.Equal(js, js2) {
		t.Fatal("results depend on the order of the scores")
	}
}

func TestSummarizeDuplicate(t *testing.T) {
	s := append(sampleScores(), BookScore{ID: "a", Method: "passage"})
	if _, err := Summarize(Settings{}, s, 0); !errors.Is(err, ErrDuplicateScore) {
		t.Fatalf("err = %v, want ErrDuplicateScore", err)
	}
}

func TestMethodOrder(t *testing.T) {
	got := MethodOrder([]string{"zeta", "first1000", "oracle", "passage", "alpha", "jing"})
	want := []string{"passage", "jing", "first1000", "oracle", "alpha", "zeta"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// TestNamesOf checks the lists derived from Methods: the trained
// methods are the aligners, and every name is known once.
func TestNamesOf(t *testing.T) {
	for _, tc := range []struct {
		kinds []Kind
		want  []string
	}{
		{nil, []string{"passage", "token", "jing", "first1000", "oracle", "oracle-content", "random", "names", "lexrank", "textrank"}},
		{[]Kind{Trained}, []string{align.MethodPassage, align.MethodToken, align.MethodJing}},
		{[]Kind{FirstWords}, []string{MethodFirst1000}},
		{[]Kind{Baseline}, []string{MethodOracle, MethodOracleContent, MethodRandom, MethodNames, MethodLexRank, MethodTextRank}},
		{[]Kind{FirstWords, Baseline}, []string{MethodFirst1000, MethodOracle, MethodOracleContent, MethodRandom, MethodNames, MethodLexRank, MethodTextRank}},
	} {
		if got := NamesOf(tc.kinds...); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("NamesOf(%v) = %q, want %q", tc.kinds, got, tc.want)
		}
	}
	if got := DisplayName(align.MethodPassage); got != "Block HMM (passage)" {
		t.Errorf("DisplayName(passage) = %q", got)
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s:\n%s", name, path, got)
	}
}

// TestDisplayNames: each method has one display name that names what to
// give --methods: the name in parentheses, unless the label is the name
// up to case and spaces; the aligners' labels start with the names of the
// paper's results table.
func TestDisplayNames(t *testing.T) {
	for _, m := range Methods {
		plain := strings.ToLower(strings.ReplaceAll(m.Label, " ", "")) == m.Name
		if !plain && !strings.HasSuffix(m.Label, " ("+m.Name+")") {
			t.Errorf("%s: label %q names neither the method nor its --methods name", m.Name, m.Label)
		}
	}
	for name, paper := range map[string]string{align.MethodPassage: "Block HMM", align.MethodToken: "Word HMM", align.MethodJing: "Jing 1999", MethodFirst1000: "First 1000"} {
		if got := DisplayName(name); !strings.HasPrefix(got, paper) || !strings.Contains(got, name) && got != paper {
			t.Errorf("DisplayName(%s) = %q, want the paper's %q and %s", name, got, paper, name)
		}
	}
	if got := DisplayName("other"); got != "other" {
		t.Errorf("DisplayName of an unknown method: %q", got)
	}
}
