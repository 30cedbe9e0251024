package transforms

import (
	"bytes"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/cv"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/logistic"
	"github.com/bookalign/bookalign/internal/store"
)

// TestWorkFilesReadBeyondInputCap writes each kind of file a run writes to
// its work directory and reads back, larger than the input cap (lowered
// here to a few bytes), and reads it back as the pipeline does: the cap of
// the inputs must not fail a run at its end for a file it made itself, as
// a model of 2,450 books over 64 MiB once did.
func TestWorkFilesReadBeyondInputCap(t *testing.T) {
	ctx := context.Background()
	book := testBookData(t)
	var counts features.Counts
	if err := counts.Add(book.Book.Stats()); err != nil {
		t.Fatal(err)
	}
	col, err := counts.Collection(features.Settings{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	setBook := features.SetBook{Features: *col.Featurize(&book.Book), Labels: []features.MethodRows{{Method: "passage", Rows: []int{1}}}}
	model, err := savedModelJSON(&logistic.Model{Format: logistic.FormatVersion, Collection: col})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		path  func(dir string) string
		data  func() ([]byte, error)
		read  func(dir string) ([]byte, error)
		check func(got []byte) bool
	}{
		{
			name: "model", path: func(dir string) string { return modelFile(dir, cv.AllBooks, "passage") },
			data: func() ([]byte, error) { return model, nil },
			read: func(dir string) ([]byte, error) {
				var got []byte
				err := (&savedModelFn{Dir: dir}).ProcessElement(ctx, TrainedModel{Method: "passage", Set: cv.AllBooks}, func(a Artifact) { got = a.Data })
				return got, err
			},
		},
		{
			name: "training set statistics", path: func(dir string) string { return setSumsFile(dir, 3) },
			data: func() ([]byte, error) {
				var c features.Counts
				if err := c.Add(book.Book.Stats()); err != nil {
					return nil, err
				}
				return c.MarshalBinary()
			},
			read: func(dir string) ([]byte, error) { return readSetSums(ctx, dir, 3) },
		},
		{
			name: "book", path: func(dir string) string { return bookFile(dir, book.ID, false) },
			data: func() ([]byte, error) { return encodeBookData(book) },
			read: func(dir string) ([]byte, error) {
				b, err := readBook(ctx, dir, book.ID, false)
				return []byte(b.ID), err
			},
			check: func(got []byte) bool { return string(got) == book.ID },
		},
		{
			name: "book of a training set", path: func(dir string) string { return setBookFile(dir, 2, book.ID) },
			data: setBook.MarshalBinary,
			read: func(dir string) ([]byte, error) {
				got, err := (&trainFn{Dir: dir}).readLabelled(ctx, []string{"passage"}, 2, []string{book.ID})
				if err != nil {
					return nil, err
				}
				return []byte(got[0][0].ID), nil
			},
			check: func(got []byte) bool { return string(got) == book.ID },
		},
		{
			name: "pair text", path: func(dir string) string { return textFile(dir, "carol") },
			data: func() ([]byte, error) { return encodePairText(testPairText(t)) },
			read: func(dir string) ([]byte, error) {
				var got []byte
				err := (&renderFn{Dir: dir}).ProcessElement(ctx, Selection{ID: "carol", Method: "passage", Sentences: []int{1}}, func(c Candidate) { got = []byte(c.Text) })
				return got, err
			},
			check: func(got []byte) bool { return len(got) > 0 },
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			data, err := tc.data()
			if err != nil {
				t.Fatal(err)
			}
			if err := store.WriteFile(ctx, tc.path(dir), data); err != nil {
				t.Fatal(err)
			}
			defer func(cap int64) { store.MaxFileSize = cap }(store.MaxFileSize)
			store.MaxFileSize = int64(len(data)) / 2
			if _, err := store.ReadFile(ctx, tc.path(dir)); err == nil {
				t.Fatalf("the input cap of %d bytes lets a file of %d through: the test proves nothing", store.MaxFileSize, len(data))
			}
			got, err := tc.read(dir)
			if err != nil {
				t.Fatalf("a file of %d bytes the run wrote, under an input cap of %d: %v", len(data), store.MaxFileSize, err)
			}
			if tc.check == nil && !bytes.Equal(got, data) || tc.check != nil && !tc.check(got) {
				t.Errorf("read back %q", got)
			}
		})
	}
}

// TestInputCapOnlyOnInputs checks every call of ReadFile in the package's
// code: none may name a file of the work directory (a path its helpers
// make) in its argument; ReadWritten reads those whatever their size. A
// path made earlier and passed in a variable escapes this check, not
// TestWorkFilesReadBeyondInputCap.
func TestInputCapOnlyOnInputs(t *testing.T) {
	work := []string{"bookFile", "setBookFile", "modelFile", "setSumsFile", "textFile", "Work"}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	calls := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || !isStoreRead(call.Fun) {
				return true
			}
			calls++
			ast.Inspect(call, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && slices.Contains(work, id.Name) {
					t.Errorf("%s: ReadFile, with the input cap, reads a file of the work directory (%s): use ReadWritten", fset.Position(call.Pos()), id.Name)
				}
				return true
			})
			return true
		})
	}
	if calls == 0 {
		t.Fatal("no call of ReadFile found: the test reads the wrong files")
	}
}

