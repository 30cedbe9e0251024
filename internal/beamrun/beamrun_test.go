package beamrun

import (
	"context"
	"os"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

func TestMain(m *testing.M) {
	log.SetupLogging("warn", "text")
	ptest.Main(m)
}

// TestRunLeavesNoTempFile runs a pipeline on prism, in LOOPBACK mode as
// prism starts it, with $TMPDIR pointing at an empty directory: the
// directory is empty afterwards (Beam alone leaves a beamloopbackworker-*
// file there), and $TMPDIR is as it was.
func TestRunLeavesNoTempFile(t *testing.T) {
	if testing.Short() {
		t.Skip("starts prism")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	for range 2 {
		p, s := beam.NewPipelineWithRoot()
		passert.Count(s, beam.Create(s, 1, 2, 3), "n", 3)
		if _, err := Run(context.Background(), p); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("left in $TMPDIR: %s", e.Name())
	}
	if got := os.Getenv("TMPDIR"); got != tmp {
		t.Errorf("TMPDIR = %q after the run, want %q", got, tmp)
	}
}
