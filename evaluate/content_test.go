package evaluate

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

// withContent returns scores with content-word recall: each score's main
// recall scaled by k (stemmed) and by k - 0.05 (unstemmed).
func withContent(scores []BookScore, k float64) []BookScore {
	out := append([]BookScore(nil), scores...)
	for i := range out {
		s := &out[i]
		s.Content = true
		s.Rouge1Content, s.Rouge2Content = k*s.Rouge1, k*s.Rouge2
		s.Rouge1ContentNoStem, s.Rouge2ContentNoStem = (k-0.05)*s.Rouge1, (k-0.05)*s.Rouge2
	}
	return out
}

// contentSettings are the settings of the content goldens: a run with
// ROUGE data.
func contentSettings() Settings {
	return Settings{Corpus: "testdata/corpus", Words: 1000, Seed: 1, Resamples: 500,
		Rouge: RougeSettings{Stem: true, Exceptions: true}}
}

// TestSummarizeContentGolden writes the three result files of a run that
// measured the content words (ROUGE -s), against their goldens: the
// paper's columns exactly as TestSummarizeGolden writes them, the content
// columns beside them.
func TestSummarizeContentGolden(t *testing.T) {
	set := contentSettings()
	res, err := Summarize(set, withContent(sampleScores(), 0.8), 2)
	if err != nil {
		t.Fatal(err)
	}
	js, err := res.JSON()
	if err != nil {
		t.Fatal(err)
	}
	csv, err := res.PerBookCSV()
	if err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string][]byte{"content.results.json": js, "content.table.md": res.Table(), "content.per_book.csv": csv} {
		golden(t, name, got)
	}

	// The paper's columns are those of a run without content words.
	plain, err := Summarize(set, sampleScores(), 2)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range res.Methods {
		p := plain.Methods[i]
		m.ContentRecall = nil
		for id, b := range m.PerBook {
			b.BookContentRecall = nil
			m.PerBook[id] = b
		}
		for _, c := range m.PAgainst() {
			if *c.P != nil {
				(*c.P).ContentPValues = nil
			}
		}
		if !reflect.DeepEqual(m, p) {
			t.Errorf("%s: the paper's columns changed with the content words:\n%+v\n%+v", m.Name, m, p)
		}
	}
	csvPlain, _ := plain.PerBookCSV()
	for i, line := range strings.Split(strings.TrimSpace(string(csvPlain)), "\n") {
		got := strings.Split(strings.TrimSpace(string(csv)), "\n")[i]
		if !strings.HasPrefix(got, line+",") {
			t.Errorf("per_book.csv line %d %q does not start with the old columns %q", i, got, line)
		}
	}
}

// TestContentFields checks the content-word fields of Summarize: present
// with every measure and interval when measured, absent from results.json,
// per_book.csv and the p-values when not, an error when only some books of
// a method have them.
func TestContentFields(t *testing.T) {
	contentKeys := []string{"rouge_1_recall_content", "rouge_2_recall_content", "rouge_1_recall_content_nostem", "rouge_2_recall_content_nostem",
		"rouge_1_recall_content_ci95", "rouge_2_recall_content_ci95", "rouge_1_recall_content_nostem_ci95", "rouge_2_recall_content_nostem_ci95"}
	partial := sampleScores()
	partial[0].Content, partial[0].Rouge1Content = true, 0.3
	for _, tc := range []struct {
		name    string
		scores  []BookScore
		rouge   RougeSettings
		content bool
		err     error
		note    string
	}{
		{"no rouge data", sampleScores(), RougeSettings{Stem: true}, false, nil, "no ROUGE data (--rouge-data)"},
		{"measured", withContent(sampleScores(), 0.8), RougeSettings{Stem: true, Exceptions: true}, true, nil, ""},
		{"partial", partial, RougeSettings{Stem: true, Exceptions: true}, false, ErrPartialContent, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Summarize(Settings{Words: 1000, Seed: 1, Resamples: 200, Permutations: 200, Rouge: tc.rouge}, tc.scores, 0)
			if !errors.Is(err, tc.err) {
				t.Fatalf("err = %v, want %v", err, tc.err)
			}
			if err != nil {
				return
			}
			if res.HasContent() != tc.content {
				t.Errorf("HasContent() = %v, want %v", res.HasContent(), tc.content)
			}
			js, err := res.JSON()
			if err != nil {
				t.Fatal(err)
			}
			var raw struct {
				Methods []map[string]json.RawMessage `json:"methods"`
			}
			if err := json.Unmarshal(js, &raw); err != nil {
				t.Fatal(err)
			}
			for i, m := range raw.Methods {
				for _, k := range contentKeys {
					if _, ok := m[k]; ok != tc.content {
						t.Errorf("%s: %s in results.json %v, want %v", res.Methods[i].Name, k, ok, tc.content)
					}
				}
				var pb map[string]map[string]float64
				if err := json.Unmarshal(m["per_book"], &pb); err != nil {
					t.Fatal(err)
				}
				for id, b := range pb {
					if _, ok := b["rouge_1_recall_content"]; ok != tc.content {
						t.Errorf("%s on %s: per-book content %v, want %v", res.Methods[i].Name, id, ok, tc.content)
					}
				}
				if p, ok := m["p_vs_first1000"]; ok {
					if got := strings.Contains(string(p), "rouge_1_content"); got != tc.content {
						t.Errorf("%s: content p-values %v, want %v: %s", res.Methods[i].Name, got, tc.content, p)
					}
				}
			}
			// Read back, the results are the same.
			var back Results
			if err := json.Unmarshal(js, &back); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(&back, res) {
				t.Errorf("results.json does not read back:\n%+v\n%+v", &back, res)
			}
			csv, _ := res.PerBookCSV()
			header := strings.SplitN(string(csv), "\n", 2)[0]
			if got := strings.HasSuffix(header, ",rouge_1_recall_content,rouge_2_recall_content,rouge_1_recall_content_nostem,rouge_2_recall_content_nostem"); got != tc.content {
				t.Errorf("per_book.csv header %q: content columns %v, want %v", header, got, tc.content)
			}
			table := string(res.Table())
			if got := strings.Contains(table, "## Content words (ROUGE -s)"); got != tc.content {
				t.Errorf("table.md content table %v, want %v:\n%s", got, tc.content, table)
			}
			if note := res.ContentNote(); !strings.Contains(note, tc.note) || (tc.note == "") != (note == "") || !strings.Contains(table, note) {
				t.Errorf("content note %q, want one mentioning %q, in table.md:\n%s", note, tc.note, table)
			}
			if strings.Count(table, "Content words") != 1 {
				t.Errorf("table.md mentions the content words %d times, want once:\n%s", strings.Count(table, "Content words"), table)
			}
		})
	}
}

