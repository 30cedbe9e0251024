package features

import (
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/text"
)

// eventBooks returns three training books with their summaries marked and
// a new book.
func eventBooks(t *testing.T) (train []*classify.Book, test *classify.Book) {
	for _, b := range []struct{ id, book, summary string }{
		{"a", "The king died. The rain fell.\n", "The king died."},
		{"b", "The king was killed. The sky was grey.\n", "A king is killed."},
		{"c", "A king ran. The sky fell.\n", "Someone ran."},
	} {
		_, book := classifytest.Parse(t, b.id, b.book)
		sdoc, err := text.ParseBook(b.summary + "\n")
		if err != nil {
			t.Fatal(err)
		}
		book.SetSummary(classify.SummaryWords(sdoc))
		train = append(train, book)
	}
	_, test = classifytest.Parse(t, "t", "The king died. It rained.\n")
	return train, test
}

func TestEventScores(t *testing.T) {
	train, test := eventBooks(t)
	if got, want := train[0].InSummary, []bool{true, false, true, false, true}; !slices.Equal(got, want) {
		t.Fatalf("InSummary of %v = %v, want %v", train[0].Words, got, want) // died fell king rain the
	}
	var c Counts
	for _, b := range train[:2] {
		if err := c.Add(b.Stats()); err != nil {
			t.Fatal(err)
		}
	}
	var c2 Counts
	if err := c2.Add(train[2].Stats()); err != nil {
		t.Fatal(err)
	}
	if err := c.Merge(&c2); err != nil {
		t.Fatal(err)
	}
	if got := c.Words["king"]; got.Books != 3 || got.Summaries != 2 {
		t.Errorf("king counted %+v, want 3 books, 2 summaries", got)
	}
	col, err := c.Collection(Settings{Events: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Non-stopword book occurrences: a 4 (died fell king rain), b 4 (grey
	// killed king sky), c 4 (fell king ran sky); in the summaries: king
	// twice, died, killed, ran.
	p0 := 5.0 / 12
	if got := col.EventBase(); math.Abs(got-p0) > 1e-12 {
		t.Fatalf("EventBase = %v, want %v", got, p0)
	}
	event := func(s, df float64) float64 { return math.Log((s+eventPrior*p0)/(df+eventPrior)) - math.Log(p0) }
	for _, tc := range []struct {
		book *classify.Book
		self bool
		want map[string]float64 // NaN: no score
	}{
		{test, false, map[string]float64{"king": event(2, 3), "died": event(1, 1), "rained": math.NaN(), "the": math.NaN()}},
		// A training book leaves its own summary out: "died" is its alone.
		{train[0], true, map[string]float64{"king": event(1, 2), "died": math.NaN(), "fell": event(0, 1), "rain": math.NaN()}},
	} {
		got := col.eventScores(tc.book, col.statsOf(tc.book.Words), tc.self)
		for w, want := range tc.want {
			k, _ := slices.BinarySearch(tc.book.Words, w)
			if g := got[k]; !(math.IsNaN(want) && math.IsNaN(g)) && math.Abs(g-want) > 1e-12 {
				t.Errorf("%s: event(%s) = %v, want %v", tc.book.ID, w, g, want)
			}
		}
	}

	// Without Events the collection keeps no summary counts.
	if plain, _ := c.Collection(Settings{}, nil); plain.Summaries != nil {
		t.Error("summary counts kept without Settings.Events")
	}
	// The binary forms carry the summary words.
	for _, v := range []struct {
		in, out interface {
			MarshalBinary() ([]byte, error)
			UnmarshalBinary([]byte) error
		}
	}{{train[0].Stats(), new(classify.Stats)}, {&c, new(Counts)}, {train[0], new(classify.Book)}} {
		data, err := v.in.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if err := v.out.UnmarshalBinary(data); err != nil || !reflect.DeepEqual(v.in, v.out) {
			t.Errorf("%T does not round-trip (%v)", v.in, err)
		}
	}
	bad := train[0].Stats()
	bad.InSummary = bad.InSummary[1:]
	if _, err := bad.MarshalBinary(); err == nil {
		t.Error("stats with too few summary marks encode")
	}
}

func TestFeaturizeEvents(t *testing.T) {
	train, test := eventBooks(t)
	var stats []*classify.Stats
	for _, b := range train {
		stats = append(stats, b.Stats())
	}
	base := Settings{Vocabulary: 2, Names: 2}
	c0, _ := NewCollection(base, nil, stats...)
	set := base
	set.Events = true
	c, err := NewCollection(set, nil, stats...)
	if err != nil {
		t.Fatal(err)
	}
	names := c.FeatureNames()
	want := eventNames()
	if !slices.Equal(names[:c0.Dim()], c0.FeatureNames()) || !slices.Equal(names[c0.Dim():], want) || c.Dim() != len(names) {
		t.Fatalf("FeatureNames = %v", names)
	}
	if want[0] != "EVENTS>=1" || want[len(want)-1] != "EVENT_MEAN>=0.5" {
		t.Errorf("names %v", want)
	}
	f := c.Featurize(test)
	active := activeFrom(names, f, c0.Dim())
	// Row 0, "The king died.": scores 0.13 (king) and 0.12 (died), both
	// below 0.5; 3 budget words. Row 1, "It rained.": no scored word.
	if got := active(0); !slices.Equal(got, []string{"EVENT_MEAN>=0"}) {
		t.Errorf("row 0: %v", got)
	}
	if got := active(1); got != nil {
		t.Errorf("row 1: %v", got)
	}
	var r eventRow
	for _, s := range []float64{math.NaN(), 2.5, 1, -3} {
		r.add(s)
	}
	at := int32(100)
	got := appendEvents(nil, at, r) // 2 event words, max 2.5, mean 1/6
	wantIdx := []int32{100, 101, 104, 105, 106, 107, 108}
	if !slices.Equal(got, wantIdx) {
		t.Errorf("appendEvents = %v, want %v", got, wantIdx)
	}
}

// activeFrom returns a function that lists the names of the active
// features of a row of f from index from on.
func activeFrom(names []string, f *Features, from int) func(row int) []string {
	return func(row int) []string {
		var out []string
		for _, j := range f.Row(row) {
			if int(j) >= from {
				out = append(out, names[j])
			}
		}
		return out
	}
}
