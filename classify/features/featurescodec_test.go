package features

import (
	"errors"
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// TestFeaturesBinary checks that featurized books, with and without labels,
// round-trip exactly through their binary form, that every truncation is an
// error, and that the form is smaller than the features in memory.
func TestFeaturesBinary(t *testing.T) {
	_, carolBook := classifytest.Parse(t, "carol", classifytest.Carol)
	_, homeBook := classifytest.Parse(t, "home", classifytest.Home)
	col, err := NewCollection(Settings{Counts: true}, nil, carolBook.Stats(), homeBook.Stats())
	if err != nil {
		t.Fatal(err)
	}
	labelled := col.Featurize(carolBook)
	labelled.Label = make([]bool, labelled.Rows())
	labelled.Label[0], labelled.Label[labelled.Rows()-1] = true, true
	cases := []*Features{
		labelled,
		col.Featurize(homeBook),
		{ID: "empty", Start: []int32{0}, Length: []int32{}},
		{ID: "unsorted", Start: []int32{0, 3, 3}, Index: []int32{7, 2, 9}, Length: []int32{4, 0}, Label: []bool{false, true}},
		{ID: "copy-x1", Group: "copy", Start: []int32{0, 1}, Index: []int32{3}, Length: []int32{2}},
	}
	for _, f := range cases {
		data, err := f.MarshalBinary()
		if err != nil {
			t.Fatalf("%s: %v", f.ID, err)
		}
		var got Features
		if err := got.UnmarshalBinary(data); err != nil {
			t.Fatalf("%s: %v", f.ID, err)
		}
		if len(f.Index) == 0 && got.Index == nil {
			got.Index = f.Index
		}
		if !reflect.DeepEqual(&got, f) {
			t.Errorf("%s: round trip\n got %+v\nwant %+v", f.ID, got, *f)
		}
		for cut := range len(data) {
			if err := new(Features).UnmarshalBinary(data[:cut]); !errors.Is(err, classify.ErrBookEncoding) {
				t.Errorf("%s cut to %d bytes: error %v", f.ID, cut, err)
			}
		}
		if inMemory := 4 * (len(f.Start) + len(f.Index) + len(f.Length)); f.Rows() > 10 && len(data) >= inMemory/2 {
			t.Errorf("%s: %d bytes encoded, %d in memory: not compact", f.ID, len(data), inMemory)
		}
	}
	for _, bad := range []*Features{
		{ID: "no rows"},
		{ID: "short length", Start: []int32{0, 1}, Index: []int32{1}},
		{ID: "short label", Start: []int32{0, 1}, Index: []int32{1}, Length: []int32{1}, Label: []bool{}},
		{ID: "backwards", Start: []int32{0, 2, 1}, Index: []int32{1, 2}, Length: []int32{1, 1}},
		{ID: "coverage count bin 14, past the last", Start: []int32{0}, Length: []int32{}, Cover: &coverage.Cells{Keys: []uint32{14}, NGrams: []int32{1}, Hits: []int32{0}}},
		{ID: "coverage bits", Start: []int32{0}, Length: []int32{}, Cover: &coverage.Cells{Keys: []uint32{1 << 30}, NGrams: []int32{1}, Hits: []int32{0}}},
		{ID: "coverage counts", Start: []int32{0}, Length: []int32{}, Cover: &coverage.Cells{Keys: []uint32{1}, NGrams: []int32{-1}, Hits: []int32{0}}},
	} {
		if _, err := bad.MarshalBinary(); err == nil {
			t.Errorf("%s: encoded", bad.ID)
		}
	}
}

// FuzzFeaturesBinary checks that whatever decodes encodes again to features
// that decode equal.
func FuzzFeaturesBinary(f *testing.F) {
	for _, x := range []*Features{
		{ID: "a", Start: []int32{0, 2, 3}, Index: []int32{1, 5, 0}, Length: []int32{3, 1}, Label: []bool{true, false}},
		{ID: "b", Start: []int32{0}, Length: []int32{}},
		{ID: "c", Start: []int32{0, 1}, Index: []int32{2}, Length: []int32{4}, Cover: &coverage.Cells{Keys: []uint32{3, 1 << 31}, NGrams: []int32{5, 2}, Hits: []int32{1, 0}}},
	} {
		data, err := x.MarshalBinary()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var x Features
		if x.UnmarshalBinary(data) != nil {
			return
		}
		again, err := x.MarshalBinary()
		var y Features
		if err != nil || y.UnmarshalBinary(again) != nil || !reflect.DeepEqual(x, y) {
			t.Fatalf("features do not round-trip: %v", err)
		}
	})
}
