package rouge_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/rouge"
)

// m builds a Measure from ROUGE's printed values and its counts.
func m(r, p, f float64, hits, ref, cand int) rouge.Measure {
	return rouge.Measure{Recall: r, Precision: p, F: f, Hits: hits, Reference: ref, Candidate: cand}
}

// Options of the scorerTests, named after ROUGE's flags.
const (
	none   = iota
	m_     // -m with the exception table
	m_noex // -m with an empty exception table
	ms     // -m -s
	s_     // -s
)

// scorerTests are reference scores worked out by hand from ROUGE-1.5.5's
// rules; the hits of the unusual cases are explained beside them.
var scorerTests = []struct {
	name      string
	opts      int
	cand, ref string
	want      rouge.Result
}{
	{
		name: "empty texts",
		want: rouge.Result{},
	},
	{
		name: "identical",
		cand: "The cat sat.\nOn the mat!", ref: "The cat sat.\nOn the mat!",
		want: rouge.Result{
			ROUGE1: m(1, 1, 1, 6, 6, 6),
			ROUGE2: m(1, 1, 1, 5, 5, 5),
			ROUGEL: m(1, 1, 1, 6, 6, 6),
		},
	},
	{
		name: "reference without tokens",
		cand: "Only punctuation in the reference.", ref: "!!! ... ??? --- ;;;",
		want: rouge.Result{
			ROUGE1: m(0, 0, 0, 0, 0, 5),
			ROUGE2: m(0, 0, 0, 0, 0, 4),
			ROUGEL: m(0, 0, 0, 0, 0, 5),
		},
	},
	{
		// Lin (2004), section 3.2: LCS(r, c1) = a b, LCS(r, c2) = a c e,
		// union = a b c e. The bigrams of the candidate cross its lines.
		name: "union LCS",
		cand: "a b f g h\na c h i e", ref: "a b c d e",
		want: rouge.Result{
			ROUGE1: m(0.8, 0.4, 0.53333, 4, 5, 10),
			ROUGE2: m(0.25, 0.11111, 0.15385, 1, 4, 9),
			ROUGEL: m(0.8, 0.4, 0.53333, 4, 5, 10),
		},
	},
	{
		// "b a" against "a b" ties at the last cell, and the traceback goes
		// up, marking a; "a" marks a again. Going left would add b.
		name: "traceback goes up on a tie",
		cand: "b a\na", ref: "a b",
		want: rouge.Result{
			ROUGE1: m(1, 0.66667, 0.8, 2, 2, 3),
			ROUGE2: m(0, 0, 0, 0, 1, 2),
			ROUGEL: m(0.5, 0.33333, 0.4, 1, 2, 3),
		},
	},
	{
		// "a" against "a b a" marks the last a, from the last cell; "b a"
		// marks b and the same a. The first a is never marked.
		name: "traceback starts at the last cell",
		cand: "a\nb a", ref: "a b a",
		want: rouge.Result{
			ROUGE1: m(1, 1, 1, 3, 3, 3),
			ROUGE2: m(1, 1, 1, 2, 2, 2),
			ROUGEL: m(0.66667, 0.66667, 0.66667, 2, 3, 3),
		},
	},
	{
		// Both reference sentences mark their a, but the candidate has
		// only one a to give.
		name: "unigram counts clip ROUGE-L",
		cand: "a", ref: "a\na",
		want: rouge.Result{
			ROUGE1: m(0.5, 1, 0.66667, 1, 2, 1),
			ROUGE2: m(0, 0, 0, 0, 1, 0),
			ROUGEL: m(0.5, 1, 0.66667, 1, 2, 1),
		},
	},
	{
		// 1/64 = 0.015625 is printed 0.01562: halves round to even.
		name: "rounding of a half",
		cand: "a", ref: "a" + strings.Repeat(" b", 63),
		want: rouge.Result{
			ROUGE1: m(0.01562, 1, 0.03076, 1, 64, 1),
			ROUGE2: m(0, 0, 0, 0, 63, 0),
			ROUGEL: m(0.01562, 1, 0.03076, 1, 64, 1),
		},
	},
	{
		name: "case and punctuation",
		cand: "IN FACT, THE FARMER!", ref: "In fact -- the farmer.",
		want: rouge.Result{
			ROUGE1: m(1, 1, 1, 4, 4, 4),
			ROUGE2: m(1, 1, 1, 3, 3, 3),
			ROUGEL: m(1, 1, 1, 4, 4, 4),
		},
	},
	{
		// feet -> foot and went -> go by the table; "was" has three
		// letters and is kept, so it does not become "be".
		name: "-m with exceptions", opts: m_,
		cand: "foot go be", ref: "feet went was",
		want: rouge.Result{
			ROUGE1: m(0.66667, 0.66667, 0.66667, 2, 3, 3),
			ROUGE2: m(0.5, 0.5, 0.5, 1, 2, 2),
			ROUGEL: m(0.66667, 0.66667, 0.66667, 2, 3, 3),
		},
	},
	{
		name: "-m without exceptions", opts: m_noex,
		cand: "foot go be", ref: "feet went was",
		want: rouge.Result{
			ROUGE1: m(0, 0, 0, 0, 3, 3),
			ROUGE2: m(0, 0, 0, 0, 2, 2),
			ROUGEL: m(0, 0, 0, 0, 3, 3),
		},
	},
	{
		// A base form from the table is not stemmed again: mice -> mouse,
		// but mouse -> mous.
		name: "-m does not stem base forms", opts: m_,
		cand: "mouse", ref: "mice",
		want: rouge.Result{
			ROUGE1: m(0, 0, 0, 0, 1, 1),
			ROUGE2: m(0, 0, 0, 0, 0, 0),
			ROUGEL: m(0, 0, 0, 0, 1, 1),
		},
	},
	{
		name: "-m stems both texts", opts: m_noex,
		cand: "The agreements were argued", ref: "An agreement; arguing",
		want: rouge.Result{
			ROUGE1: m(0.66667, 0.5, 0.57143, 2, 3, 4),
			ROUGE2: m(0, 0, 0, 0, 2, 3),
			ROUGEL: m(0.66667, 0.5, 0.57143, 2, 3, 4),
		},
	},
	{
		// Stopwords go, and the bigram "cat dog" forms across the gap.
		name: "-s leaves no gap", opts: s_,
		cand: "the cat and the dog", ref: "cat dog",
		want: rouge.Result{
			ROUGE1: m(1, 1, 1, 2, 2, 2),
			ROUGE2: m(1, 1, 1, 1, 1, 1),
			ROUGEL: m(1, 1, 1, 2, 2, 2),
		},
	},
	{
		// "went" is a stopword, so it is dropped before -m could make it
		// "go", which is also a stopword.
		name: "-s before -m", opts: ms,
		cand: "feet go", ref: "foot went",
		want: rouge.Result{
			ROUGE1: m(1, 1, 1, 1, 1, 1),
			ROUGE2: m(0, 0, 0, 0, 0, 0),
			ROUGEL: m(1, 1, 1, 1, 1, 1),
		},
	},
}

