package main

import (
	"slices"
	"testing"
)

func TestSubsample(t *testing.T) {
	labels := []int{3, 8, 13, 21, 34, 55}
	for _, n := range []int{0, 2, 5, 6, 9} {
		a := subsample(labels, n, bookRand("book", "sub"))
		b := subsample(labels, n, bookRand("book", "sub"))
		if !slices.Equal(a, b) {
			t.Errorf("n=%d: %v then %v: not reproducible", n, a, b)
		}
		if want := min(n, len(labels)); len(a) != want {
			t.Errorf("n=%d: %d labels %v, want %d", n, len(a), a, want)
		}
		if !slices.IsSorted(a) {
			t.Errorf("n=%d: %v not sorted", n, a)
		}
		for _, s := range a {
			if !slices.Contains(labels, s) {
				t.Errorf("n=%d: %d is not one of the labels", n, s)
			}
		}
	}
	if slices.Equal(subsample(labels, 3, bookRand("one", "sub")), subsample(labels, 3, bookRand("two", "sub"))) &&
		slices.Equal(subsample(labels, 3, bookRand("three", "sub")), subsample(labels, 3, bookRand("four", "sub"))) {
		t.Error("four books drew the same two subsamples: the seed ignores the book")
	}
}
