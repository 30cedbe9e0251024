package process

import "runtime/metrics"

// Heap is what the runtime says of the Go heap after its last collection.
type Heap struct {
	Live   uint64 // the live heap's bytes
	Goal   uint64 // the heap goal: the size at which the next collection starts
	Cycles uint64 // the collections so far
}

// heapSamples are the runtime metrics ReadHeap reads, in Heap's order.
var heapSamples = []string{"/gc/heap/live:bytes", "/gc/heap/goal:bytes", "/gc/cycles/total:gc-cycles"}

// ReadHeap reads the heap's metrics; a metric this Go does not have reads
// as 0.
func ReadHeap() Heap {
	s := make([]metrics.Sample, len(heapSamples))
	for i, name := range heapSamples {
		s[i].Name = name
	}
	metrics.Read(s)
	v := make([]uint64, len(s))
	for i := range s {
		if s[i].Value.Kind() == metrics.KindUint64 {
			v[i] = s[i].Value.Uint64()
		}
	}
	return Heap{Live: v[0], Goal: v[1], Cycles: v[2]}
}
