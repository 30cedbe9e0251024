package features

import (
	"slices"
	"testing"
)

func TestRowLabels(t *testing.T) {
	for _, tc := range []struct {
		rows []int
		n    int
		ok   bool
	}{
		{nil, 0, true}, {nil, 3, true}, {[]int{0, 2}, 3, true}, {[]int{4}, 5, true},
		{[]int{3}, 3, false}, {[]int{-1}, 3, false}, {[]int{0}, 0, false},
	} {
		label, err := RowLabels(tc.rows, tc.n)
		if (err == nil) != tc.ok {
			t.Errorf("RowLabels(%v, %d): error %v", tc.rows, tc.n, err)
			continue
		}
		if !tc.ok {
			continue
		}
		if len(label) != tc.n {
			t.Errorf("RowLabels(%v, %d) has %d labels", tc.rows, tc.n, len(label))
		}
		if back := LabelledRows(label); !slices.Equal(back, tc.rows) {
			t.Errorf("LabelledRows(RowLabels(%v)) = %v", tc.rows, back)
		}
	}
}
