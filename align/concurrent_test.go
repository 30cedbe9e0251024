package align

import (
	"reflect"
	"sync"
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
	together := make([]*Alignment, len(methods))
	errs := make([]error, len(methods))
	var wg sync.WaitGroup
	for i, a := range aligners() {
		wg.Go(func() { together[i], errs[i] = a.Align(p) })
	}
	wg.Wait()
	for i := range methods {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if !reflect.DeepEqual(alone[i], together[i]) {
			t.Errorf("%s: alignment differs when the aligners run at once", methods[i])
		}
	}
}
