package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// isHelp reports whether arg, the only argument, asks for bookalign's
// usage: help, -h, -help or --help.
func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

// runVersion is `bookalign version`: it prints the module version and the
// commit the binary was built from (versionLine).
func runVersion(args []string, stdout io.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("takes no arguments, not %q", args)
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
