package features

import "fmt"

// LabelledRows returns the rows whose label is true, increasing: the
// compact form of a book's labels (Book.Labels) that a training set keeps.
func LabelledRows(label []bool) []int {
	var rows []int
	for i, y := range label {
		if y {
			rows = append(rows, i)
		}
	}
	return rows
}

// RowLabels returns the labels of a book of n rows whose labelled rows
// are rows (LabelledRows). A row outside [0, n) is an error.
func RowLabels(rows []int, n int) ([]bool, error) {
	label := make([]bool, n)
	for _, r := range rows {
		if r < 0 || r >= n {
			return nil, fmt.Errorf("features: label row %d of %d", r, n)
		}
		label[r] = true
	}
	return label, nil
}
