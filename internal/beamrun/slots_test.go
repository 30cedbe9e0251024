package beamrun

import (
	"errors"
	"strings"
	"testing"
)

// TestExplainSlots checks that a job that timed out waiting for task
// slots gets the likely cause, naming the parallelism it asked for, and
// that other errors come back as they were.
func TestExplainSlots(t *testing.T) {
	for _, c := range []struct {
		name        string
		err         error
		parallelism int
		want        string // in the message; "" for the error unchanged
	}{
		{"the job server's timeout", errors.New("job J failed:\njava.util.concurrent.TimeoutException: Timeout has occurred: 60000 ms"), 3, "fewer free task slots than it asks for, --parallelism 3:"},
		{"the scheduler's exception", errors.New("org.apache.flink.runtime.jobmanager.scheduler.NoResourceAvailableException: Slot request bulk is not fulfillable!"), -1, "than it asks for, the cluster's parallelism.default:"},
		{"a DoFn's error", errors.New("job J failed: stat sample/pairs.tsv: no such file or directory"), 3, ""},
		{"no error", nil, 3, ""},
	} {
		got := explainSlots(c.err, c.parallelism)
		switch {
		case c.want == "" && got != c.err:
			t.Errorf("%s: %v, want %v unchanged", c.name, got, c.err)
		case c.want != "" && (!strings.Contains(got.Error(), c.want) || !errors.Is(got, c.err)):
			t.Errorf("%s: %q, want it wrapped with %q", c.name, got, c.want)
		}
	}
}
