package beamrun

import (
	"fmt"
	"strings"
)

// slotTimeouts are what a Flink job's failure says when the cluster found
// no task slots for it within slot.request.timeout: the scheduler's
// exception, and the bare timeout the job server passes on from it.
var slotTimeouts = []string{
	"NoResourceAvailableException",
	"Could not allocate the required slot",
	"java.util.concurrent.TimeoutException: Timeout has occurred",
}

// explainSlots returns err with the likely cause added when it reads as
// a job that waited for task slots until it timed out, as a job whose
// parallelism exceeds the cluster's free slots does; parallelism is
// Beam's --parallelism (-1: not given). Other errors come back as they
// are.
func explainSlots(err error, parallelism int) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	for _, s := range slotTimeouts {
		if strings.Contains(msg, s) {
			asked := "the cluster's parallelism.default"
			if parallelism > 0 {
				asked = fmt.Sprintf("--parallelism %d", parallelism)
			}
			return fmt.Errorf("%w\n(a Flink job fails so when the cluster has fewer free task slots than it asks for, %s: give at most the free slots the JobManager reports)", err, asked)
		}
	}
	return err
}
