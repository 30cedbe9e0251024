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
