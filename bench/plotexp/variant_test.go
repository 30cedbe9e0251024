package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/bench/internal/pairids"
	"github.com/bookalign/bookalign/internal/sharedtest"
)

// TestParseVariant checks the variants' syntax and its refusals.
func TestParseVariant(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "none"},
		{"none", "none"},
		{"names,spread,density", "names,spread,density"},
		{" names , density ", "names,density"},
		{"names/prior=0.01", "names/prior=0.01"},
		{"names/link=0.5/prior=0.01", "names/link=0.5/prior=0.01"},
		{"none/linkmean=-1e3", "none/linkmean=-1000"},
		{"names,link/linkcontent=0.5", "names,link/linkcontent=0.5"},
	} {
		v, err := parseVariant(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if got := v.String(); got != tc.want {
			t.Errorf("%q reads as %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, in := range []string{
		"names,bogus",
		"names+count",
		"names/",
		"names/link",
		"names/link=",
		"names/link=x",
		"names/link=NaN",
		"names/prior=Inf",
		"names/alpha=1",
		"names/link=1e999",
		strings.Repeat("names,", 1<<16),
	} {
		if _, err := parseVariant(in); err == nil {
			t.Errorf("%.40q: no error", in)
		}
	}
	// A variant that needs the sentence model needs -labels.
	var o options
	if err := o.parse("names/prior=0.01", "0.5,0.1"); err == nil {
		t.Error("prior without -labels: no error")
	}
	o = options{folds: 2}
	if err := o.parse("names/link=0.5", "0.5,0.1"); err == nil {
		t.Error("link without -labels: no error")
	}
}

// TestHarnessWithLabels runs the harness on the sample corpus with a
// sentence model trained on made-up labels (each book's first sentences)
// and checks that the prior and the link change the extracts.
func TestHarnessWithLabels(t *testing.T) {
	rougeDir := sharedtest.Path(t, "rouge")
	corpus := filepath.Join("..", "..", "sample")
	ids, err := pairids.Read(corpus)
	if err != nil {
		t.Fatal(err)
	}
	labels := t.TempDir()
	dir := filepath.Join(labels, "alignments", "token")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids {
		line := `{"book_sentences":[40,41,42,43,200,201,202]}` + "\n"
		if err := os.WriteFile(filepath.Join(dir, id+".jsonl"), []byte(line+line), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	o := options{corpus: corpus, rougeDir: rougeDir, folds: 3, seed: 1, labels: labels}
	if err := o.parse("density;density/prior=0.05;density/prior=0.05/link=1;density/prior=0.05/linkmean=1;density/prior=0.05/linkcontent=1;density,link/prior=0.05", "0.5,0.1"); err != nil {
		t.Fatal(err)
	}
	o.cover.Bigram, o.cover.Function, o.cover.MinWords = 3, 0.2, 15
	c, err := load(&o)
	if err != nil {
		t.Fatal(err)
	}
	scores, err := c.crossValidate(&o)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	report(&out, &o, c, scores)
	for v := 1; v < len(scores); v++ {
		same := true
		for i := range scores[v] {
			same = same && scores[v][i] == scores[v-1][i]
		}
		if same {
			t.Errorf("variants %v and %v score alike:\n%s", o.variants[v-1], o.variants[v], out.String())
		}
	}
	// A missing alignment file is an error.
	if err := os.Remove(filepath.Join(dir, ids[0]+".jsonl")); err != nil {
		t.Fatal(err)
	}
	if _, err := load(&o); err == nil {
		t.Error("missing labels: no error")
	}
}
