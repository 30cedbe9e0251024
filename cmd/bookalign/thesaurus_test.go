package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/internal/testcorpus"
)

// TestThesaurusMessages checks that every way of giving no usable thesaurus
// to a command that reads one is refused before anything runs, and that the
// message says where to get one (align.ThesaurusHint); the sample's copy is
// accepted.
func TestThesaurusMessages(t *testing.T) {
	files := testcorpus.Good(1)
	corpusDir := t.TempDir()
	if err := files.WriteTo(corpusDir); err != nil {
		t.Fatal(err)
	}
	book, summary := filepath.Join(corpusDir, "books", "book-00.txt"), filepath.Join(corpusDir, "summaries", "book-00.txt")
	dirWith := func(body string) string {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, align.ThesaurusFile), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	emptyDir, emptyFile, foreign := t.TempDir(), dirWith(""), dirWith("Call me Ishmael.\n\nSome years ago, never mind how long precisely.\n")
	missing := filepath.Join(emptyDir, "nope")
	shipped := filepath.Join("..", "..", "sample", "thesaurus")
	paper := func(thesaurus string) []string {
		return []string{"run", "--corpus", corpusDir, "--out", filepath.Join(t.TempDir(), "out"), "--preset", "paper", "--thesaurus", thesaurus}
	}
	tokenAlign := func(thesaurus string) []string {
		return []string{"align", "--method", "token", "--synonyms", "--book", book, "--summary", summary, "--iterations", "2", "--thesaurus", thesaurus}
	}
	for _, tt := range []struct {
		name string
		args []string
		want string // in the message; "" for no refusal of the thesaurus
	}{
		{"paper preset, --thesaurus omitted", paper(""), "align.paper_aligners (set by --preset paper)"},
		{"paper preset, a directory that does not exist", paper(missing), "missing"},
		{"paper preset, an empty directory", paper(emptyDir), "missing"},
		{"paper preset, an empty file", paper(emptyFile), align.ErrThesaurus.Error()},
		{"paper preset, a file that is not Roget's", paper(foreign), align.ErrThesaurus.Error()},
		{"--set align.synonyms=true, --thesaurus omitted", []string{"run", "--corpus", corpusDir, "--out", filepath.Join(t.TempDir(), "out"), "--set", "align.synonyms=true", "--thesaurus", ""}, "align.synonyms:"},
		{"default settings, a missing directory", []string{"run", "--corpus", corpusDir, "--out", filepath.Join(t.TempDir(), "out"), "--thesaurus", missing}, "missing"},
		{"align --synonyms, --thesaurus omitted", tokenAlign(""), "--synonyms needs Roget's Thesaurus"},
		{"align --synonyms, an empty directory", tokenAlign(emptyDir), "no such file"},
		{"align --synonyms, an empty file", tokenAlign(emptyFile), align.ErrThesaurus.Error()},
		{"align --synonyms, the sample's copy", tokenAlign(shipped), ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := bookalignEnv(t, "BOOKALIGN_THESAURUS=", tt.args...)
			if tt.want == "" {
				if code != 0 {
					t.Errorf("exit %d, want 0:\n%s", code, stderr)
				}
				return
			}
			if code != 1 || !strings.Contains(stderr, tt.want) || !strings.Contains(stderr, align.ThesaurusHint) {
				t.Errorf("exit %d, stderr %q; want exit 1, %q and the hint %q", code, stderr, tt.want, align.ThesaurusHint)
			}
		})
	}
}
