package main

import (
	"flag"
	"os"

	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rouge"
)

// rougeDataEnv is the environment variable that gives --rouge-data.
const rougeDataEnv = "BOOKALIGN_ROUGE_DATA"

// rougeDataUsage is the help of --rouge-data.
const rougeDataUsage = "ROUGE-1.5.5's data: `DIR` holding smart_common_words.txt and the WordNet 2.0 exception lists (local or gs://), or builtin, the copy in the binary; \"\": none (no content-word scores, stemming without the exception table); default $" + rougeDataEnv + ", else builtin"

// withBuiltinRouge makes the copy of ROUGE's data embedded in the binary
// (rouge.BuiltinDir) the default of the --rouge-data flag that
// addExperimentFlags defined on fs, and returns read with that default
// applied to the configuration it reads.
func withBuiltinRouge(fs *flag.FlagSet, read func() (pipelines.Config, error)) func() (pipelines.Config, error) {
	if f := fs.Lookup("rouge-data"); f != nil {
		f.Usage = rougeDataUsage
	}
	return func() (pipelines.Config, error) {
		cfg, err := read()
		cfg.Rouge.DataDir = rougeData(fs, cfg.Rouge.DataDir)
		return cfg, err
	}
}

// rougeData returns the ROUGE data of a command whose flags fs has parsed,
// dir being the value of its --rouge-data: dir when --rouge-data was given
// or $BOOKALIGN_ROUGE_DATA is set, even to "" (which means none), else the
// embedded copy, rouge.BuiltinDir.
func rougeData(fs *flag.FlagSet, dir string) string {
	if _, set := os.LookupEnv(rougeDataEnv); set || flagGiven(fs, "rouge-data") {
		return dir
	}
	return rouge.BuiltinDir
}

// flagGiven reports whether the flag name was given on the command line
// that fs has parsed.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}
