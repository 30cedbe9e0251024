package cv

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"
)

func TestGroups(t *testing.T) {
	for _, tc := range []struct {
		name   string
		ids    []string
		prints []uint64
		want   map[string]string
	}{
		{"distinct", []string{"a", "b", "c"}, []uint64{1, 2, 3}, map[string]string{}},
		{"replicated", []string{"b-x1", "a", "b", "a-x1", "a-x2"}, []uint64{2, 1, 2, 1, 1},
			map[string]string{"b-x1": "b", "a-x1": "a", "a-x2": "a"}},
		{"none", nil, nil, map[string]string{}},
	} {
		if got := Groups(tc.ids, tc.prints); !maps.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestGroupFolds checks that without groups GroupFolds is Folds, that the
// books of a group share a fold, and that the copies of a replicated
// corpus take the folds of the originals.
func TestGroupFolds(t *testing.T) {
	ids := make([]string, 40)
	for i := range ids {
		ids[i] = fmt.Sprintf("book-%02d", i)
	}
	want, err := Folds(3, 10, ids)
	if err != nil {
		t.Fatal(err)
	}
	for _, groups := range [][]string{nil, make([]string, len(ids))} {
		got, err := GroupFolds(3, 10, ids, groups)
		if err != nil {
			t.Fatal(err)
		}
		if !maps.Equal(got, want) {
			t.Errorf("groups %v: the folds differ from Folds'", groups)
		}
	}

	// Each book three times: the original and two copies.
	all, groups := slices.Clone(ids), make([]string, len(ids))
	for k := 1; k <= 2; k++ {
		for _, id := range ids {
			all = append(all, fmt.Sprintf("%s-x%d", id, k))
			groups = append(groups, id)
		}
	}
	got, err := GroupFolds(3, 10, all, groups)
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range all {
		orig := id
		if groups[i] != "" {
			orig = groups[i]
		}
		if got[id] != want[orig] {
			t.Errorf("%s in fold %d, its original %s in fold %d", id, got[id], orig, want[orig])
		}
	}
	if _, err := GroupFolds(3, 10, []string{"a", "b", "a"}, []string{"", "a", ""}); !errors.Is(err, ErrDuplicateBook) {
		t.Errorf("repeated id: %v", err)
	}
}

// TestInnerSplitGroups checks that the inner split keeps the books of a
// group on one side.
func TestInnerSplitGroups(t *testing.T) {
	var ids, groups []string
	for i := range 20 {
		id := fmt.Sprintf("book%02d", i)
		ids, groups = append(ids, id, id+"-x1"), append(groups, "", id)
	}
	fit, held, err := InnerSplit(5, 5, ids, groups)
	if err != nil {
		t.Fatal(err)
	}
	if len(held) == 0 || len(fit) == 0 {
		t.Fatalf("%d fit, %d held", len(fit), len(held))
	}
	side := map[string]bool{} // original → held
	for _, part := range []struct {
		idx  []int
		held bool
	}{{fit, false}, {held, true}} {
		for _, i := range part.idx {
			orig := ids[i]
			if groups[i] != "" {
				orig = groups[i]
			}
			if h, ok := side[orig]; ok && h != part.held {
				t.Errorf("%s and its copy are on both sides of the inner split", orig)
			}
			side[orig] = part.held
		}
	}
}

// TestPlanGroups checks that a plan keeps the books that share a text in
// one fold and records their group, and that a plan without shared texts
// records none.
func TestPlanGroups(t *testing.T) {
	ids := []string{"a", "b", "c", "d", "e", "f", "a-x1", "b-x1"}
	groups := Groups(ids, []uint64{1, 2, 3, 4, 5, 6, 1, 2})
	p, err := NewPlan(1, 3, ids, groups, false)
	if err != nil {
		t.Fatal(err)
	}
	if p.Fold["a"] != p.Fold["a-x1"] || p.Fold["b"] != p.Fold["b-x1"] {
		t.Errorf("copies split across folds: %v", p.Fold)
	}
	if !maps.Equal(p.Group, map[string]string{"a-x1": "a", "b-x1": "b"}) {
		t.Errorf("groups %v", p.Group)
	}
	q, err := NewPlan(1, 3, ids[:6], Groups(ids[:6], []uint64{1, 2, 3, 4, 5, 6}), false)
	if err != nil {
		t.Fatal(err)
	}
	if q.Group != nil {
		t.Errorf("distinct texts: groups %v", q.Group)
	}
	for _, id := range ids[:6] {
		if q.Fold[id] != p.Fold[id] {
			t.Errorf("%s: fold %d with copies of other books, %d without", id, p.Fold[id], q.Fold[id])
		}
	}
}
