// Package beamrun runs a Beam pipeline on the runner the Beam flags choose
// and removes what the runner leaves in the temporary directory.
//
// Beam's universal runner, which prism runs through, creates an
// empty file "beamloopbackworker-*" in os.TempDir() for every job it
// submits in LOOPBACK mode (runners/universal/runnerlib/execute.go; see
// https://github.com/apache/beam/issues/27569) and neither removes it nor
// returns its name; with --worker_binary set it still creates one, and a
// cross-compiled worker binary goes to os.TempDir() too. os.TempDir()
// reads $TMPDIR on every call, so Run points $TMPDIR at a directory of its
// own for the length of the run and removes that directory afterwards.
// Nothing else reaches the file: a glob over the shared /tmp could delete
// the file of another process while its job is being staged.
//
// $TMPDIR belongs to the whole process, so Run holds a lock for the
// length of a run (runs in one process take turns) and anything else in
// the process that asks for os.TempDir() during a run gets the run's
// directory, which is gone after it.
package beamrun

import (
	"context"
	"fmt"
	"os"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
)

var mu sync.Mutex

// Run runs p with beamx.RunWithMetrics in a temporary directory of its
// own, which it removes when the run ends. A Flink job that failed for
// want of task slots has the likely cause added to its error.
func Run(ctx context.Context, p *beam.Pipeline) (beam.PipelineResult, error) {
	mu.Lock()
	defer mu.Unlock()
	dir, err := os.MkdirTemp("", "bookalign-beam-")
	if err != nil {
		return nil, fmt.Errorf("a temporary directory for the runner: %w", err)
	}
	defer os.RemoveAll(dir)
	old, had := os.LookupEnv("TMPDIR")
	if err := os.Setenv("TMPDIR", dir); err != nil {
		return nil, err
	}
	defer func() {
		if had {
			os.Setenv("TMPDIR", old)
		} else {
			os.Unsetenv("TMPDIR")
		}
	}()
	res, err := beamx.RunWithMetrics(ctx, p)
	return res, explainSlots(err, *jobopts.Parallelism)
}
