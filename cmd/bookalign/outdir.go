package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/rundir"
)

// openOutDir opens the output directory of cfg for a run (rundir.Open):
// its input directories checked against it, locked, cleared as the rules
// of --out say (a finished run is rerun unless runDiffer finds a setting
// that differs), and marked as started. say, when not nil, is told what
// was done to the directory.
func openOutDir(ctx context.Context, cfg pipelines.Config, overwrite bool, say func(string)) (*rundir.Dir, error) {
	if err := checkOutside(cfg); err != nil {
		return nil, err
	}
	settings := cfg
	settings.Out = ""
	set, err := json.Marshal(settings)
	if err != nil {
		return nil, err
	}
	return rundir.Open(ctx, rundir.Options{
		Command: "run", Out: cfg.Out, Settings: set, Differ: runDiffer, Dirs: runDirs(cfg),
		Corpus: cfg.Corpus, TestCorpus: cfg.TestCorpus, Overwrite: overwrite, Say: say, Stderr: os.Stderr,
	})
}

// checkOutside refuses the input directories of cfg that lie inside its
// --out, are it, or hold it: clearing the earlier outputs would delete
// them. It runs before the directory is touched.
func checkOutside(cfg pipelines.Config) error {
	return rundir.CheckDirs(cfg.Out, runDirs(cfg))
}

// runDirs are the input directories of cfg by their flag; the copy of
// ROUGE's data in the binary is none.
func runDirs(cfg pipelines.Config) []rundir.Input {
	var dirs []rundir.Input
	for _, in := range []rundir.Input{
		{Flag: "--corpus", Path: cfg.Corpus}, {Flag: "--test-corpus", Path: cfg.TestCorpus},
		{Flag: "--rouge-data", Path: cfg.Rouge.DataDir}, {Flag: "--thesaurus", Path: cfg.Thesaurus},
	} {
		if in.Path != "" && !(in.Flag == "--rouge-data" && in.Path == rouge.BuiltinDir) {
			dirs = append(dirs, in)
		}
	}
	return dirs
}

// outFlag returns the directory --out names, without its final '/'. It
// refuses, saying why, the root directory (however named: "/", "//",
// "/..", a link to it), which holds every input and files bookalign
// did not write, so the rules of --out could never let a run use it, and
// a URL without a bucket ("gs://"), which would otherwise become a local
// directory named "gs:".
func outFlag(value string) (string, error) {
	dir := dirFlag(value)
	scheme, rest, isURL := strings.Cut(value, "://")
	switch {
	case value != "" && !isURL && store.Resolve(value) == string(filepath.Separator):
		return "", fmt.Errorf("--out %s is the root directory, which cannot hold a run's outputs: --out must be a new, empty or earlier run's directory and must not hold the corpus; choose one such as --out ./out", value)
	case isURL && strings.Trim(rest, "/") == "":
		return "", fmt.Errorf("--out %s names no bucket: give one such as --out %s://BUCKET/out", value, scheme)
	}
	return dir, nil
}

// dirFlag is the value of a directory flag without its final '/', the
// root directory kept as "/": trimmed to nothing, it would read as a flag
// not given (--test-corpus / would silently cross-validate instead).
func dirFlag(value string) string {
	dir := strings.TrimRight(value, "/")
	if dir == "" && value != "" {
		return "/"
	}
	return dir
}
