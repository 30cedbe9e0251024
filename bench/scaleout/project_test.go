package main

import (
	"errors"
	"math"
	"testing"
)

func TestStageWall(t *testing.T) {
	for _, tc := range []struct {
		name    string
		stage   Stage
		workers int
		wall    float64
		bound   string
	}{
		{"one worker runs the sum", Stage{Name: "s", Elements: []float64{1, 2, 3}}, 1, 6, "sum / workers"},
		{"sum over workers", Stage{Name: "s", Elements: []float64{2, 2, 2, 2}}, 2, 4, "sum / workers"},
		{"the longest element bounds", Stage{Name: "s", Elements: []float64{10, 1, 1}}, 8, 10, "longest element"},
		{"tie goes to the longest element", Stage{Name: "s", Elements: []float64{4, 4}}, 2, 4, "longest element"},
		{"more workers than elements", Stage{Name: "s", Elements: []float64{3, 1}}, 128, 3, "longest element"},
		{"serial adds", Stage{Name: "s", Elements: []float64{1, 1, 1, 1}, Serial: 0.5}, 2, 2.5, "sum / workers"},
		{"serial bounds", Stage{Name: "s", Elements: []float64{1, 1}, Serial: 5}, 32, 6, "serial"},
		{"serial only", Stage{Name: "s", Serial: 7.4}, 128, 7.4, "serial"},
		{"zero-cost elements", Stage{Name: "s", Elements: []float64{0, 0}}, 8, 0, "longest element"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.stage.Wall(tc.workers); math.Abs(got-tc.wall) > 1e-12 {
				t.Errorf("Wall(%d) = %v, want %v", tc.workers, got, tc.wall)
			}
			if got := tc.stage.Bound(tc.workers); got != tc.bound {
				t.Errorf("Bound(%d) = %q, want %q", tc.workers, got, tc.bound)
			}
		})
	}
}

func TestProject(t *testing.T) {
	align := Stage{Name: "align", Elements: []float64{8, 1, 1, 1, 1, 1, 1, 1, 1}} // sum 16, longest 8
	plan := Stage{Name: "plan", Serial: 3}
	train := Stage{Name: "train", Elements: []float64{5, 5, 5, 5, 5, 5}} // sum 30, longest 5
	for _, tc := range []struct {
		name     string
		stages   []Stage
		workers  []int
		total    []float64
		bounding []int
	}{
		{"one stage", []Stage{train}, []int{1, 2, 6, 100}, []float64{30, 15, 5, 5}, []int{0, 0, 0, 0}},
		// 1: 16+3+30; 2: 8+3+15; 4: 8+3+7.5; 32: 8+3+5.
		{"stages add up", []Stage{align, plan, train}, []int{1, 2, 4, 32}, []float64{49, 26, 18.5, 16}, []int{2, 2, 0, 0}},
		{"serial stage bounds at many workers", []Stage{plan, {Name: "wide", Elements: []float64{1, 1, 1, 1, 1, 1, 1, 1}}}, []int{1, 8}, []float64{11, 4}, []int{1, 0}},
		{"first of equals", []Stage{{Name: "a", Serial: 2}, {Name: "b", Serial: 2}}, []int{1}, []float64{4}, []int{0}},
		// few: 10 on 1, 5 on 2; many: 4 on 3, 1 on 12.
		{"a stage each way by workers", []Stage{{Name: "few", Elements: []float64{5, 5}, MaxWorkers: 2}, {Name: "many", Elements: []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, MinWorkers: 3}},
			[]int{1, 2, 3, 12}, []float64{10, 5, 4, 1}, []int{0, 0, 1, 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Project(tc.stages, tc.workers)
			if err != nil {
				t.Fatal(err)
			}
			for i := range tc.workers {
				if math.Abs(p.Total[i]-tc.total[i]) > 1e-12 {
					t.Errorf("%d workers: total %v, want %v", tc.workers[i], p.Total[i], tc.total[i])
				}
				if p.Bounding[i] != tc.bounding[i] {
					t.Errorf("%d workers: bounding stage %d, want %d", tc.workers[i], p.Bounding[i], tc.bounding[i])
				}
				var sum float64
				for _, w := range p.Walls[i] {
					sum += w
				}
				if sum != p.Total[i] {
					t.Errorf("%d workers: walls add to %v, total %v", tc.workers[i], sum, p.Total[i])
				}
			}
		})
	}
}

