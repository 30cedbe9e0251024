package main

import (
	"context"
	"encoding/json"
	"os"
	"strings"

	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/rundir"
)

// openOutDir opens the output directory of cfg for a run (rundir.Open):
// its input directories (runDirs) checked against it before it is
// touched, locked, cleared as the rules of --out say (a finished run is
// rerun unless runDiffer finds a setting that differs), and marked as
// started. say, when not nil, is told what was done to the directory.
func openOutDir(ctx context.Context, cfg pipelines.Config, overwrite bool, say func(string)) (*rundir.Dir, error) {
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

// outFlag returns the directory --out names, without its final '/', or
// rundir.CheckOut's refusal of a value that cannot name one.
func outFlag(value string) (string, error) {
	if err := rundir.CheckOut(value); err != nil {
		return "", err
	}
	return dirFlag(value), nil
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