// TestContentMeans checks the content-word means and p-values against
// their definitions: the mean over books, and a paired test that sees the
// content-word differences, not the main ones.
func TestContentMeans(t *testing.T) {
	scores := withContent(sampleScores(), 0.8)
	// On the content words the Block HMM is far ahead of First 1000 on both
	// common books; on the main columns it is barely.
	for i := range scores {
		if scores[i].Method == "passage" {
			scores[i].Rouge1Content += 0.2
		}
	}
	res, err := Summarize(Settings{Words: 1000, Seed: 1, Resamples: 200, Permutations: 2000}, scores, 0)
	if err != nil {
		t.Fatal(err)
	}
	m := res.Methods[0]
	if m.Name != "passage" || m.ContentRecall == nil {
		t.Fatalf("passage: %+v", m)
	}
	want := (0.8*(0.42+0.52+0.3) + 3*0.2) / 3
	if math.Abs(m.Rouge1RecallContent-want) > 1e-12 {
		t.Errorf("content ROUGE-1 %v, want %v", m.Rouge1RecallContent, want)
	}
	if lo, hi := m.Rouge1RecallContentCI95[0], m.Rouge1RecallContentCI95[1]; !(lo <= m.Rouge1RecallContent && m.Rouge1RecallContent <= hi) {
		t.Errorf("content ROUGE-1 %v outside its interval [%v, %v]", m.Rouge1RecallContent, lo, hi)
	}
	if math.Abs(m.Rouge2RecallContentNoStem-0.75*m.Rouge2Recall) > 1e-12 {
		t.Errorf("unstemmed content ROUGE-2 %v, want %v", m.Rouge2RecallContentNoStem, 0.75*m.Rouge2Recall)
	}
	p := m.PVsFirst1000
	if p == nil || p.ContentPValues == nil {
		t.Fatalf("p vs first1000 %+v: no content p-values", p)
	}
	// Two books, both better by 0.22 and 0.22: 2 of 4 sign patterns reach
	// it, so p is about 1/2 whatever the main columns say; identical
	// unstemmed differences give identical p-values.
	if p.Rouge1Content < 0.4 || p.Rouge1Content > 0.6 {
		t.Errorf("content ROUGE-1 p = %v, want about 0.5", p.Rouge1Content)
	}
	if got := p.ContentString(); got != FormatP(p.Rouge1Content, p.Rounds)+" / "+FormatP(p.Rouge2Content, p.Rounds) {
		t.Errorf("ContentString() = %q", got)
	}
	if (*PValues)(nil).ContentString() != "–" || (&PValues{}).contentNoStemCell() != "–" {
		t.Error("absent content p-values do not print as –")
	}
}

// TestRunnable checks which methods run without ROUGE's stopword list: the
// content oracle is left out of the default list with a note, and refused
// when asked for.
func TestRunnable(t *testing.T) {
	all := NamesOf()
	without := []string{"passage", "token", "jing", "first1000", "oracle", "random", "names", "lexrank", "textrank"}
	for _, tc := range []struct {
		name                 string
		methods              []string
		stopwords, byDefault bool
		run                  []string
		note, err            bool
	}{
		{"default with stopwords", all, true, true, all, false, false},
		{"default without", all, false, true, without, true, false},
		{"asked for without", []string{"first1000", "oracle-content"}, false, false, nil, false, true},
		{"asked for with", []string{"first1000", "oracle-content"}, true, false, []string{"first1000", "oracle-content"}, false, false},
		{"not asked for", []string{"first1000", "oracle"}, false, false, []string{"first1000", "oracle"}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			run, note, err := Runnable(tc.methods, tc.stopwords, tc.byDefault)
			if !reflect.DeepEqual(run, tc.run) || (note != "") != tc.note || (err != nil) != tc.err {
				t.Fatalf("Runnable = %q, %q, %v; want %q, note %v, error %v", run, note, err, tc.run, tc.note, tc.err)
			}
			if err != nil && (!errors.Is(err, ErrNeedsStopwords) || !strings.Contains(err.Error(), "oracle-content") || !strings.Contains(err.Error(), "--rouge-data")) {
				t.Errorf("error %q does not say what is missing", err)
			}
			if note != "" && !strings.Contains(note, "Content oracle (oracle-content)") {
				t.Errorf("note %q does not name the method", note)
			}
		})
	}
	if DisplayName(MethodOracleContent) != "Content oracle (oracle-content)" || !NeedsStopwords(MethodOracleContent) || NeedsStopwords(MethodOracle) {
		t.Error("the content oracle is not known as such")
	}
}
