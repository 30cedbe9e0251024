package evaluate

import (
	"reflect"
	"strings"
	"testing"
)

// peerScores are sampleScores with LexRank and TextRank beside them.
func peerScores() []BookScore {
	out := sampleScores()
	for _, id := range []string{"a", "b", "c"} {
		k := float64(id[0]-'a') * 0.01
		out = append(out,
			BookScore{ID: id, Method: MethodLexRank, Rouge1: 0.35 + k, Rouge2: 0.04 + k, Rouge1NoStem: 0.33 + k, Rouge2NoStem: 0.03 + k},
			BookScore{ID: id, Method: MethodTextRank, Rouge1: 0.36 - k, Rouge2: 0.05 - k/2, Rouge1NoStem: 0.34 - k, Rouge2NoStem: 0.04 - k/2})
	}
	return out
}

// TestSummarizePeersGolden checks the p-values against the unsupervised
// peers, LexRank and TextRank: in results.json for every method but the
// peer itself, and in a table of their own in table.md, every column
// including the content words'.
func TestSummarizePeersGolden(t *testing.T) {
	res, err := Summarize(contentSettings(), withContent(peerScores(), 0.8), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range res.Methods {
		if (m.PVsLexRank == nil) != (m.Name == MethodLexRank) || (m.PVsTextRank == nil) != (m.Name == MethodTextRank) {
			t.Errorf("%s: p vs LexRank %+v, p vs TextRank %+v", m.Name, m.PVsLexRank, m.PVsTextRank)
		}
		if m.PVsLexRank != nil && m.PVsLexRank.ContentPValues == nil {
			t.Errorf("%s: no content-word p vs LexRank", m.Name)
		}
	}
	js, err := res.JSON()
	if err != nil {
		t.Fatal(err)
	}
	table := res.Table()
	for name, got := range map[string][]byte{"peers.results.json": js, "peers.table.md": table} {
		golden(t, name, got)
	}
	rows := res.PeerRows()
	if len(rows) != 2*len(res.Methods)-3 || rows[0].Method != "passage" || rows[0].Peer != MethodLexRank {
		t.Errorf("peer rows %+v: want each of %d methods against both peers but itself, the pair of peers once, passage first", rows, len(res.Methods))
	}
	pairs := map[[2]string]bool{}
	for _, row := range rows {
		pair := [2]string{min(row.Method, row.Peer), max(row.Method, row.Peer)}
		if pairs[pair] {
			t.Errorf("%s and %s are listed twice", row.Method, row.Peer)
		}
		pairs[pair] = true
	}
	lex, text := res.method(MethodLexRank), res.method(MethodTextRank)
	if !reflect.DeepEqual(lex.PVsTextRank, text.PVsLexRank) {
		t.Errorf("LexRank against TextRank %+v, TextRank against LexRank %+v: the test is not symmetric", lex.PVsTextRank, text.PVsLexRank)
	}

	plain, err := Summarize(contentSettings(), withContent(sampleScores(), 0.8), 0)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(plain.Table()), "peers") || len(plain.PeerRows()) != 0 {
		t.Error("a run without LexRank and TextRank has a table of the peers")
	}
}
