package rouge_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/rouge"
)

// pair is a line of sample-pairs.jsonl.
type pair struct {
	ID        string `json:"id"`
	Candidate string `json:"candidate"`
	Reference string `json:"reference"`
}

// expected is a line of sample-expected.jsonl: ROUGE-1.5.5's own output.
type expected struct {
	ID      string         `json:"id"`
	Options string         `json:"options"`
	Flags   string         `json:"flags"`
	Values  map[string]any `json:"-"`
	Counts  map[string]struct {
		Reference int `json:"reference"`
		Candidate int `json:"candidate"`
		Hit       int `json:"hit"`
	} `json:"counts"`
}

// readJSONL decodes each line of the file at path with fn.
func readJSONL(t testing.TB, path string, fn func(line []byte) error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<24)
	for n := 1; s.Scan(); n++ {
		if err := fn(s.Bytes()); err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
}

// samplePairs returns the pairs of sample-pairs.jsonl.
func samplePairs(t testing.TB) []pair {
	var pairs []pair
	readJSONL(t, sharedtest.Path(t, "rouge", "sample-pairs.jsonl"), func(line []byte) error {
		var p pair
		err := json.Unmarshal(line, &p)
		pairs = append(pairs, p)
		return err
	})
	return pairs
}

// loadData loads the ROUGE data of the shared directory.
func loadData(t testing.TB) *rouge.Data {
	t.Helper()
	d, err := rouge.ReadData(filepath.Dir(sharedtest.Path(t, "rouge", rouge.StopwordFile)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// stopwordsOnly loads the stopword list of the shared directory with an
// empty exception table.
func stopwordsOnly(t testing.TB) *rouge.Data {
	t.Helper()
	f, err := os.Open(sharedtest.Path(t, "rouge", rouge.StopwordFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := rouge.NewData(f, nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// optionSets are the option sets of sample-expected.jsonl, by name.
func optionSets(t testing.TB) map[string]*rouge.Scorer {
	full, noexc := loadData(t), stopwordsOnly(t)
	return map[string]*rouge.Scorer{
		"a":       {},
		"b":       {Stem: true, Data: full},
		"c":       {Stem: true, RemoveStopwords: true, Data: full},
		"b_noexc": {Stem: true, Data: noexc},
		"c_noexc": {Stem: true, RemoveStopwords: true, Data: noexc},
	}
}

// TestConformance compares every value and count with ROUGE-1.5.5's own
// scores of the sample pairs under each option set.
func TestConformance(t *testing.T) {
	pairs := map[string]pair{}
	for _, p := range samplePairs(t) {
		pairs[p.ID] = p
	}
	scorers := optionSets(t)
	var matched, total int
	readJSONL(t, sharedtest.Path(t, "rouge", "sample-expected.jsonl"), func(line []byte) error {
		var want expected
		if err := json.Unmarshal(line, &want); err != nil {
			return err
		}
		if err := json.Unmarshal(line, &want.Values); err != nil {
			return err
		}
		p, ok := pairs[want.ID]
		if !ok {
			return fmt.Errorf("no pair %q", want.ID)
		}
		s, ok := scorers[want.Options]
		if !ok {
			return fmt.Errorf("unknown option set %q", want.Options)
		}
		got, err := s.Score(p.Candidate, p.Reference)
		if err != nil {
			return err
		}
		name := want.ID + "/" + want.Options
		for _, m := range []struct {
			key string
			m   rouge.Measure
		}{{"rouge_1", got.ROUGE1}, {"rouge_2", got.ROUGE2}, {"rouge_l", got.ROUGEL}} {
			for _, v := range []struct {
				key string
				got float64
			}{{"recall", m.m.Recall}, {"precision", m.m.Precision}, {"f", m.m.F}} {
				total++
				w, _ := want.Values[m.key+"_"+v.key].(float64)
				if g, w := fmt.Sprintf("%.5f", v.got), fmt.Sprintf("%.5f", w); g != w {
					t.Errorf("%s (%s) %s_%s: got %s, want %s", name, want.Flags, m.key, v.key, g, w)
				} else {
					matched++
				}
			}
			c := want.Counts[m.key]
			total += 3
			if m.m.Hits != c.Hit || m.m.Reference != c.Reference || m.m.Candidate != c.Candidate {
				t.Errorf("%s (%s) %s counts: got hit %d ref %d cand %d, want %d %d %d", name, want.Flags, m.key,
					m.m.Hits, m.m.Reference, m.m.Candidate, c.Hit, c.Reference, c.Candidate)
			} else {
				matched += 3
			}
		}
		return nil
	})
	t.Logf("%d of %d values and counts match ROUGE-1.5.5", matched, total)
}
