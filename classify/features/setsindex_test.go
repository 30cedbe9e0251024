package features

import (
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// TestSetsIndex checks that featurizing a book through a SetsIndex gives
// what each collection's own FeaturizeGrams gives: under collections of
// different books (each holding words, terms and bigrams the others do
// not), for books inside and outside each, with and without the book's
// n-grams counted beforehand, and with the paper's features (no coverage
// statistics to index).
func TestSetsIndex(t *testing.T) {
	books := classifytest.CoverageBooks(t, 14)
	// Books whose words, terms and bigrams no other book holds.
	for i, raw := range []string{
		"Zarathustra walked to the mountain. Zarathustra spoke of the eagle and the serpent.",
		"Quasimodo rang the bells of Notre-Dame. Esmeralda danced in the square.",
		"Ishmael signed on the Pequod. Queequeg carved his coffin at sea.",
	} {
		_, b := classifytest.Parse(t, "unique-"+string(rune('a'+i)), raw)
		b.SetReference(raw[:30])
		books = append(books, b)
	}
	stop := []string{"a", "of", "the"}
	for _, tc := range []struct {
		name string
		set  Settings
		stop []string
	}{
		{"coverage, counts and events", Settings{Counts: true, Events: true, Coverage: true, CoverageBigram: 3, CoveragePrior: 0.03, CoverageMinWords: 5}, nil},
		{"coverage with stopwords", coverageSettings, stop},
		{"paper", Settings{}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Leave-one-fold-out sets of four folds, and all books.
			var cols []*Collection
			for fold := range 5 {
				var in []*classify.Book
				for i, b := range books {
					if i%4 != fold {
						in = append(in, b)
					}
				}
				var counts Counts
				for _, b := range in {
					if err := counts.Add(b.Stats()); err != nil {
						t.Fatal(err)
					}
				}
				col, err := counts.Collection(tc.set, tc.stop)
				if err != nil {
					t.Fatal(err)
				}
				cols = append(cols, col)
			}
			x := NewSetsIndex(cols)
			if len(x.words) == len(cols[0].wordIndex().words) {
				t.Fatal("the first collection holds every word: the union is not tested")
			}
			covered := 0
			for _, b := range books {
				for _, g := range []*coverage.Grams{coverage.NewGrams(&b.Terms, tc.stop), nil} {
					p := x.Place(b, g)
					for i, c := range cols {
						want := c.FeaturizeGrams(b, g)
						got := x.FeaturizeGrams(i, b, p)
						if !reflect.DeepEqual(got, want) {
							t.Fatalf("book %s, collection %d, grams given %v: features differ from the collection's own", b.ID, i, g != nil)
						}
						if want.Cover != nil {
							covered++
						}
					}
				}
			}
			if tc.set.Coverage != (covered > 0) {
				t.Errorf("%d featurizations with coverage cells", covered)
			}
		})
	}
}

// TestSetsIndexEdges checks a SetsIndex of no collections, of collections
// with and without coverage statistics mixed (nothing of coverage is
// indexed, each featurizes as its own), and a book of words no collection
// holds.
func TestSetsIndexEdges(t *testing.T) {
	books := classifytest.CoverageBooks(t, 8)
	if p := NewSetsIndex(nil).Place(books[0], nil); len(p.words) != len(books[0].Words) {
		t.Errorf("an empty index placed %d of %d words", len(p.words), len(books[0].Words))
	}
	all, err := NewCollection(coverageSettings, nil, classifytest.Stats(books)...)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := NewCollection(Settings{}, nil, classifytest.Stats(books[2:])...)
	if err != nil {
		t.Fatal(err)
	}
	cols := []*Collection{all, plain}
	x := NewSetsIndex(cols)
	if x.cover != nil {
		t.Error("coverage indexed for collections of which one has none")
	}
	_, unknown := classifytest.Parse(t, "unknown", "Plugh xyzzy frobozz.")
	for _, b := range []*classify.Book{books[0], books[1], unknown} {
		g := coverage.NewGrams(&b.Terms, nil)
		p := x.Place(b, g)
		for i, c := range cols {
			if got, want := x.FeaturizeGrams(i, b, p), c.FeaturizeGrams(b, g); !reflect.DeepEqual(got, want) {
				t.Errorf("book %q, collection %d: features differ from the collection's own", b.ID, i)
			}
		}
	}
}

// coverageSettings are count features with coverage extraction.
var coverageSettings = Settings{Counts: true, Coverage: true, CoverageBigram: 3, CoveragePrior: 0.03, CoverageMinWords: 5}
