package transforms

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/bookalign/bookalign/rouge"
)

// TestScoreContent checks the scores of one candidate with and without
// ROUGE data: with it, the content-word recall is ROUGE's -s recall; without
// it, there is none, and the main recall is the same.
func TestScoreContent(t *testing.T) {
	data := t.TempDir()
	for _, name := range rouge.DataFiles() {
		b := ""
		if name == rouge.StopwordFile {
			b = "the\nof\nand\n"
		}
		if err := os.WriteFile(filepath.Join(data, name), []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := Candidate{ID: "b", Method: "oracle-content", Text: "The fox of the woods ran.\nThe hens slept.", Reference: "The fox and the hens ran off."}
	for _, tc := range []struct {
		name    string
		opts    rouge.Options
		content bool
	}{
		{"rouge data", rouge.Options{DataDir: data}, true},
		{"no rouge data", rouge.Options{}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := newScorers(context.Background(), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			bs, err := sc.score(c)
			if err != nil {
				t.Fatal(err)
			}
			if bs.Content != tc.content || tc.opts.HasStopwords() != tc.content {
				t.Fatalf("content %v (HasStopwords %v), want %v", bs.Content, tc.opts.HasStopwords(), tc.content)
			}
			plain, _ := (&rouge.Scorer{Stem: true}).Score(c.Text, c.Reference)
			if bs.Rouge1 != plain.ROUGE1.Recall || bs.Rouge2 != plain.ROUGE2.Recall {
				t.Errorf("main recall %v / %v, want %v / %v", bs.Rouge1, bs.Rouge2, plain.ROUGE1.Recall, plain.ROUGE2.Recall)
			}
			if !tc.content {
				if bs.Rouge1Content != 0 || bs.Rouge2Content != 0 || bs.Rouge1ContentNoStem != 0 || bs.Rouge2ContentNoStem != 0 {
					t.Errorf("content recall without ROUGE data: %+v", bs)
				}
				return
			}
			d, err := rouge.ReadData(data, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range []struct {
				s      *rouge.Scorer
				r1, r2 float64
			}{
				{&rouge.Scorer{Stem: true, RemoveStopwords: true, Data: d}, bs.Rouge1Content, bs.Rouge2Content},
				{&rouge.Scorer{RemoveStopwords: true, Data: d}, bs.Rouge1ContentNoStem, bs.Rouge2ContentNoStem},
			} {
				want, err := m.s.Score(c.Text, c.Reference)
				if err != nil {
					t.Fatal(err)
				}
				if m.r1 != want.ROUGE1.Recall || m.r2 != want.ROUGE2.Recall {
					t.Errorf("content recall %v / %v, want %v / %v (stem %v)", m.r1, m.r2, want.ROUGE1.Recall, want.ROUGE2.Recall, m.s.Stem)
				}
			}
			// Content words: fox, hens, ran of the reference's fox, hens, ran, off.
			if bs.Rouge1Content != 0.75 {
				t.Errorf("content ROUGE-1 %v, want 0.75", bs.Rouge1Content)
			}
		})
	}
}
