package process

import (
	"runtime"
	"testing"
)

// TestReadHeap checks that a collection shows in the heap's metrics: one
// more cycle, a live heap that holds what is kept, a goal above it.
func TestReadHeap(t *testing.T) {
	before := ReadHeap()
	kept := make([]byte, 8<<20)
	runtime.GC()
	after := ReadHeap()
	if after.Cycles <= before.Cycles {
		t.Errorf("cycles %d after a collection, %d before", after.Cycles, before.Cycles)
	}
	if after.Live < uint64(len(kept)) || after.Goal <= after.Live {
		t.Errorf("live %d, goal %d with %d bytes kept", after.Live, after.Goal, len(kept))
	}
	runtime.KeepAlive(kept)
}
