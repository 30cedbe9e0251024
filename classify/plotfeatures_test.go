package classify

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// plotBook names four main names: Darcy and Elizabeth (who meet in rows
// 1 and 2), Bennet (always with Elizabeth, so one character with her) and
// Jane (with both in row 2).
const plotBook = "It was cold in the town.\n\n" +
	"Then Elizabeth Bennet met Darcy at the ball.\n\n" + // 1
	"Later Darcy wrote to Elizabeth and Jane.\n\n" + // 2
	"Soon Darcy rode away.\n\n" + // 3
	"Then Jane sewed.\n\n" + // 4
	"Once Elizabeth Bennet sang.\n\n" + // 5
	"Then Darcy slept.\n\n" + // 6
	"Then Elizabeth read.\n\n" + // 7
	"Then Darcy ate.\n\n" + // 8
	"Then Elizabeth walked.\n\n" + // 9
	"The end came for Jane.\n" // 10

func TestParsePlotFeatures(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want PlotFeatures
		ok   bool
	}{
		{"", 0, true},
		{"none", 0, true},
		{"meet", PlotMeet, true},
		{" near , meet ", PlotMeet | PlotNear, true},
		{"meet,meet", PlotMeet, true},
		{"meet,turns,near", plotFeaturesAll, true},
		{"MEET", 0, false},
		{"meet,", 0, false},
		{",", 0, false},
		{"none,meet", 0, false},
		{"1", 0, false},
		{"true", 0, false},
		{strings.Repeat("meet,", 1<<16) + "x", 0, false},
	} {
		got, err := ParsePlotFeatures(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParsePlotFeatures(%.20q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
		if err == nil && tc.want != 0 {
			if back, err := ParsePlotFeatures(got.String()); err != nil || back != got {
				t.Errorf("%v does not read back: %v, %v", got, back, err)
			}
		}
	}
	if s := PlotFeatures(0).String(); s != "none" {
		t.Errorf("String of none: %q", s)
	}
}

func TestBookMains(t *testing.T) {
	_, b := parseBook(t, "pride", plotBook)
	_, other := parseBook(t, "home", home)
	c, err := newCollection([]*Stats{b.Stats(), other.Stats()}, Settings{Vocabulary: 5, Names: 10})
	if err != nil {
		t.Fatal(err)
	}
	idf := make([]float64, len(b.Words))
	stats := c.statsOf(b.Words)
	for k := range b.Words {
		idf[k] = c.idf(stats[k].df, true)
	}
	rank := topRanks(len(b.Words), 10, func(k int) float64 { return float64(b.NameCount[k]) * idf[k] })
	m := bookMains(b, rank)
	chars := make([]int, b.Rows())
	for i, x := range m.mask {
		for ; x != 0; x &= x - 1 {
			chars[i]++
		}
	}
	if want := []int{0, 2, 3, 1, 1, 1, 1, 1, 1, 1, 1}; !slices.Equal(chars, want) {
		t.Errorf("characters per row %v, want %v", chars, want)
	}
	first := []bool{false, true, true, false, false, false, false, false, false, false, false}
	last := []bool{false, false, false, false, false, false, false, false, true, true, true}
	if !slices.Equal(m.first, first) || !slices.Equal(m.last, last) {
		t.Errorf("first %v, last %v; want %v, %v", m.first, m.last, first, last)
	}
}

func TestFeaturizePlot(t *testing.T) {
	_, b := parseBook(t, "pride", plotBook)
	_, other := parseBook(t, "home", home)
	stats := []*Stats{b.Stats(), other.Stats()}
	base := Settings{Vocabulary: 5, Names: 10}
	c0, _ := newCollection(stats, base)
	set := base
	set.PlotFeatures = "meet,turns"
	c, err := newCollection(stats, set)
	if err != nil {
		t.Fatal(err)
	}
	names := c.FeatureNames()
	if want := []string{"MEET>=2", "MEET>=3", "TURN_FIRST", "TURN_LAST"}; !slices.Equal(names[:c0.Dim()], c0.FeatureNames()) ||
		!slices.Equal(names[c0.Dim():], want) || c.Dim() != len(names) {
		t.Fatalf("FeatureNames = %v", names[c0.Dim():])
	}
	f, f0 := c.Featurize(b), c0.Featurize(b)
	active := activeFrom(names, f, c0.Dim())
	want := [][]string{nil, {"MEET>=2", "TURN_FIRST"}, {"MEET>=2", "MEET>=3", "TURN_FIRST"}, nil, nil, nil, nil, nil, {"TURN_LAST"}, {"TURN_LAST"}, {"TURN_LAST"}}
	for i, w := range want {
		if got := active(i); !slices.Equal(got, w) {
			t.Errorf("row %d: %v, want %v", i, got, w)
		}
		// The block only adds features.
		if got := f.Row(i)[:len(f0.Row(i))]; !slices.Equal(got, f0.Row(i)) {
			t.Errorf("row %d: %v does not start with %v", i, f.Row(i), f0.Row(i))
		}
	}
}

// TestPlotNear: NEAR_EVENTS>=k needs a main character and k event words in
// the row, and the near block without events is refused.
func TestPlotNear(t *testing.T) {
	at := int32(50)
	for _, tc := range []struct {
		row  plotRow
		want []int32
	}{
		{plotRow{main: 0, eventWords: 3}, nil},
		{plotRow{main: 1, eventWords: 0}, nil},
		{plotRow{main: 1, eventWords: 1}, []int32{50}},
		{plotRow{main: 2, eventWords: 2, first: true}, []int32{50, 51}},
	} {
		if got := appendPlot(nil, at, PlotNear, tc.row); !slices.Equal(got, tc.want) {
			t.Errorf("%+v: %v, want %v", tc.row, got, tc.want)
		}
	}
	all := appendPlot(nil, at, plotFeaturesAll, plotRow{main: 3, eventWords: 2, first: true, last: true})
	if want := []int32{50, 51, 52, 53, 54, 55}; !slices.Equal(all, want) {
		t.Errorf("all blocks: %v, want %v", all, want)
	}

	train, test := eventBooks(t)
	var stats []*Stats
	for _, b := range train {
		stats = append(stats, b.Stats())
	}
	set := Settings{Vocabulary: 2, Names: 2, Events: true, PlotFeatures: "near"}
	c, err := newCollection(stats, set)
	if err != nil {
		t.Fatal(err)
	}
	if names := c.FeatureNames(); names[len(names)-2] != "NEAR_EVENTS>=1" || c.Dim() != len(names) {
		t.Errorf("FeatureNames end %v", names[len(names)-2:])
	}
	// A model with the block saves and loads.
	good := roundTrip(t, c, train, test)
	for name, edit := range map[string][2]string{
		"block dropped":   {`"plot_features": "near"`, `"plot_features": ""`},
		"unknown block":   {`"plot_features": "near"`, `"plot_features": "far"`},
		"near, no events": {`"events": true`, `"events": false`},
	} {
		s := strings.Replace(good, edit[0], edit[1], 1)
		if s == good {
			t.Fatalf("%s: edit changed nothing", name)
		}
		if _, err := ReadModel(strings.NewReader(s)); !errors.Is(err, ErrModel) {
			t.Errorf("%s: %v, want %v", name, err, ErrModel)
		}
	}
}

// TestPlotFeaturesSettings is the settings' hostile round: bad lists are
// out of range, the near block without events cancels itself.
func TestPlotFeaturesSettings(t *testing.T) {
	for _, tc := range []struct {
		set  Settings
		want string // "" for no error
	}{
		{Settings{PlotFeatures: "meet,turns"}, ""},
		{Settings{PlotFeatures: "none"}, ""},
		{Settings{PlotFeatures: "near", Events: true}, ""},
		{Settings{PlotFeatures: "near"}, "plot_features near without events"},
		{Settings{PlotFeatures: "meet,near"}, "plot_features near without events"},
		{Settings{PlotFeatures: "meet,,"}, "plot_features meet,, is out of range: want a comma-separated list of meet, turns, near; or none"},
		{Settings{PlotFeatures: strings.Repeat("x", 1<<20)}, "plot_features \"xxxx"},
	} {
		err := tc.set.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%.20q: %v", tc.set.PlotFeatures, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%.20q: %v, want %q", tc.set.PlotFeatures, err, tc.want)
		}
	}
}
