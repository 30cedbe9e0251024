//go:build unix

package store

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestCheckInput checks the input file rules: regular files only, and no
// symbolic link out of the corpus unless allowed.
func TestCheckInput(t *testing.T) {
	root := t.TempDir()
	corpusDir, outside := filepath.Join(root, "corpus"), filepath.Join(root, "outside")
	for _, d := range []string{corpusDir + "/books", corpusDir + "/shared", outside + "/books"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p string) {
		if err := os.WriteFile(p, []byte("text"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, name string) {
		if err := os.Symlink(target, name); err != nil {
			t.Fatal(err)
		}
	}
	write(corpusDir + "/books/plain.txt")
	write(corpusDir + "/shared/inside.txt")
	write(outside + "/secret.txt")
	write(outside + "/books/linked.txt")
	link("../shared/inside.txt", corpusDir+"/books/inside.txt")
	link(outside+"/secret.txt", corpusDir+"/books/out.txt")
	link("../../outside/secret.txt", corpusDir+"/books/out-relative.txt")
	link(corpusDir+"/books/out.txt", corpusDir+"/books/chain.txt")
	if err := syscall.Mkfifo(corpusDir+"/books/fifo.txt", 0o644); err != nil {
		t.Fatal(err)
	}
	link("fifo.txt", corpusDir+"/books/to-fifo.txt")
	// A corpus reached through a link is its own root: its files are inside.
	link(corpusDir, root+"/corpus-link")
	// A books/ directory that is itself a link out of the corpus.
	linkedCorpus := filepath.Join(root, "linked-books")
	if err := os.MkdirAll(linkedCorpus, 0o755); err != nil {
		t.Fatal(err)
	}
	link(outside+"/books", linkedCorpus+"/books")
	// A corpus given by a relative path, whose link inside is absolute.
	link(corpusDir+"/shared/inside.txt", corpusDir+"/books/inside-absolute.txt")
	t.Chdir(root)

	tests := []struct {
		path, root string
		allow      bool
		want       string // "" for no error
	}{
		{corpusDir + "/books/plain.txt", corpusDir, false, ""},
		{corpusDir + "/books/inside.txt", corpusDir, false, ""},
		{corpusDir + "/books/out.txt", corpusDir, false, "outside the corpus"},
		{corpusDir + "/books/out-relative.txt", corpusDir, false, "outside the corpus"},
		{corpusDir + "/books/chain.txt", corpusDir, false, "outside the corpus"},
		{corpusDir + "/books/out.txt", corpusDir, true, ""},
		{corpusDir + "/books/fifo.txt", corpusDir, false, "named pipe"},
		{corpusDir + "/books/to-fifo.txt", corpusDir, true, "named pipe"},
		{corpusDir + "/books", corpusDir, false, "directory"},
		{root + "/corpus-link/books/plain.txt", root + "/corpus-link", false, ""},
		{linkedCorpus + "/books/linked.txt", linkedCorpus, false, "outside the corpus"},
		{corpusDir + "/books/missing.txt", corpusDir, false, "no such file"},
		{"corpus/books/inside-absolute.txt", "corpus", false, ""},
		{"corpus/books/out.txt", "corpus", false, "outside the corpus " + corpusDir},
		{"gs://bucket/corpus/books/x.txt", "gs://bucket/corpus", false, ""},
	}
	for _, tt := range tests {
		err := CheckInput(tt.path, tt.root, tt.allow)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s (allow %v): %v", tt.path, tt.allow, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s (allow %v): error %v, want one saying %q", tt.path, tt.allow, err, tt.want)
		}
	}
}
