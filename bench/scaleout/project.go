package main

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// A Stage is one stage of the job: a set of independent elements, each run
// by one worker, and serial steps that one worker runs after them (a
// global combine, a plan). Stages are barriers: the next starts when the
// last element of this one is done.
type Stage struct {
	// Name names the stage in the table.
	Name string
	// Elements are the CPU-seconds of each element, on one core.
	Elements []float64
	// Serial are the CPU-seconds of the stage's serial steps.
	Serial float64
	// Source says where the figures come from ("measured", or the
	// docs/benchmarks.md row they are derived from).
	Source string
	// MinWorkers and MaxWorkers bound the workers the job runs the stage
	// on (0: no bound): a job keys some work differently by its number of
	// workers, one stage for each way.
	MinWorkers, MaxWorkers int
}

// RunsOn reports whether the job runs the stage on w workers.
func (s Stage) RunsOn(w int) bool {
	return w >= s.MinWorkers && (s.MaxWorkers == 0 || w <= s.MaxWorkers)
}

// Sum returns sum_i {Elements_i}.
func (s Stage) Sum() float64 {
	var sum float64
	for _, e := range s.Elements {
		sum += e
	}
	return sum
}

// Longest returns max_i {Elements_i}, 0 for no elements.
func (s Stage) Longest() float64 {
	if len(s.Elements) == 0 {
		return 0
	}
	return slices.Max(s.Elements)
}

// Wall returns the stage's wall time on w workers of one core each:
// max(longest element, sum / w) + serial. It is a lower bound of any
// schedule (no worker can split an element, and w workers do at most w
// CPU-seconds a second) and within the longest element of a greedy one.
func (s Stage) Wall(w int) float64 {
	return math.Max(s.Longest(), s.Sum()/float64(w)) + s.Serial
}

// Bound says what bounds the stage on w workers: "longest element", "sum
// / workers" or "serial" (the serial steps take longer than the elements).
func (s Stage) Bound(w int) string {
	par := math.Max(s.Longest(), s.Sum()/float64(w))
	switch {
	case s.Serial > par:
		return "serial"
	case s.Longest() >= s.Sum()/float64(w):
		return "longest element"
	}
	return "sum / workers"
}

// ErrBadStage is the error of a stage whose figures cannot be projected.
var ErrBadStage = errors.New("scaleout: bad stage")

// Check returns an error for a stage with no name, no elements and no
// serial steps, or a negative, infinite or NaN figure.
func (s Stage) Check() error {
	bad := func(x float64) bool { return x < 0 || math.IsNaN(x) || math.IsInf(x, 0) }
	switch {
	case s.Name == "":
		return fmt.Errorf("%w: no name", ErrBadStage)
	case len(s.Elements) == 0 && s.Serial == 0:
		return fmt.Errorf("%w: %s: no elements and no serial steps", ErrBadStage, s.Name)
	case bad(s.Serial):
		return fmt.Errorf("%w: %s: serial %v CPU-s", ErrBadStage, s.Name, s.Serial)
	case s.MinWorkers < 0 || s.MaxWorkers < 0 || (s.MaxWorkers > 0 && s.MaxWorkers < s.MinWorkers):
		return fmt.Errorf("%w: %s: workers %d to %d", ErrBadStage, s.Name, s.MinWorkers, s.MaxWorkers)
	}
	for i, e := range s.Elements {
		if bad(e) {
			return fmt.Errorf("%w: %s: element %d takes %v CPU-s", ErrBadStage, s.Name, i, e)
		}
	}
	return nil
}

// A Projection is the job's wall time on each number of workers: the sum
// of its stages' walls, and the stage that takes the largest part of it.
type Projection struct {
	Workers []int
	// Walls[i][j] is stage j's wall on Workers[i], 0 where the job does
	// not run it (Stage.RunsOn).
	Walls [][]float64
	// Total[i] is sum_j {Walls[i][j]}.
	Total []float64
	// Bounding[i] is the index of the stage with the largest wall on
	// Workers[i] (the first of equals).
	Bounding []int
}

// Project projects stages on each number of workers, which must be at
// least 1.
func Project(stages []Stage, workers []int) (Projection, error) {
	if len(stages) == 0 {
		return Projection{}, fmt.Errorf("%w: no stages", ErrBadStage)
	}
	if len(workers) == 0 {
		return Projection{}, errors.New("scaleout: no worker counts")
	}
	for _, s := range stages {
		if err := s.Check(); err != nil {
			return Projection{}, err
		}
	}
	p := Projection{Workers: workers}
	for _, w := range workers {
		if w < 1 {
			return Projection{}, fmt.Errorf("scaleout: %d workers", w)
		}
		walls := make([]float64, len(stages))
		var total float64
		top := 0
		for j, s := range stages {
			if !s.RunsOn(w) {
				continue
			}
			walls[j] = s.Wall(w)
			total += walls[j]
			if walls[j] > walls[top] {
				top = j
			}
		}
		p.Walls = append(p.Walls, walls)
		p.Total = append(p.Total, total)
		p.Bounding = append(p.Bounding, top)
	}
	return p, nil
}
