package logistic

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// tinyModel trains a model on carol and home, with the sentences about
// Scrooge labelled.
func tinyModel(tb testing.TB) *Model {
	tb.Helper()
	_, a := classifytest.Parse(tb, "carol", classifytest.Carol)
	_, b := classifytest.Parse(tb, "home", classifytest.Home)
	c, err := features.NewCollection(features.Settings{Vocabulary: 5, Names: 3}, nil, a.Stats(), b.Stats())
	if err != nil {
		tb.Fatal(err)
	}
	fa, fb := c.Featurize(a), c.Featurize(b)
	fa.Label = a.Labels([]int{2, 5})
	fb.Label = b.Labels([]int{0})
	m, err := trainOne(&Trainer{Lambda: 0.01}, c, []*features.Features{fa, fb})
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

func TestModelJSON(t *testing.T) {
	m := tinyModel(t)
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := ReadModel(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatalf("ReadModel: %v\n%s", err, buf.String())
	}
	var again bytes.Buffer
	got.WriteJSON(&again)
	if again.String() != buf.String() {
		t.Errorf("round trip changes the model:\n%s\n%s", buf.String(), again.String())
	}
	// The loaded model summarizes as the trained one does.
	_, b := classifytest.Parse(t, "new", "Marley came home. Scrooge was cold. Bob said nothing at all.")
	if s1, s2 := m.Scores(b), got.Scores(b); !slices.Equal(s1, s2) {
		t.Errorf("scores differ after loading: %v %v", s1, s2)
	}
	if s := m.Summarize(m.Collection.Prepare(b, nil), 3); !slices.Equal(s, []int{1}) {
		t.Logf("summary %v", s) // which sentence wins is up to the weights
	}
}

func TestReadModelErrors(t *testing.T) {
	m := tinyModel(t)
	var buf bytes.Buffer
	m.WriteJSON(&buf)
	good := buf.String()
	for _, tc := range []struct {
		name string
		edit func(s string) string
		want error // nil: any error
	}{
		{"not JSON", func(string) string { return "{" }, nil},
		{"other format", func(s string) string { return strings.Replace(s, FormatVersion, "bookalign-classify/0", 1) }, ErrFormat},
		{"no format", func(string) string { return "{}" }, ErrFormat},
		{"unknown field", func(s string) string { return strings.Replace(s, `"bias"`, `"extra": 1, "bias"`, 1) }, nil},
		{"feature renamed", func(s string) string { return strings.Replace(s, `"IS_NAME"`, `"IS_NOUN"`, 1) }, ErrModel},
		{"weight missing", func(s string) string {
			i := strings.Index(s, `"weights": [`) + len(`"weights": [`)
			j := strings.Index(s[i:], ",")
			return s[:i] + s[i+j+1:]
		}, ErrModel},
		{"no collection", func(s string) string { return strings.Replace(s, `"collection": {`, `"collection": null, "x": {`, 1) }, nil},
		{"df out of range", func(s string) string { return strings.Replace(s, `"scrooge": 2`, `"scrooge": 3`, 1) }, ErrModel},
		{"negative lambda", func(s string) string { return strings.Replace(s, `"lambda": 0.01`, `"lambda": -0.01`, 1) }, ErrModel},
		{"ids unsorted", func(s string) string {
			return strings.Replace(s, "\"carol\",\n   \"home\"", "\"home\",\n   \"carol\"", 1)
		}, ErrModel},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.edit(good)
			if s == good {
				t.Fatalf("edit changed nothing")
			}
			_, err := ReadModel(strings.NewReader(s))
			if err == nil || tc.want != nil && !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
}
