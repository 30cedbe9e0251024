package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
)

// usageOutput is where bookalign's usage goes for the command line args
// (without the program's name): stdout when a flag before the command
// asks for it (-h, -help, --help), stderr otherwise.
func usageOutput(args []string) io.Writer {
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			break
		}
		switch a {
		case "-h", "-help", "--help":
			return os.Stdout
		}
	}
	return os.Stderr
}

// runVersion is `bookalign version`: it prints the module version and the
// commit the binary was built from (versionLine).
func runVersion(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(os.Stderr)
	fs.Usage = func() {
		printUsage(os.Stderr, fs, "bookalign version", nil)
		fmt.Fprint(os.Stderr, "\nPrints the module version and the version control commit of this build.\n")
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("takes no arguments, not %q", fs.Args())
	}
	bi, _ := debug.ReadBuildInfo()
	_, err := fmt.Fprintln(stdout, versionLine(bi))
	return err
}

// versionLine says which bookalign bi describes: "bookalign VERSION, commit
// REVISION", with "(modified)" when the working tree had uncommitted
// changes. A build without module information is "(devel)"; one without
// version control information says its commit is unknown.
func versionLine(bi *debug.BuildInfo) string {
	version, revision, modified := "(devel)", "", false
	if bi != nil {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if revision == "" {
		return "bookalign " + version + ", commit unknown (built without version control information)"
	}
	line := "bookalign " + version + ", commit " + revision
	if modified {
		line += " (modified)"
	}
	return line
}
