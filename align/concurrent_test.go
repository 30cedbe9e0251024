package align

import (
	"reflect"
	"testing"
)

// TestAlignersShareAPair runs the three aligners at once on one Pair, as
// the pipeline does, and checks that they give what they give one at a
// time (run with -race to check that they only read the pair).
func TestAlignersShareAPair(t *testing.T) {
	p, _ := planted{Passages: 10, Size: 200, Vocab: 20, Sentences: 6, Length: 6, Common: 30, Noise: 0.3, Seed: 5}.build(t)
	methods := []string{MethodPassage, MethodToken, MethodJing}
	aligners := func() []Aligner {
		var out []Aligner
		for _, m := range methods {
			a, err := New(m, Options{Seed: 7, Iterations: 20})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, a)
		}
		return out
	}
	var alone []*Alignment
	for _, a := range aligners() {
		res, err := a.Align(p)
		if err != nil {
			t.Fatal(err)
		}
		alone = append(alone, res)
	}
	results, fit, err := AlignAll(p, aligners(), nil)
	if fit != nil || err != nil {
		t.Errorf("AlignAll without a fitter fitted: %v, %v", fit, err)
	}
	for i := range methods {
		if results[i].Err != nil {
			t.Fatal(results[i].Err)
		}
		if !reflect.DeepEqual(alone[i], results[i].Alignment) {
			t.Errorf("%s: alignment differs when the aligners run at once", methods[i])
		}
	}
}

// TestAlignAllFit checks that AlignAll returns the Passage HMM fit a
// fitter asks for, whether or not a Passage HMM is among the aligners, the
// same fit as PassageHMM.Fit alone, and the same alignments either way.
func TestAlignAllFit(t *testing.T) {
	p, _ := planted{Passages: 10, Size: 200, Vocab: 20, Sentences: 6, Length: 6, Common: 30, Noise: 0.3, Seed: 5}.build(t)
	opts := Options{Seed: 7, Iterations: 20}
	want, err := NewPassageHMM(opts).Fit(p)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		methods []string
	}{
		{"passage among them", []string{MethodToken, MethodPassage, MethodJing}},
		{"passage alone", []string{MethodPassage}},
		{"no passage", []string{MethodJing, MethodToken}},
		{"no aligner", nil},
	}
	for _, tt := range tests {
		var aligners []Aligner
		for _, m := range tt.methods {
			a, err := New(m, opts)
			if err != nil {
				t.Fatal(err)
			}
			aligners = append(aligners, a)
		}
		plain, _, _ := AlignAll(p, aligners, nil)
		results, fit, err := AlignAll(p, aligners, NewPassageHMM(opts))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !reflect.DeepEqual(fit, want) {
			t.Errorf("%s: the fit differs from PassageHMM.Fit's", tt.name)
		}
		if len(results) != len(tt.methods) {
			t.Fatalf("%s: %d results for %d aligners", tt.name, len(results), len(tt.methods))
		}
		for i, m := range tt.methods {
			if results[i].Err != nil || !reflect.DeepEqual(results[i].Alignment, plain[i].Alignment) || results[i].Alignment.Method != m {
				t.Errorf("%s: %s aligned differently when fitted (%v)", tt.name, m, results[i].Err)
			}
		}
	}
}
