package features

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/classify"
)

// TestCollectionStopwordsSaved checks that a collection's coverage
// stopwords, given beside its settings, are saved inside its settings
// object where the format of saved models has them (before
// coverage_function, or last), and read back.
func TestCollectionStopwordsSaved(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  Settings
		stop []string
		want string
	}{
		{"no list", Settings{Coverage: true, CoverageFunction: 0.2}, nil, `{"settings":{"vocabulary":0,"names":0,"coverage":true,"coverage_function":0.2},`},
		{"a list", Settings{Coverage: true, CoverageMinWords: 15, CoverageFunction: 0.2}, []string{"a", "the"}, `{"settings":{"vocabulary":0,"names":0,"coverage":true,"coverage_min_words":15,"coverage_stopwords":["a","the"],"coverage_function":0.2},`},
		{"a list, function weight 0", Settings{Coverage: true}, []string{"a"}, `{"settings":{"vocabulary":0,"names":0,"coverage":true,"coverage_stopwords":["a"]},`},
	} {
		c := &Collection{Settings: tc.set, Stopwords: tc.stop, IDs: []string{"b"}}
		data, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(data), tc.want) {
			t.Errorf("%s: saved %s, want it to begin %s", tc.name, data, tc.want)
		}
		var back Collection
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if back.Settings != tc.set || !slices.Equal(back.Stopwords, tc.stop) || !slices.Equal(back.IDs, c.IDs) {
			t.Errorf("%s: read back %+v %q %q, want %+v %q %q", tc.name, back.Settings, back.Stopwords, back.IDs, tc.set, tc.stop, c.IDs)
		}
	}
	if err := json.Unmarshal([]byte(`{"settings":{"coverage":true,"coverage_stopword":["a"]}}`), new(Collection)); err == nil {
		t.Error("an unknown key in a saved collection's settings was read")
	}
}

// TestCollectionStopwordsChecked checks that a stopword list goes only
// with coverage extraction, sorted.
func TestCollectionStopwordsChecked(t *testing.T) {
	c := &Counts{}
	if err := c.Add(&classify.Stats{ID: "b", Words: []string{"whale"}, Count: []int32{1}}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		set  Settings
		stop []string
		ok   bool
	}{
		{"coverage, sorted", Settings{Coverage: true}, []string{"a", "the"}, true},
		{"coverage, not sorted", Settings{Coverage: true}, []string{"the", "a"}, false},
		{"no coverage, a list", Settings{}, []string{"a"}, false},
		{"no coverage, no list", Settings{}, nil, true},
	} {
		if _, err := c.Collection(tc.set, tc.stop); (err == nil) != tc.ok {
			t.Errorf("%s: Collection() = %v, want success %v", tc.name, err, tc.ok)
		}
	}
}
