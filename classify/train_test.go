package classify

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/optimize"
)

func modelJSON(tb testing.TB, m *Model) string {
	tb.Helper()
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		tb.Fatal(err)
	}
	return buf.String()
}

// TestTrainDeterministic checks that the model, lambda chosen on the inner
// split included, depends neither on the order of the books nor on the
// number of goroutines.
func TestTrainDeterministic(t *testing.T) {
	const dim = 8
	w := []float64{2, -1.5, 1, -0.5, 0, 0.75, -2, 1.25}
	books := synthetic(11, 12, 300, dim, 0.3, w, -2, false)
	c := syntheticCollection(dim)
	var want string
	for i, tc := range []struct {
		workers int
		seed    uint64
	}{{1, 1}, {2, 2}, {4, 3}} {
		shuffled := slices.Clone(books)
		rand.New(rand.NewPCG(tc.seed, 0)).Shuffle(len(shuffled), func(i, j int) {
			shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
		})
		m, err := (&Trainer{Workers: tc.workers, Seed: 5}).Train(c, shuffled)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Selection) == 0 || len(m.Selection) > len(DefaultLambdas) || !slices.Contains(DefaultLambdas, m.Lambda) {
			t.Errorf("lambda %v chosen from %+v", m.Lambda, m.Selection)
		}
		if m.Training.Books != 12 || m.Training.Sentences != 12*300 {
			t.Errorf("training %+v", m.Training)
		}
		got := modelJSON(t, m)
		if i == 0 {
			want = got
			t.Logf("lambda %v from %+v", m.Lambda, m.Selection)
		} else if got != want {
			t.Errorf("workers %d, shuffle %d: model differs", tc.workers, tc.seed)
		}
	}
}

// TestTrainCriteria checks that both criteria choose a lambda and record
// their choice.
func TestTrainCriteria(t *testing.T) {
	const dim = 8
	w := []float64{2, -1.5, 1, -0.5, 0, 0.75, -2, 1.25}
	books := synthetic(12, 10, 200, dim, 0.3, w, -3, false)
	c := syntheticCollection(dim)
	for _, cr := range []Criterion{LogLoss, Precision} {
		m, err := (&Trainer{Criterion: cr, Lambdas: []float64{1e-1, 1e-3}, Budget: 100}).Train(c, books)
		if err != nil {
			t.Fatal(err)
		}
		if m.Criterion != cr.String() || len(m.Selection) != 2 {
			t.Errorf("%v: criterion %q selection %+v", cr, m.Criterion, m.Selection)
		}
		// Heavy regularisation loses held-out likelihood on data generated
		// by this model; the ranking, and so precision, hardly changes.
		if cr == LogLoss && m.Lambda != 1e-3 || !slices.Contains([]float64{1e-1, 1e-3}, m.Lambda) {
			t.Errorf("%v chose lambda %v from %+v", cr, m.Lambda, m.Selection)
		}
	}
}

func TestTrainErrors(t *testing.T) {
	const dim = 8
	w := make([]float64, dim)
	c := syntheticCollection(dim)
	good := func() []*Features { return synthetic(1, 3, 20, dim, 0.3, w, -1, false) }
	for _, tc := range []struct {
		name  string
		tr    Trainer
		books func() []*Features
		want  error
	}{
		{"no books", Trainer{}, func() []*Features { return nil }, ErrNoBooks},
		{"no labels", Trainer{Lambda: 1}, func() []*Features { b := good(); b[1].Label = nil; return b }, ErrNoLabels},
		{"feature out of range", Trainer{Lambda: 1}, func() []*Features { b := good(); b[0].Index[0] = 1 << 20; return b }, ErrFeatures},
		{"malformed", Trainer{Lambda: 1}, func() []*Features { b := good(); b[2].Start[0] = 1; return b }, ErrFeatures},
		{"duplicate", Trainer{Lambda: 1}, func() []*Features { b := good(); b[1].ID = b[0].ID; return b }, ErrDuplicateBook},
		{"bad lambda", Trainer{Lambdas: []float64{0}}, good, nil},
		{"no positive label", Trainer{Lambda: 1}, func() []*Features { return unlabelled(good()) }, ErrNoPositives},
		{"no positive label, lambda to choose", Trainer{}, func() []*Features { return unlabelled(good()) }, ErrNoPositives},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := (&tc.tr).Train(c, tc.books())
			if err == nil || tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
}

// unlabelled clears every label of books: no sentence is in a summary.
func unlabelled(books []*Features) []*Features {
	for _, b := range books {
		clear(b.Label)
	}
	return books
}

// TestTrainTooFewBooks trains on a single book: with no book to hold out,
// the trainer falls back to the strongest lambda, says so in the model and
// warns, instead of failing.
func TestTrainTooFewBooks(t *testing.T) {
	const dim = 8
	w := []float64{2, -1.5, 1, -0.5, 0, 0.75, -2, 1.25}
	c := syntheticCollection(dim)
	books := synthetic(1, 3, 40, dim, 0.3, w, -1, false)[:1]
	var warnings []string
	tr := &Trainer{Warn: func(msg string) { warnings = append(warnings, msg) }}
	m, err := tr.Train(c, books)
	if err != nil {
		t.Fatal(err)
	}
	if m.Lambda != DefaultLambdas[0] || len(m.Selection) != 0 || !strings.Contains(m.LambdaNote, "too few") {
		t.Errorf("lambda %v, selection %+v, note %q", m.Lambda, m.Selection, m.LambdaNote)
	}
	if len(warnings) != 1 || warnings[0] != m.LambdaNote {
		t.Errorf("warnings %q", warnings)
	}
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ReadModel(&buf)
	if err != nil || back.LambdaNote != m.LambdaNote {
		t.Errorf("the note does not survive a round trip: %v", err)
	}
	if m, err := (&Trainer{Lambdas: []float64{0.5, 0.1}, Warn: func(string) {}}).Train(c, books); err != nil || m.Lambda != 0.5 {
		t.Errorf("with candidates 0.5, 0.1: lambda %v, %v", m.Lambda, err)
	}
}

// TestFitError checks which ends of an L-BFGS fit are accepted: a
// converged fit, and one stopped without progress or by its line search at
// a finite objective; not a fit with a non-finite objective or another
// error.
func TestFitError(t *testing.T) {
	finite, nan := &optimize.Result{Location: optimize.Location{F: 1.5}}, &optimize.Result{Location: optimize.Location{F: math.NaN()}}
	for _, tc := range []struct {
		name string
		res  *optimize.Result
		err  error
		ok   bool
	}{
		{"converged", finite, nil, true},
		{"no progress", finite, optimize.ErrNoProgress, true},
		{"line search", finite, optimize.ErrLinesearcherFailure, true},
		{"no progress at NaN", nan, optimize.ErrNoProgress, false},
		{"no result", nil, optimize.ErrNoProgress, false},
		{"other error", finite, errors.New("gradient evaluation failed"), false},
	} {
		if err := fitError(tc.res, tc.err); (err == nil) != tc.ok {
			t.Errorf("%s: %v, want accepted %v", tc.name, err, tc.ok)
		}
	}
}