func TestProjectRejects(t *testing.T) {
	ok := Stage{Name: "ok", Elements: []float64{1}}
	for _, tc := range []struct {
		name    string
		stages  []Stage
		workers []int
		stage   bool // the error is ErrBadStage
	}{
		{"no stages", nil, []int{1}, true},
		{"no worker counts", []Stage{ok}, nil, false},
		{"zero workers", []Stage{ok}, []int{8, 0}, false},
		{"negative workers", []Stage{ok}, []int{-1}, false},
		{"no name", []Stage{{Elements: []float64{1}}}, []int{1}, true},
		{"empty stage", []Stage{{Name: "empty"}}, []int{1}, true},
		{"negative element", []Stage{{Name: "s", Elements: []float64{1, -1}}}, []int{1}, true},
		{"NaN element", []Stage{{Name: "s", Elements: []float64{math.NaN()}}}, []int{1}, true},
		{"infinite element", []Stage{{Name: "s", Elements: []float64{math.Inf(1)}}}, []int{1}, true},
		{"negative serial", []Stage{{Name: "s", Elements: []float64{1}, Serial: -2}}, []int{1}, true},
		{"NaN serial only", []Stage{{Name: "s", Serial: math.NaN()}}, []int{1}, true},
		{"workers bounds crossed", []Stage{{Name: "s", Elements: []float64{1}, MinWorkers: 5, MaxWorkers: 4}}, []int{1}, true},
		{"negative workers bound", []Stage{{Name: "s", Elements: []float64{1}, MinWorkers: -1}}, []int{1}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Project(tc.stages, tc.workers)
			if err == nil {
				t.Fatal("no error")
			}
			if got := errors.Is(err, ErrBadStage); got != tc.stage {
				t.Errorf("errors.Is(%v, ErrBadStage) = %v, want %v", err, got, tc.stage)
			}
		})
	}
}

// TestDerivedStages checks that the derived stages share out exactly the
// profile's CPU-s: per book by counted tokens, over the 11 set keys on up
// to 11 workers, and over the 33 training keys on more, each paying its
// set's fixed costs and fitting its model alone.
func TestDerivedStages(t *testing.T) {
	var costs []BookCost
	for i, id := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"} {
		costs = append(costs, BookCost{ID: id, Tokens: 1000 * (i + 1)})
	}
	stages, err := derivedStages(costs)
	if err != nil {
		t.Fatal(err)
	}
	scale := 78000 / profileTokens // the books' counted tokens: 1,000 × (1 + … + 12)
	perSet := coverageCPU + readSetCPU + collectionCPU
	want := map[string]struct {
		elements int
		sum      float64
		serial   float64
	}{
		"fold plan and set statistics":            {0, 0, scale * (setSumsCPU + bigramsCPU)},
		"featurize the training sets, per book":   {12, scale * featurizeCPU, 0},
		"train and summarize, set keys":           {11, scale * (objectiveCPU + perSet + summarizeCPU + rougeCPU), 0},
		"train and summarize, (method, set) keys": {33, scale * (objectiveCPU*3*passAlone/passThree + 3*perSet + summarizeCPU + rougeCPU), 0},
		"baselines, per book":                     {12, scale * baselinesCPU, 0},
	}
	if len(stages) != len(want) {
		t.Fatalf("%d stages, want %d", len(stages), len(want))
	}
	for _, s := range stages {
		w, ok := want[s.Name]
		if !ok {
			t.Errorf("unexpected stage %q", s.Name)
			continue
		}
		if len(s.Elements) != w.elements || math.Abs(s.Sum()-w.sum) > 1e-12 || math.Abs(s.Serial-w.serial) > 1e-12 {
			t.Errorf("%s: %d elements, sum %v, serial %v; want %d, %v, %v", s.Name, len(s.Elements), s.Sum(), s.Serial, w.elements, w.sum, w.serial)
		}
	}
	for _, c := range []struct {
		name string
		w    int
		want bool
	}{{"set keys", 1, true}, {"set keys", 11, true}, {"set keys", 12, false}, {"(method, set) keys", 11, false}, {"(method, set) keys", 12, true}} {
		for _, s := range stages {
			if s.Name == "train and summarize, "+c.name && s.RunsOn(c.w) != c.want {
				t.Errorf("%s runs on %d workers: %v, want %v", s.Name, c.w, s.RunsOn(c.w), c.want)
			}
		}
	}
	// The largest book's share is the longest per-book element.
	if got, want := stages[1].Longest(), scale*featurizeCPU*12/78; math.Abs(got-want) > 1e-12 {
		t.Errorf("longest featurizing element %v, want %v", got, want)
	}
	if _, err := derivedStages([]BookCost{{ID: "a"}}); err == nil {
		t.Error("no error for books without counted tokens")
	}
	if _, err := derivedStages([]BookCost{{ID: "a", Tokens: 1}, {ID: "a", Tokens: 1}}); err == nil {
		t.Error("no error for a duplicate book")
	}
}
