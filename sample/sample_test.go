package sample

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/text"
)

const (
	// wantPairs is the number of pairs the sample holds: run.sh and
	// README.md say "the 12-book sample".
	wantPairs = 12
	// maxBytes bounds the size of the sample directory, every file in it.
	maxBytes = 4 << 20
	// minBookWords and minSummaryWords are the defaults of bookalign run's
	// --min-book-words and --min-summary-words, the paper's thresholds.
	minBookWords    = 10000
	minSummaryWords = 100
)

// readPairs parses pairs.tsv, failing the test on a missing header or a
// bad row.
func readPairs(t *testing.T) []corpus.Pair {
	t.Helper()
	b, err := os.ReadFile(corpus.Layout{Dir: "."}.Pairs())
	if err != nil {
		t.Fatal(err)
	}
	header, _, _ := strings.Cut(string(b), "\n")
	if header != corpus.PairsHeader {
		t.Errorf("pairs.tsv header:\n got %q\nwant %q (corpus.PairsHeader)", header, corpus.PairsHeader)
	}
	pairs, bad, err := corpus.ParsePairs(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range bad {
		t.Errorf("bad row: %v", e)
	}
	if len(pairs) != wantPairs {
		t.Errorf("pairs.tsv has %d pairs, want %d", len(pairs), wantPairs)
	}
	return pairs
}

// TestPairs checks every pair as the job's first stages do (transforms.LoadPairs
// and FilterByLength): both files exist and parse, and the book and the summary
// have at least the default minimum of words. The job counts the words itself:
// the book_words and summary_words columns, copied from ../shared/corpus, are
// not read (four differ from text.CountWords, by up to 16 words).
func TestPairs(t *testing.T) {
	layout := corpus.Layout{Dir: "."}
	for _, p := range readPairs(t) {
		t.Run(p.ID, func(t *testing.T) {
			book, err := os.ReadFile(layout.Book(p.ID))
			if err != nil {
				t.Fatal(err)
			}
			summary, err := os.ReadFile(layout.Summary(p.ID))
			if err != nil {
				t.Fatal(err)
			}
			bookDoc, err := text.ParseBook(string(book))
			if err != nil {
				t.Fatalf("book: %v", err)
			}
			sumDoc, err := text.ParseSummary(string(summary))
			if err != nil {
				t.Fatalf("summary: %v", err)
			}
			bookWords := text.CountWords(bookDoc.Str(bookDoc.Body))
			summaryWords := text.CountWords(sumDoc.Str(sumDoc.Body))
			if reason := corpus.TooShort(bookWords, summaryWords, minBookWords, minSummaryWords); reason != "" {
				t.Errorf("the job would reject it: %s", reason)
			}
		})
	}
}

// TestNoStrayFiles checks that books/ and summaries/ hold the files of the
// pairs and nothing else, so that none is shipped unlisted.
func TestNoStrayFiles(t *testing.T) {
	layout := corpus.Layout{Dir: "."}
	want := map[string]bool{}
	for _, p := range readPairs(t) {
		want[filepath.Clean(filepath.FromSlash(layout.Book(p.ID)))] = true
		want[filepath.Clean(filepath.FromSlash(layout.Summary(p.ID)))] = true
	}
	for _, dir := range []string{"books", "summaries"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if name := filepath.Join(dir, e.Name()); !want[name] {
				t.Errorf("%s is not a file of a pair of pairs.tsv", name)
			}
		}
	}
}

// TestSize keeps the sample small: it is in every clone.
func TestSize(t *testing.T) {
	var total int64
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		total += info.Size()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if total > maxBytes {
		t.Errorf("sample/ holds %d bytes, more than %d: keep it small, or raise the bound knowingly", total, maxBytes)
	}
	t.Logf("sample/: %d bytes", total)
}

// TestReadme checks that README.md names every pair, as `id` in its table of
// the books.
func TestReadme(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	for _, p := range readPairs(t) {
		if !strings.Contains(readme, "`"+p.ID+"`") {
			t.Errorf("README.md does not name %s (as `%s`)", p.ID, p.ID)
		}
	}
}

// TestThesaurus checks the thesaurus shipped in thesaurus/: the file the
// Token HMM's synonyms read (align.ThesaurusFile), parsed by the loader the
// run uses, with the synonyms the paper's example has, and byte for byte
// the Project Gutenberg file of ../shared/thesaurus where that is at hand.
func TestThesaurus(t *testing.T) {
	th, err := align.LoadThesaurus("thesaurus")
	if err != nil {
		t.Fatal(err)
	}
	if syn := th.Synonyms("existence"); !slices.Contains(syn, "entity") {
		t.Errorf("the synonyms of existence are %q, want them to hold entity", syn)
	}
	entries, err := os.ReadDir("thesaurus")
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != align.ThesaurusFile {
		t.Errorf("thesaurus/ holds %d files, want %s alone", len(entries), align.ThesaurusFile)
	}
	shipped, err := os.ReadFile(filepath.Join("thesaurus", align.ThesaurusFile))
	if err != nil {
		t.Fatal(err)
	}
	shared, err := os.ReadFile(sharedtest.Path(t, "thesaurus", align.ThesaurusFile))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(shipped, shared) {
		t.Errorf("thesaurus/%s differs from ../shared/thesaurus's (%d bytes, %d there)", align.ThesaurusFile, len(shipped), len(shared))
	}
}
