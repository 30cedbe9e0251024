package rundir

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/store"
)

// CheckOut refuses an --out value that cannot name a run's output
// directory, saying why: the root directory (however named: "/", "//",
// "/..", a link to it), which holds every input and files bookalign did
// not write, so the rules of --out could never let a run use it, and a
// URL without a bucket ("gs://"), which would otherwise become a local
// directory named "gs:".
func CheckOut(value string) error {
	scheme, rest, isURL := strings.Cut(value, "://")
	switch {
	case value != "" && !isURL && store.Resolve(value) == string(filepath.Separator):
		return fmt.Errorf("--out %s is the root directory, which cannot hold a run's outputs: --out must be a new, empty or earlier run's directory and must not hold the corpus; choose one such as --out ./out", value)
	case isURL && strings.Trim(rest, "/") == "":
		return fmt.Errorf("--out %s names no bucket: give one such as --out %s://BUCKET/out", value, scheme)
	}
	return nil
}

// CheckDirs refuses the input directories that lie inside the output
// directory out, are it, or hold it (CheckOutside), each compared once
// made absolute with its symbolic links followed (store.Resolve). It
// touches no directory.
func CheckDirs(out string, inputs []Input) error {
	resolved := make([]Input, 0, len(inputs))
	for _, in := range inputs {
		if in.Path != "" {
			in.Resolved = store.Resolve(in.Path)
			resolved = append(resolved, in)
		}
	}
	return CheckOutside(Input{Flag: "--out", Path: out, Resolved: store.Resolve(out)}, resolved)
}

// InputFiles lists the input files of the corpora of a run, which the run
// marker fingerprints and records: the test corpus's files (testCorpus,
// "" for none) are named behind TestCorpusPrefix.
func InputFiles(ctx context.Context, corpusDir, testCorpus string) ([]File, error) {
	files, err := CorpusFiles(ctx, corpusDir, "")
	if err != nil || testCorpus == "" {
		return files, err
	}
	test, err := CorpusFiles(ctx, testCorpus, TestCorpusPrefix)
	return append(files, test...), err
}

// CorpusFiles lists a corpus's input files: its pairs.tsv with its
// content, and its books and summaries with their sizes (-1 for a file
// whose size cannot be had: the run rejects its pair). Each is named by
// its path in the corpus, behind prefix.
func CorpusFiles(ctx context.Context, dir, prefix string) ([]File, error) {
	if dir == "" {
		return nil, nil
	}
	index := corpus.Layout{Dir: dir}.Pairs()
	b, err := store.ReadFile(ctx, index)
	if err != nil {
		return nil, err
	}
	files := []File{{Path: index, Name: prefix + path.Base(index), Size: int64(len(b)), Content: b}}
	for _, sub := range []string{"books", "summaries"} {
		paths, err := store.List(ctx, corpus.Join(dir, sub+"/*"))
		if err != nil {
			continue
		}
		for _, p := range paths {
			size, err := store.Size(ctx, p)
			if err != nil {
				size = -1
			}
			files = append(files, File{Path: p, Name: prefix + sub + "/" + path.Base(filepath.ToSlash(p)), Size: size})
		}
	}
	return files, nil
}
