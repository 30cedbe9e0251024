package layout

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// outputNames are the files of a run's output directory named by their
// file name; outputDirs are its directories named by a prefix.
var (
	outputNames = []string{"results.json", "table.md", "per_book.csv", "rejects.jsonl", "train_rejects.jsonl", "run.json", "run.lock"}
	outputDirs  = []string{"alignments/", "summaries/", "selections/", "models/", "features/", "figures/", "report/", "tmp-work", "/tmp-work"}
)

// spellsOutputPath reports whether a string constant is a path of the
// layout: one of its file names, alone or at the end of a path, or a path
// starting with one of its directories. Prose that mentions a file
// ("results.json: bad JSON") is not a path.
func spellsOutputPath(s string) bool {
	for _, n := range outputNames {
		if s == n || strings.HasSuffix(s, "/"+n) {
			return true
		}
	}
	for _, d := range outputDirs {
		if strings.HasPrefix(s, d) {
			return true
		}
	}
	return false
}

func TestSpellsOutputPath(t *testing.T) {
	for s, want := range map[string]bool{
		"results.json":              true,
		"results/table.md":          true,
		"alignments/":               true,
		"figures/length_ratios.svg": true,
		"/tmp-work":                 true,
		"results.json: %w":          false,
		"see rejects.jsonl":         false,
		"OUT/alignments/<method>":   false,
		"pairs.tsv":                 false,
	} {
		if got := spellsOutputPath(s); got != want {
			t.Errorf("spellsOutputPath(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestNoOutputPathLiterals fails when a Go file outside this package spells
// a path of a run's outputs as a string literal: the layout has one owner.
// Tests, the test-support packages under internal/ (testcorpus, sharedtest, ...) and the
// corpus's own layout (corpus/layout.go, whose summaries/ are a corpus's)
// are left out.
func TestNoOutputPathLiterals(t *testing.T) {
	root := ".."
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			name := d.Name()
			if rel != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "layout" ||
				strings.HasPrefix(rel, "internal/") && strings.Contains(name, "test")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") || rel == "corpus/layout.go" {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && spellsOutputPath(s) {
				t.Errorf("%s: %s spells a path of a run's outputs: name it with package layout", fset.Position(lit.Pos()), lit.Value)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("only %d Go files checked: is %s the repository root?", checked, root)
	}
}
