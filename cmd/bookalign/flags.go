package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/bookalign/bookalign/internal/store"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/bookalign/bookalign/config"
	"github.com/bookalign/bookalign/internal/bounds"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rouge"
)

// terminalFlags are the flags of every pipeline command that say how much it
// shows on the terminal.
type terminalFlags struct {
	verbose, quiet, helpBeam *bool
}

// addTerminalFlags defines --verbose and --quiet on fs, and --help-beam
// when fs holds Beam's flags.
func addTerminalFlags(fs *flag.FlagSet) terminalFlags {
	t := terminalFlags{
		verbose: fs.Bool("verbose", false, "show Beam's INFO logging"),
		quiet:   fs.Bool("quiet", false, "no progress lines, counters or tables on the terminal"),
	}
	if fs == flag.CommandLine {
		t.helpBeam = fs.Bool("help-beam", false, "list Beam's runner flags (--runner, --endpoint, --environment_type, ...) and exit")
	}
	return t
}

// parse parses the arguments of command name into fs, with usage as the
// first line of its help and the flags in groups (printUsage), refuses
// positional arguments, lists Beam's flags for --help-beam, and turns
// Beam's INFO logging on for --verbose.
func (t terminalFlags) parse(fs *flag.FlagSet, name, usage string, args []string, groups ...flagGroup) error {
	fs.Usage = func() { printUsage(os.Stderr, fs, usage, groups) }
	if err := fs.Parse(args); err != nil {
		return err
	}
	if t.helpBeam != nil && *t.helpBeam {
		printBeamFlags(os.Stdout, fs)
		return flag.ErrHelp
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "bookalign %s: unexpected arguments %q\n", name, fs.Args())
		return errUsage
	}
	if *t.verbose {
		log.SetupLogging("info", "text")
	}
	return nil
}

// experimentGroups are the groups of the experiment's flags in the help of
// run and reprocess, after each command's own.
var experimentGroups = []flagGroup{
	{"What to run", []string{"config", "preset", "set", "methods", "folds", "words"}},
	{"Reproducibility", []string{"seed"}},
	{"Terminal", []string{"quiet", "verbose", "gc-headroom", "cpuprofile", "memprofile", "help-beam"}},
}

// addExperimentFlags defines on fs the flags that say what the experiment
// computes and where its reference data are, shared by run and reprocess.
// The settings come from the preset (--preset), then the settings file
// (--config) over it, then each --set, then the flags given explicitly
// (--methods, --folds, --words, --seed). The returned function reads them
// into a configuration after fs has been parsed; corpus and output
// directories are left to the caller.
func addExperimentFlags(fs *flag.FlagSet) func() (pipelines.Config, error) {
	def := config.Default()
	preset := fs.String("preset", "default", "start from the `NAME`d settings: default or paper (the paper's exact method)")
	file := fs.String("config", "", "read the settings from JSON `FILE` (bookalign config prints them), over the preset")
	var sets setFlag
	fs.Var(&sets, "set", "change one setting, `KEY=VALUE` (e.g. lambda=0.5, align.iterations=50); repeatable")
	methods := fs.String("methods", strings.Join(def.Methods, ","), "comma-separated summarizers (default all: "+strings.Join(pipelines.Methods, ", ")+")")
	folds := fs.Int("folds", def.Folds, fmt.Sprintf("cross-validation folds over books, 2 to %d and at most the corpus's pairs", config.MaxFolds))
	words := fs.Int("words", def.Words, "summary budget in words")
	seed := fs.Uint64("seed", def.Seed, "seed of every random choice (sampler, folds, lambda's split, bootstrap)")
	rougeData := fs.String("rouge-data", os.Getenv("BOOKALIGN_ROUGE_DATA"), "ROUGE-1.5.5 data `DIR` (stopword and WordNet exception lists); default $BOOKALIGN_ROUGE_DATA")
	thesaurus := fs.String("thesaurus", os.Getenv("BOOKALIGN_THESAURUS"), "Roget's Thesaurus `DIR`, for the paper's Token HMM; default $BOOKALIGN_THESAURUS")
	return func() (pipelines.Config, error) {
		set, err := readSettings(*preset, *file, sets)
		if err != nil {
			return pipelines.Config{}, err
		}
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "methods":
				set.Methods = splitList(*methods)
			case "folds":
				set.Folds = *folds
			case "words":
				set.Words = *words
			case "seed":
				set.Seed = *seed
			}
		})
		cfg := pipelines.Config{Settings: set, Thesaurus: dirFlag(*thesaurus)}
		cfg.Rouge = rouge.Options{DataDir: dirFlag(*rougeData)}
		return cfg, nil
	}
}

// readSettings returns the settings of a preset, with a settings file
// (none when empty) and then each --set applied over them.
func readSettings(preset, file string, sets setFlag) (config.Settings, error) {
	set, err := config.Preset(preset)
	if err != nil {
		return config.Settings{}, fmt.Errorf("--preset: %w", err)
	}
	if file != "" {
		b, err := store.ReadFile(context.Background(), file)
		if err != nil {
			return config.Settings{}, fmt.Errorf("--config: %w", err)
		}
		if set, err = config.Read(bytes.NewReader(b), set); err != nil {
			return config.Settings{}, fmt.Errorf("--config %s: %w", file, err)
		}
	}
	for _, kv := range sets {
		key, value, _ := strings.Cut(kv, "=")
		if set, err = set.Set(key, value); err != nil {
			return config.Settings{}, fmt.Errorf("--set %s=%s: %w", bounds.Short(key), bounds.Short(value), err)
		}
	}
	if err := unusedSet(set, sets); err != nil {
		return config.Settings{}, err
	}
	return set.WithoutUnused(), nil
}

// unusedSet refuses a --set of a coverage weight when coverage extraction
// ends off: the weight would be dropped unused.
func unusedSet(set config.Settings, sets setFlag) error {
	if set.Summarizer.Coverage {
		return nil
	}
	for _, kv := range sets {
		key, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(key, "summarizer.coverage_") {
			return fmt.Errorf("--set %s has no effect with summarizer.coverage false: the coverage weights apply to coverage extraction only; set summarizer.coverage to true as well, or leave the weight out", bounds.Short(kv))
		}
	}
	return nil
}

// setFlag collects the KEY=VALUE pairs of --set.
type setFlag []string

func (s *setFlag) String() string { return strings.Join(*s, " ") }

func (s *setFlag) Set(kv string) error {
	if k, _, ok := strings.Cut(kv, "="); !ok || k == "" {
		return fmt.Errorf("want KEY=VALUE, e.g. lambda=0.5")
	}
	*s = append(*s, kv)
	return nil
}

// atLeast returns an error saying that the value v of the integer flag
// named flag is out of its range when it is below least: "--iterations -1
// is out of range: want 0 or more".
func atLeast(flag string, v, least int) error {
	if v >= least {
		return nil
	}
	want := fmt.Sprintf("at least %d", least)
	if least == 0 {
		want = "0 or more"
	}
	return fmt.Errorf("--%s %d is out of range: want %s", flag, v, want)
}
