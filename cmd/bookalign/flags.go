package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
)

// terminalFlags are the flags of every pipeline command that say how much it
// shows on the terminal.
type terminalFlags struct {
	verbose, quiet *bool
}

// addTerminalFlags defines --verbose and --quiet on fs.
func addTerminalFlags(fs *flag.FlagSet) terminalFlags {
	return terminalFlags{
		verbose: fs.Bool("verbose", false, "show Beam's INFO logging"),
		quiet:   fs.Bool("quiet", false, "no progress lines, counters or tables on the terminal"),
	}
}

// parse parses the arguments of command name into fs, with usage as the
// first line of its help, refuses positional arguments, and turns Beam's
// INFO logging on for --verbose.
func (t terminalFlags) parse(fs *flag.FlagSet, name, usage string, args []string) error {
	fs.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: %s\n\n", usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
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