func TestScorer(t *testing.T) {
	full, noexc := loadData(t), stopwordsOnly(t)
	scorers := map[int]*rouge.Scorer{
		none:   {},
		m_:     {Stem: true, Data: full},
		m_noex: {Stem: true},
		ms:     {Stem: true, RemoveStopwords: true, Data: full},
		s_:     {RemoveStopwords: true, Data: noexc},
	}
	for _, tt := range scorerTests {
		t.Run(tt.name, func(t *testing.T) {
			s := scorers[tt.opts]
			got, err := s.Score(tt.cand, tt.ref)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("Score(%q, %q)\ngot  %+v\nwant %+v", tt.cand, tt.ref, got, tt.want)
			}
			r, err := s.Prepare(tt.ref)
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Score(tt.cand); got != tt.want {
				t.Errorf("Prepare(%q).Score(%q)\ngot  %+v\nwant %+v", tt.ref, tt.cand, got, tt.want)
			}
		})
	}
}

func TestAnalyze(t *testing.T) {
	full := loadData(t)
	text := "Better mice ran quickly.\n\n...\nThe agreement went well"
	tests := []struct {
		name string
		s    *rouge.Scorer
		want [][]string
	}{
		{"none", &rouge.Scorer{}, [][]string{
			{"better", "mice", "ran", "quickly"}, {"the", "agreement", "went", "well"}}},
		{"-m", &rouge.Scorer{Stem: true, Data: full}, [][]string{
			{"well", "mouse", "ran", "quickli"}, {"the", "agreem", "go", "well"}}},
		{"-m without exceptions", &rouge.Scorer{Stem: true}, [][]string{
			{"better", "mice", "ran", "quickli"}, {"the", "agreem", "went", "well"}}},
		{"-m -s", &rouge.Scorer{Stem: true, RemoveStopwords: true, Data: full}, [][]string{
			{"mouse", "ran", "quickli"}, {"agreem"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.s.Analyze(text)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Analyze(%q) = %q, want %q", text, got, tt.want)
			}
		})
	}
}

func TestNoStopwords(t *testing.T) {
	noList, err := rouge.NewData(nil, strings.NewReader("mice mouse\n"), nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []*rouge.Scorer{
		{RemoveStopwords: true},
		{RemoveStopwords: true, Stem: true, Data: noList},
	} {
		if _, err := s.Score("a", "a"); !errors.Is(err, rouge.ErrNoStopwords) {
			t.Errorf("%+v: Score error %v, want ErrNoStopwords", s, err)
		}
		if _, err := s.Prepare("a"); !errors.Is(err, rouge.ErrNoStopwords) {
			t.Errorf("%+v: Prepare error %v, want ErrNoStopwords", s, err)
		}
		if _, err := s.Analyze("a"); !errors.Is(err, rouge.ErrNoStopwords) {
			t.Errorf("%+v: Analyze error %v, want ErrNoStopwords", s, err)
		}
	}
}

func FuzzScore(f *testing.F) {
	f.Add("The cat sat.\nOn the mat!", "the mat\nthe cat sat on")
	f.Add("", "a")
	f.Add("Crème brûlée", "creme brulee")
	scorers := []*rouge.Scorer{{}, {Stem: true}}
	f.Fuzz(func(t *testing.T, cand, ref string) {
		for _, s := range scorers {
			got, err := s.Score(cand, ref)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range []rouge.Measure{got.ROUGE1, got.ROUGE2, got.ROUGEL} {
				for _, v := range []float64{x.Recall, x.Precision, x.F} {
					if !(v >= 0 && v <= 1) {
						t.Fatalf("Score(%q, %q) = %+v: value out of [0, 1]", cand, ref, got)
					}
				}
				if x.Hits > x.Reference || x.Hits > x.Candidate {
					t.Fatalf("Score(%q, %q) = %+v: more hits than n-grams", cand, ref, got)
				}
			}
			self, err := s.Score(ref, ref)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range []rouge.Measure{self.ROUGE1, self.ROUGE2, self.ROUGEL} {
				if x.Reference > 0 && (x.Recall != 1 || x.Precision != 1 || x.F != 1) {
					t.Fatalf("Score(%q, itself) = %+v, want 1", ref, self)
				}
			}
		}
	})
}
