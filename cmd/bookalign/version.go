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
		if isHelpFlag(a) {
			return os.Stdout
		}
	}
	return os.Stderr
}

// commit and modified are the commit bookalign was built from and whether
// its working tree had changes ("true"), when the build sets them:
//
//	go build -ldflags "-X main.commit=$(git rev-parse HEAD)" ./cmd/bookalign
//
// as run.sh and README.md do. They are what `bookalign version` says when
// the binary carries no version control information of its own (a build
// with -buildvcs=false, or from a copy that is not a git checkout).
var commit, modified string

// stampFlags is how to give a build its commit, for versionLine's message.
const stampFlags = `-ldflags "-X main.commit=$(git rev-parse HEAD)"`

// isHelpFlag reports whether the argument a asks for help: -h, -help or
// --help, as the flag package takes them.
func isHelpFlag(a string) bool { return a == "-h" || a == "-help" || a == "--help" }

// runVersion is `bookalign version`: it prints the module version and the
// commit the binary was built from (versionLine).
func runVersion(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.SetOutput(os.Stderr)
	fs.Usage = func() {
		printUsage(os.Stderr, fs, "bookalign version", nil)
		fmt.Fprint(os.Stderr, "\nPrints the module version and the version control commit of this build: the one Go recorded\n"+
			"(go build in a git checkout), else the one given with "+stampFlags+".\n")
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("takes no arguments, not %q", fs.Args())
	}
	bi, _ := debug.ReadBuildInfo()
	_, err := fmt.Fprintln(stdout, versionLine(bi, commit, modified))
	return err
}

// versionLine says which bookalign bi describes: "bookalign VERSION, commit
// REVISION", with "(modified)" when the working tree had uncommitted
// changes. A build without module information is "(devel)". The commit is
// bi's version control revision, else stamped (with stampedModified, "true"
// for a tree with changes), the one given to the linker; with neither, the
// line says the commit is unknown and how to record it.
func versionLine(bi *debug.BuildInfo, stamped, stampedModified string) string {
	version, revision, changed := "(devel)", "", false
	if bi != nil {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				revision = s.Value
			case "vcs.modified":
				changed = s.Value == "true"
			}
		}
	}
	if revision == "" {
		revision, changed = strings.TrimSpace(stamped), strings.TrimSpace(stampedModified) == "true"
	}
	if revision == "" {
		return "bookalign " + version + ", commit unknown: built without version control information (-buildvcs=false, as GOFLAGS may say, or outside a git checkout); " +
			"in a git checkout, ./run.sh records it, and so does go build " + stampFlags + " -o bin/bookalign ./cmd/bookalign"
	}
	line := "bookalign " + version + ", commit " + revision
	if changed {
		line += " (modified)"
	}
	return line
}
