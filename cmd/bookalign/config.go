package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

// runConfig is `bookalign config`: it prints the settings of a run as
// JSON, the file `bookalign run --config` reads: the defaults, a preset's,
// or a settings file with --set changes applied, checked.
func runConfig(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("config", flag.ContinueOnError)
	fs.SetOutput(os.Stderr)
	preset := fs.String("preset", "default", "print the `NAME`d settings: default or paper (the paper's exact method)")
	file := fs.String("config", "", "start from the settings of JSON `FILE` instead, over the preset")
	var sets setFlag
	fs.Var(&sets, "set", "change one setting, `KEY=VALUE` (e.g. lambda=0.5, align.iterations=50); repeatable")
	usage := "bookalign config [--preset paper] [--config FILE.json] [--set KEY=VALUE] > settings.json"
	fs.Usage = func() {
		printUsage(os.Stderr, fs, usage, nil)
		fmt.Fprint(os.Stderr, "\nEach setting and its default is documented in docs/method.md (\"Settings\").\n")
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "bookalign config: unexpected arguments %q\n", fs.Args())
		return errUsage
	}
	set, err := readSettings(*preset, *file, sets)
	if err != nil {
		return err
	}
	if err := set.Check(); err != nil {
		return err
	}
	return set.Write(stdout)
}
