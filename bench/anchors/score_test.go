package main

import (
	"strings"
	"testing"

	"github.com/bookalign/bookalign/align"
)

func TestScore(t *testing.T) {
	a := &align.Alignment{Sentences: []align.SentenceAlignment{
		{Aligned: true, Tokens: align.Interval{Start: 100, End: 110}, Confidence: 0.9}, // anchor inside
		{Aligned: true, Tokens: align.Interval{Start: 400, End: 401}},                  // 250 before: a hit
		{Aligned: true, Tokens: align.Interval{Start: 400, End: 401}},                  // 251 after: a miss
		{Aligned: true, Tokens: align.Interval{Start: 0, End: 1001}},                   // too long
		{},
	}}
	anchors := []Anchor{{Sentence: 0, Pos: 105}, {Sentence: 1, Pos: 150}, {Sentence: 2, Pos: 651}, {Sentence: 3, Pos: 5}, {Sentence: 4, Pos: 5}}
	q := &align.Pair{Summary: align.Summary{Words: [][]int32{{1, 2}, {3}, {4}, {5}, {}}}, Book: align.Book{Words: make([]int32, 1200)}}
	// Sentence 0's word 1 twice near its anchor; sentence 2's word 4 near its
	// anchor only.
	q.Book.Words[105], q.Book.Words[110], q.Book.Words[400], q.Book.Words[700] = 1, 1, 3, 4
	got := score("b", q, a, anchors)
	wantHit := []bool{true, true, false, false, false}
	wantNear := []bool{true, true, false, true, false}
	for i, o := range got {
		if o.hit() != wantHit[i] || o.near() != wantNear[i] {
			t.Errorf("anchor %d: %+v hit %v near %v, want %v %v", i, o, o.hit(), o.near(), wantHit[i], wantNear[i])
		}
	}
	if got[0].conf != 0.9 || got[0].dist != 0 || got[1].dist != 250 || got[4].book != "b" || got[4].sentence != 4 || got[4].pos != 5 ||
		got[0].start != 100 || got[0].words != 2 || got[4].words != 0 ||
		got[0].atAnchor != 1 || got[0].atSpan != 1 || got[1].atAnchor != 1 || got[1].atSpan != 1 || got[2].atAnchor != 1 || got[2].atSpan != 0 {
		t.Errorf("outcomes %+v", got)
	}
}

func TestCalibration(t *testing.T) {
	// Twenty outcomes: the ten least confident miss, the ten most hit.
	r := &result{name: "m", masked: true}
	for i := range 20 {
		o := outcome{aligned: true, conf: float64(i) / 20, dist: 1000}
		if i >= 10 {
			o.dist = 0
		}
		r.out = append(r.out, o)
	}
	var b strings.Builder
	printCalibration(&b, []*result{r})
	row := b.String()[strings.Index(b.String(), "| m |"):]
	want := "| m | 0% [0.00] | 0% [0.10] | 0% [0.20] | 0% [0.30] | 0% [0.40] | 100% [0.50] | 100% [0.60] | 100% [0.70] | 100% [0.80] | 100% [0.90] |\n"
	if row != want {
		t.Errorf("calibration row\n%q, want\n%q", row, want)
	}
}
