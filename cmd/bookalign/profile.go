package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"time"
)

// startCPUProfile starts a CPU profile of the process into the file path
// and returns the function that stops it and closes the file. With an
// empty path nothing is profiled and stop does nothing.
func startCPUProfile(path string) (stop func() error, err error) {
	if path == "" {
		return func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	return func() error {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			return fmt.Errorf("--cpuprofile: %w", err)
		}
		return nil
	}, nil
}

// heapEvery is how often --memprofile looks at the live heap: often enough
// to see every garbage collection of a large run (seconds apart); the
// profile is written again only when its bytes in use have grown
// (heapProfiler.sample).
const heapEvery = 250 * time.Millisecond

// startProfiles starts the profiles that --cpuprofile and --memprofile ask
// for (none when their paths are empty) and returns the function that
// stops them and, with say, says on stderr what the heap profile caught.
// The two files must differ.
func startProfiles(cpuPath, memPath string) (stop func(say bool) error, err error) {
	if cpuPath != "" && memPath != "" && samePath(cpuPath, memPath) {
		return nil, fmt.Errorf("--cpuprofile and --memprofile name the same file %s", memPath)
	}
	stopHeap, err := startHeapProfile(memPath, heapEvery)
	if err != nil {
		return nil, err
	}
	stopCPU, err := startCPUProfile(cpuPath)
	if err != nil {
		stopHeap()
		return nil, err
	}
	return func(say bool) error {
		cerr := stopCPU()
		peak, herr := stopHeap()
		if herr == nil && memPath != "" && say {
			fmt.Fprintf(os.Stderr, "bookalign run: --memprofile %s: the heap at its %s\n", memPath, peak)
		}
		return errors.Join(cerr, herr)
	}, nil
}

// samePath reports whether two paths name the same file: the same clean
// absolute path, or the same file on disk.
func samePath(a, b string) bool {
	aa, aerr := filepath.Abs(a)
	bb, berr := filepath.Abs(b)
	if aerr == nil && berr == nil && aa == bb {
		return true
	}
	ai, aerr := os.Stat(a)
	bi, berr := os.Stat(b)
	return aerr == nil && berr == nil && os.SameFile(ai, bi)
}
