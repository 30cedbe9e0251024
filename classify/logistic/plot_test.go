package logistic

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// TestCoveragePlot checks Settings.CoveragePlot: the collection's coverage
// statistics carry its plot properties, the training cells and a book's
// keys hold them, a model file keeps them and refuses statistics that
// disagree with its settings, and bad or cancelling values are refused.
func TestCoveragePlot(t *testing.T) {
	books := classifytest.CoverageBooks(t, 10)
	set := coverageSettings
	set.CoveragePlot = "names,spread,density"
	col := collectionOf(t, books[:8], set)
	if want := coverage.PlotNames | coverage.PlotSpread | coverage.PlotDensity; col.Coverage.Plot != want {
		t.Fatalf("collection plot %v, want %v", col.Coverage.Plot, want)
	}
	plain := collectionOf(t, books[:8], coverageSettings)
	if f, g := col.Featurize(books[0]), plain.Featurize(books[0]); slices.Equal(f.Cover.Keys, g.Cover.Keys) {
		t.Error("the training cells with plot properties are those without")
	}
	m := trainCoverage(t, col, books[:8])
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	got, err := ReadModel(strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range books[8:] {
		if a, b := got.Summarize(got.Collection.Prepare(b, nil), 200), m.Summarize(m.Collection.Prepare(b, nil), 200); !slices.Equal(a, b) {
			t.Errorf("the model read back summarizes %v, the model %v", a, b)
		}
	}
	for name, edit := range map[string][2]string{
		"settings without plot": {`"coverage_plot": "names,spread,density"`, `"coverage_plot": ""`},
		"unknown property":      {`"coverage_plot": "names,spread,density"`, `"coverage_plot": "names,first"`},
		"statistics bits":       {`"plot": 7`, `"plot": 64`},
	} {
		s := strings.Replace(good, edit[0], edit[1], 1)
		if s == good {
			t.Fatalf("%s: edit changed nothing", name)
		}
		if _, err := ReadModel(strings.NewReader(s)); !errors.Is(err, ErrModel) {
			t.Errorf("%s: %v, want %v", name, err, ErrModel)
		}
	}
	off := features.Settings{CoveragePlot: "names"}
	if err := off.Validate(); !errors.Is(err, features.ErrCoverageOff) {
		t.Errorf("plot without coverage: %v, want %v", err, features.ErrCoverageOff)
	}
	bad := set
	bad.CoveragePlot = "names,,"
	if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), "coverage_plot names,, is out of range") {
		t.Errorf("bad plot: %v", err)
	}
}

// TestCoveragePlotLink checks the link property (coverage.PlotLink): the
// collection carries it, a model file keeps it and summarizes as the model
// did, and it changes no training cell (it adds no key field).
func TestCoveragePlotLink(t *testing.T) {
	books := classifytest.CoverageBooks(t, 10)
	set := coverageSettings
	set.CoveragePlot = "names,spread,density"
	plain := collectionOf(t, books[:8], set)
	set.CoveragePlot = "names,spread,density,link"
	col := collectionOf(t, books[:8], set)
	if want := coverage.PlotNames | coverage.PlotSpread | coverage.PlotDensity | coverage.PlotLink; col.Coverage.Plot != want {
		t.Fatalf("collection plot %v, want %v", col.Coverage.Plot, want)
	}
	if f, g := col.Featurize(books[0]), plain.Featurize(books[0]); !slices.Equal(f.Cover.Keys, g.Cover.Keys) || !slices.Equal(f.Cover.Hits, g.Cover.Hits) {
		t.Error("the link changed the training cells")
	}
	m := trainCoverage(t, col, books[:8])
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"plot": 15`) {
		t.Error("the model file does not keep the link")
	}
	got, err := ReadModel(strings.NewReader(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range books[8:] {
		if a, b := got.Summarize(got.Collection.Prepare(b, nil), 200), m.Summarize(m.Collection.Prepare(b, nil), 200); !slices.Equal(a, b) {
			t.Errorf("the model read back summarizes %v, the model %v", a, b)
		}
	}
	for _, bad := range []string{"link,", "names,link=0.25", "LINK", "link;names"} {
		s := set
		s.CoveragePlot = bad
		if err := s.Validate(); err == nil {
			t.Errorf("coverage_plot %q: no error", bad)
		}
	}
	if err := (features.Settings{CoveragePlot: "link"}).Validate(); !errors.Is(err, features.ErrCoverageOff) {
		t.Errorf("link without coverage: %v", err)
	}
}
