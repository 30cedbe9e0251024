package features

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
)

// TestStatsAndCountsBinary checks that Stats and Counts round-trip exactly
// through their binary forms, that every truncation is an error, and that
// equal Counts encode equally whatever order their map was filled in.
func TestStatsAndCountsBinary(t *testing.T) {
	_, carolBook := classifytest.Parse(t, "carol", classifytest.Carol)
	_, homeBook := classifytest.Parse(t, "home", classifytest.Home)
	var counts, reversed Counts
	stats := []*classify.Stats{carolBook.Stats(), homeBook.Stats(), {ID: "none"}}
	for i, st := range stats {
		if err := counts.Add(st); err != nil {
			t.Fatal(err)
		}
		if err := reversed.Add(stats[len(stats)-1-i]); err != nil {
			t.Fatal(err)
		}
		data, err := st.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var got classify.Stats
		if err := got.UnmarshalBinary(data); err != nil {
			t.Fatalf("%s: %v", st.ID, err)
		}
		if len(st.Words) == 0 {
			got.Words, got.Count = nil, nil
		}
		if !reflect.DeepEqual(&got, st) {
			t.Errorf("%s: round trip\n got %+v\nwant %+v", st.ID, got, *st)
		}
		for cut := range len(data) {
			if err := new(classify.Stats).UnmarshalBinary(data[:cut]); !errors.Is(err, classify.ErrBookEncoding) {
				t.Errorf("%s stats cut to %d bytes: error %v", st.ID, cut, err)
			}
		}
	}
	for _, c := range []*Counts{&counts, {}} {
		data, err := c.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var got Counts
		if err := got.UnmarshalBinary(data); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(&got, c) {
			t.Errorf("counts round trip\n got %+v\nwant %+v", got, *c)
		}
		for cut := range len(data) {
			if err := new(Counts).UnmarshalBinary(data[:cut]); !errors.Is(err, classify.ErrBookEncoding) {
				t.Errorf("counts cut to %d bytes: error %v", cut, err)
			}
		}
	}
	a, _ := counts.MarshalBinary()
	b, _ := reversed.MarshalBinary()
	if !bytes.Equal(a, b) {
		t.Error("equal Counts have different binary forms")
	}
	if _, err := (&classify.Stats{ID: "bad", Words: []string{"a"}}).MarshalBinary(); err == nil {
		t.Error("stats of inconsistent lengths were encoded")
	}
}

// FuzzCountsBinary checks that decoding arbitrary bytes as Stats or Counts
// never panics, that what decodes encodes back to a form that decodes
// to the same value, and that a collection decoded from them
// (DecodeCollection) is the one the decoded Counts make.
func FuzzCountsBinary(f *testing.F) {
	st := &classify.Stats{ID: "a", Words: []string{"cat", "cats", "dog"}, Count: []int32{3, 1, -2}}
	c := &Counts{}
	if err := c.Add(st); err != nil {
		f.Fatal(err)
	}
	marked := &classify.Stats{ID: "b", Words: []string{"cat", "dog"}, Count: []int32{1, 2}, InSummary: []bool{false, true}}
	if err := c.Add(marked); err != nil {
		f.Fatal(err)
	}
	_, carolBook := classifytest.Parse(f, "carol", classifytest.Carol)
	carolBook.SetReference("Scrooge knew Marley was dead.")
	terms := carolBook.Stats()
	if err := c.Add(terms); err != nil {
		f.Fatal(err)
	}
	var bb coverage.BigramBooks
	bb.Add(terms.Terms.Bigrams)
	for _, m := range []interface{ MarshalBinary() ([]byte, error) }{st, marked, terms, c, &bb} {
		data, err := m.MarshalBinary()
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var s classify.Stats
		if s.UnmarshalBinary(data) == nil {
			again, err := s.MarshalBinary()
			var s2 classify.Stats
			if err != nil || s2.UnmarshalBinary(again) != nil || !reflect.DeepEqual(s, s2) {
				t.Fatalf("stats do not round-trip: %v", err)
			}
		}
		var c Counts
		decoded := c.UnmarshalBinary(data) == nil
		if col, err := DecodeCollection(data, Settings{Coverage: true, Events: true}, nil); err == nil {
			want, err := c.Collection(Settings{Coverage: true, Events: true}, nil)
			if !decoded || err != nil {
				t.Fatalf("a collection decoded from counts that do not decode: %v", err)
			}
			a, _ := json.Marshal(col)
			b, _ := json.Marshal(want)
			if !bytes.Equal(a, b) {
				t.Fatal("the decoded collection differs from the decoded counts'")
			}
		}
		if decoded {
			again, err := c.MarshalBinary()
			var c2 Counts
			if err != nil || c2.UnmarshalBinary(again) != nil || !reflect.DeepEqual(c, c2) {
				t.Fatalf("counts do not round-trip: %v", err)
			}
		}
		var bb coverage.BigramBooks
		if bb.UnmarshalBinary(data) == nil {
			again, err := bb.MarshalBinary()
			var bb2 coverage.BigramBooks
			if err != nil || bb2.UnmarshalBinary(again) != nil || !reflect.DeepEqual(bb, bb2) {
				t.Fatalf("bigram counts do not round-trip: %v", err)
			}
		}
	})
}
