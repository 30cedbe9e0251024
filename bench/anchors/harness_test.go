package main

import (
	"bytes"
	"os"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/text"
)

// harnessPairs are two short corpus books, so that the Passage HMM's 500
// rounds take a second or two.
var harnessPairs = []string{"daisy-miller", "the-strange-case-of-dr-jekyll-and-mr-hyde"}

// productSeed is the seed of bookalign run by default (pipelines'
// Config.Seed), which seeds the Passage HMM's sampler.
const productSeed = 1

// TestHarnessAlignsAsProduct checks that the harness measures exactly the
// aligners the product runs: for the default variants, the alignment
// records and labels of the harness (loadDocs, parseVariant, the variant's
// prepare and aligner, as run uses them, with the thesaurus loaded as run
// loads it) equal those of the product's path, which transforms.Align
// takes with the default align options: the files parsed by
// text.ParseBook and text.ParseSummary, the pair prepared by
// align.PrepareForms in align.DefaultForms, the aligner from align.New with
// the run's seed and nothing else set (no thesaurus: the default aligners
// emit no synonyms), and the records written by align.WriteRecords.
func TestHarnessAlignsAsProduct(t *testing.T) {
	dir := sharedtest.Path(t, "corpus")
	th, err := align.LoadThesaurus(sharedtest.Path(t, "thesaurus"))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range harnessPairs {
		book, summary, err := loadDocs(dir, id)
		if err != nil {
			t.Fatal(err)
		}
		prod := productPair(t, dir, id)
		for _, method := range []string{align.MethodPassage, align.MethodToken, align.MethodJing} {
			v, err := parseVariant(method, nil)
			if err != nil {
				t.Fatal(err)
			}
			p, err := v.prepare(book, summary)
			if err != nil {
				t.Fatal(err)
			}
			got, err := v.aligner(th).Align(p)
			if err != nil {
				t.Fatal(err)
			}
			a, err := align.New(method, align.Options{Seed: productSeed})
			if err != nil {
				t.Fatal(err)
			}
			want, err := a.Align(prod)
			if err != nil {
				t.Fatal(err)
			}
			if g, w := records(t, p, got), records(t, prod, want); !bytes.Equal(g, w) {
				t.Errorf("%s, %s: the harness's records differ from the product's:\n%s\nwant\n%s", id, method, g, w)
			}
			if g, w := got.Labelled(), want.Labelled(); !slices.Equal(g, w) {
				t.Errorf("%s, %s: the harness labels %v, the product %v", id, method, g, w)
			}
			if len(want.Labelled()) == 0 {
				t.Errorf("%s, %s: nothing labelled: the comparison shows nothing", id, method)
			}
		}
	}
}

// productPair reads, parses and prepares pair id as the product's load and
// align steps do.
func productPair(t *testing.T, dir, id string) *align.Pair {
	t.Helper()
	l := corpus.Layout{Dir: dir}
	b, err := os.ReadFile(l.Book(id))
	if err != nil {
		t.Fatal(err)
	}
	s, err := os.ReadFile(l.Summary(id))
	if err != nil {
		t.Fatal(err)
	}
	book, err := text.ParseBook(string(b))
	if err != nil {
		t.Fatal(err)
	}
	summary, err := text.ParseSummary(string(s))
	if err != nil {
		t.Fatal(err)
	}
	p, err := align.PrepareForms(book, summary, align.DefaultForms)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// records returns a's alignment records as the product writes them.
func records(t *testing.T, p *align.Pair, a *align.Alignment) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := align.WriteRecords(&buf, align.Records(p, a)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestParseVariant checks the options the harness accepts and that it
// refuses the ones it does not know.
func TestParseVariant(t *testing.T) {
	for _, name := range []string{"passage", "token", "jing", "passage:exact:nocontext", "token:poss:syn", "passage:mu=20:ctxpost", "passage:rounds=200", "jing:stem"} {
		if _, err := parseVariant(name, nil); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, name := range []string{"block", "token:lemma", "passage:mu=0", "token:posterior", "passage:idf", "token:below=0.5", "passage:burnin=10", "passage:rounds=0"} {
		if _, err := parseVariant(name, nil); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
