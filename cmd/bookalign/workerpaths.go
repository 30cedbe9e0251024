package main

import (
	"flag"
	"fmt"
	"path/filepath"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"

	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/rundir"
)

// workersElsewhere reports whether the pipeline's DoFns run in processes
// started by a cluster (--runner other than prism or direct, and an
// --environment_type other than LOOPBACK), each in a directory of its own.
func workersElsewhere() bool {
	return !inProcessRunner() && !jobopts.IsLoopback()
}

// checkWorkerPaths refuses a relative local path among paths when the
// workers run elsewhere: they would read it from their own working
// directory (a Flink TaskManager's), and the job would fail there, after
// its submission, with a file not found. Flags not given (an empty path),
// remote paths (gs://) and absolute ones pass.
func checkWorkerPaths(paths ...rundir.Input) error {
	if !workersElsewhere() {
		return nil
	}
	for _, p := range paths {
		if p.Path == "" || store.IsRemote(p.Path) || filepath.IsAbs(p.Path) {
			continue
		}
		return fmt.Errorf("%s %s: a relative path, and with --runner=%s the workers run in directories of their own: give it as an absolute path (or gs://)", p.Flag, p.Path, flagValue("runner"))
	}
	return nil
}

// flagValue is the value of the command line's flag name, "" if none.
func flagValue(name string) string {
	if f := flag.Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}