// isStoreRead reports whether e is store.ReadFile, the read with the
// input cap.
func isStoreRead(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "ReadFile" {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "store"
}

// TestSavedModelBounded checks that the file of the model of all books
// carries at most coverage.SavedBigrams bigrams, and that the model it is
// made from, which summarizes the test books, keeps them all.
func TestSavedModelBounded(t *testing.T) {
	const books, bigrams = 100, coverage.SavedBigrams + 1000
	col := &features.Collection{Settings: features.Settings{Coverage: true}, DF: map[string]int32{}, Coverage: &coverage.Stats{}}
	for i := range books {
		col.IDs = append(col.IDs, "book-"+string(rune('a'+i/26))+string(rune('a'+i%26)))
	}
	t2 := &col.Coverage.Bigrams
	for i := range bigrams {
		t2.Keys = append(t2.Keys, uint64(i)<<20)
		t2.Counts = append(t2.Counts, coverage.TermCount{Books: int32(5 + i%95)})
	}
	names, cover := col.FeatureNames(), coverage.FeatureNames()
	m := &logistic.Model{Format: logistic.FormatVersion, Collection: col, Criterion: "fixed",
		Features: names, Weights: make([]float64, len(names)),
		Coverage: &coverage.Model{Features: cover, Weights: make([]float64, len(cover))}}
	data, err := savedModelJSON(m)
	if err != nil {
		t.Fatal(err)
	}
	saved, err := logistic.ReadModel(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(saved.Collection.Coverage.Bigrams.Keys); n > coverage.SavedBigrams || n == 0 {
		t.Errorf("the saved model carries %d bigrams, want 1 to %d", n, coverage.SavedBigrams)
	}
	if n := len(m.Collection.Coverage.Bigrams.Keys); n != bigrams {
		t.Errorf("saving changed the trained model's table to %d bigrams", n)
	}
}

// TestRenderSelections checks Render's element: each selection becomes the
// candidate of its book's selected sentences, read from the texts spilled
// for it (SpillTexts), the texts of the last book kept for its next
// selection and read again for another book; a selection whose book has
// no texts, or texts of another pair, fails.
func TestRenderSelections(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	pt := testPairText(t)
	var passed []PairText
	if err := (&spillTextFn{Dir: dir}).ProcessElement(ctx, pt, func(p PairText) { passed = append(passed, p) }); err != nil {
		t.Fatal(err)
	}
	if len(passed) != 1 || passed[0].Pair.ID != pt.Pair.ID {
		t.Fatalf("SpillTexts passed on %d pairs", len(passed))
	}
	other := pt
	other.Pair.ID = "other"
	if err := (&spillTextFn{Dir: dir}).ProcessElement(ctx, other, func(PairText) {}); err != nil {
		t.Fatal(err)
	}
	f := &renderFn{Dir: dir}
	for _, sel := range []Selection{
		{ID: pt.Pair.ID, Method: "passage", Sentences: []int{1}},
		{ID: pt.Pair.ID, Method: "token", Sentences: []int{0, 1}},
		{ID: "other", Method: "passage", Sentences: []int{0}},
		{ID: pt.Pair.ID, Method: "jing", Sentences: nil},
	} {
		var got []Candidate
		if err := f.ProcessElement(ctx, sel, func(c Candidate) { got = append(got, c) }); err != nil {
			t.Fatal(err)
		}
		want := newCandidate(pt, sel.Method, sel.Sentences)
		want.ID = sel.ID
		if len(got) != 1 || got[0].ID != sel.ID || got[0].Method != sel.Method || got[0].Text != want.Text {
			t.Errorf("selection %+v rendered as %+v", sel, got)
		}
	}
	f.FinishBundle(nil)
	if f.last.Book != nil {
		t.Errorf("FinishBundle kept the last book's texts")
	}
	if err := f.ProcessElement(ctx, Selection{ID: "missing", Method: "passage"}, func(Candidate) {}); err == nil {
		t.Errorf("a selection without texts: no error")
	}
	data, err := store.ReadWritten(ctx, textFile(dir, "other"))
	if err != nil {
		t.Fatal(err)
	}
	if err := store.WriteFile(ctx, textFile(dir, "moved"), data); err != nil {
		t.Fatal(err)
	}
	if err := f.ProcessElement(ctx, Selection{ID: "moved", Method: "passage"}, func(Candidate) {}); err == nil || !strings.Contains(err.Error(), `holds pair "other"`) {
		t.Errorf("texts of another pair: %v", err)
	}
}
