package main

import "testing"

func TestParseFeatureSet(t *testing.T) {
	for _, tc := range []struct {
		in      string
		events  bool
		fine    bool
		weights string
		pairs   int
		lambda  string
		bad     bool
	}{
		{in: "counts"},
		{in: "counts+events+lengthfine", events: true, fine: true},
		{in: "counts+woverlap", weights: "overlap"},
		{in: "counts+wconf", weights: "conf"},
		{in: "counts+pairs20+l1e-3", pairs: 20, lambda: "1e-3"},
		{in: "counts+pairs0", bad: true},
		{in: "counts+lx", bad: true},
		{in: "counts+nothing", bad: true},
	} {
		fs, err := parseFeatureSet(tc.in)
		if (err != nil) != tc.bad {
			t.Errorf("%s: err %v", tc.in, err)
			continue
		}
		if tc.bad {
			continue
		}
		if !fs.set.Counts || fs.set.Events != tc.events || fs.set.LengthFine != tc.fine || fs.weights != tc.weights || fs.pairs != tc.pairs || fs.lambda != tc.lambda {
			t.Errorf("%s: %+v", tc.in, fs)
		}
	}
}

// FuzzParseFeatureSet checks that parseFeatureSet never panics and that a
// set it accepts names only known parts.
func FuzzParseFeatureSet(f *testing.F) {
	for _, s := range []string{"paper", "counts+events+lengthfine", "counts+pairs50+l1e-3", "counts+woverlap", "+", "l", "pairs-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fs, err := parseFeatureSet(s)
		if err != nil {
			return
		}
		if fs.pairs < 0 || (fs.weights != "" && fs.weights != "overlap" && fs.weights != "conf") {
			t.Fatalf("%q: %+v", s, fs)
		}
	})
}
