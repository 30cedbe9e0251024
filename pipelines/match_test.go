package pipelines

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	//lint:ignore SA1019 the outputs must be byte-identical on the direct runner too, which --runner=direct selects
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/direct"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/match"
	"github.com/bookalign/bookalign/transforms"
	"github.com/bookalign/bookalign/wiki"
)

const testCatalog = `Text#,Type,Issued,Title,Language,Authors,Subjects,LoCC,Bookshelves
84,Text,1993-10-01,"Frankenstein; Or, The Modern Prometheus",en,"Shelley, Mary Wollstonecraft, 1797-1851",Horror,PR,Gothic
35,Text,2004-10-02,The Time Machine,en,"Wells, H. G. (Herbert George), 1866-1946",Time travel,PR,Science Fiction
158,Text,1994-08-01,Emma,en,"Austen, Jane, 1775-1817",Courtship,PR,Best Books
19839,Text,2006-11-14,Emma,en,"Austen, Jane, 1775-1817",Courtship,PR,
1342,Text,1998-06-01,Pride and Prejudice,en,"Austen, Jane, 1775-1817",Courtship,PR,Best Books
2000,Text,1999-12-01,Don Quijote,es,"Cervantes Saavedra, Miguel de, 1547-1616",,PQ,
219,Text,1995-09-01,Heart of Darkness,en,"Conrad, Joseph, 1857-1924",Africa,PR,
5230,Text,2004-02-01,The Invisible Man,en,"Wells, H. G. (Herbert George), 1866-1946",Science fiction,PR,
`

// matchInputs writes a summaries TSV, the catalog above and a mirror with
// both layouts, and returns their paths.
func matchInputs(t *testing.T) (summaries, catalog, mirror string) {
	t.Helper()
	dir := t.TempDir()
	sums := []wiki.Summary{
		{WikipediaID: 10, Title: "Frankenstein", Author: "Mary Shelley", Text: "Victor builds a creature. It runs away.\n\nIt returns."},
		{WikipediaID: 20, Title: "The Time Machine", Author: "H. G. Wells", Text: "A traveller goes to the year 802,701."},
		{WikipediaID: 30, Title: "Emma", Author: "Jane Austen", Text: "Emma makes matches."},
		{WikipediaID: 40, Title: "Pride and Prejudice", Author: "Jane Austen", Text: "Elizabeth meets Darcy."},
		{WikipediaID: 50, Title: "Animal Farm", Author: "George Orwell", Text: "Animals take a farm."},
		{WikipediaID: 60, Title: "Heart of Darkness", Author: "Someone Else", Text: "A river."},
		{WikipediaID: 70, Title: "The Invisible Man", Author: "H. G. Wells", Text: "A man is unseen."},
		{WikipediaID: 80, Title: "Time Machine", Author: "Herbert George Wells", Text: "The same book again."},
	}
	var tsv bytes.Buffer
	w := wiki.NewSummaryWriter(&tsv)
	for i := range sums {
		if err := w.Write(&sums[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	tsv.WriteString("not a row\n")
	book := string(testcorpus.Good(1)["books/book-00.txt"])
	files := testcorpus.Files{
		"summaries.tsv":             tsv.Bytes(),
		"pg_catalog.csv":            []byte(testCatalog),
		"mirror/84.txt":             []byte("*** START OF THE PROJECT GUTENBERG EBOOK FRANKENSTEIN ***\n" + book + "\n*** END OF THE PROJECT GUTENBERG EBOOK FRANKENSTEIN ***\n"),
		"mirror/35/35-0.txt":        []byte(book),
		"mirror/158.txt":            []byte(book),
		"mirror/19839/19839-0.txt":  []byte(book),
		"mirror/5230.txt":           append([]byte(book), 0xff),
		"mirror/unrelated/file.txt": []byte("x"),
	}
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, "summaries.tsv"), filepath.Join(dir, "pg_catalog.csv"), filepath.Join(dir, "mirror")
}

func runMatch(t *testing.T, exec executor, cfg MatchConfig) {
	t.Helper()
	if err := cfg.Check(); err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	Match(s, cfg)
	if _, err := exec(context.Background(), p); err != nil {
		t.Fatalf("pipeline failed: %v", err)
	}
}

func readJSONL[T any](t *testing.T, path string) []T {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []T
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if line == "" {
			continue
		}
		var x T
		if err := json.Unmarshal([]byte(line), &x); err != nil {
			t.Fatalf("%s: line %q: %v", path, line, err)
		}
		out = append(out, x)
	}
	return out
}

// TestMatchPipeline builds a corpus from eight summaries and a bad row: two
// pairs are made (flat and Gutenberg mirror layouts), and every other row
// is rejected with its reason (ambiguous with its candidates, no match,
// author mismatch, invalid UTF-8 book, book not in the mirror, an ebook
// claimed by two summaries, a malformed row). Prism and direct agree.
func TestMatchPipeline(t *testing.T) {
	summaries, catalog, mirror := matchInputs(t)
	outPrism, outDirect := t.TempDir(), t.TempDir()
	cfg := MatchConfig{Summaries: summaries, Catalog: catalog, Books: mirror, Source: "test dump"}
	cfg.Out = outPrism
	runMatch(t, prism.Execute, cfg)
	cfg.Out = outDirect
	runMatch(t, direct.Execute, cfg)
	compareTrees(t, readTree(t, outPrism), readTree(t, outDirect))

	index, err := os.ReadFile(filepath.Join(outPrism, "pairs.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	pairs, bad, err := corpus.ParsePairs(bytes.NewReader(index))
	if err != nil || len(bad) != 0 {
		t.Fatalf("pairs.tsv: %v %+v\n%s", err, bad, index)
	}
	if !strings.HasPrefix(string(index), "id\ttitle\tauthor\tgutenberg_id\twikipedia_id\tbook_words\tsummary_words\tsummary_source\tbook_source\n") {
		t.Errorf("pairs.tsv header:\n%s", index)
	}
	var ids []string
	for _, p := range pairs {
		ids = append(ids, p.ID)
	}
	if got := strings.Join(ids, ","); got != "frankenstein" {
		t.Errorf("pairs %s, want frankenstein (the Time Machine is claimed twice)", got)
	}
	if !strings.Contains(string(index), "frankenstein\tFrankenstein\tMary Shelley\t84\t10\t") || !strings.Contains(string(index), "test dump, Wikipedia page 10\tProject Gutenberg #84: 84.txt") {
		t.Errorf("pairs.tsv row:\n%s", index)
	}
	sum, err := os.ReadFile(filepath.Join(outPrism, "summaries", "frankenstein.txt"))
	if err != nil || string(sum) != "Victor builds a creature. It runs away. It returns.\n" {
		t.Errorf("summary file %q, %v", sum, err)
	}
	book, err := os.ReadFile(filepath.Join(outPrism, "books", "frankenstein.txt"))
	if err != nil || !bytes.HasPrefix(book, []byte("*** START OF THE PROJECT GUTENBERG")) {
		t.Errorf("book file not copied as found: %.60q, %v", book, err)
	}

	matches := readJSONL[match.Record](t, filepath.Join(outPrism, "matches.jsonl"))
	if len(matches) != 1 || !strings.Contains(matches[0].Reason, "Shelley") || matches[0].BookWords < 1500 || matches[0].SummaryWords < 5 {
		t.Errorf("matches.jsonl: %+v", matches)
	}
	rejects := readJSONL[transforms.Reject](t, filepath.Join(outPrism, "rejects.jsonl"))
	want := []struct {
		line  int
		stage string
		has   string
	}{
		{2, "name", "several summaries match this ebook"},
		{3, "match", "several Gutenberg texts match"},
		{4, "fetch-book", "book not in the mirror"},
		{5, "match", "no English Gutenberg text"},
		{6, "match", "not by this author"},
		{7, "fetch-book", "not valid UTF-8"},
		{8, "name", "several summaries match this ebook"},
		{9, "read-summaries", "7 tab-separated fields"},
	}
	if len(rejects) != len(want) {
		t.Fatalf("%d rejects, want %d: %+v", len(rejects), len(want), rejects)
	}
	for i, w := range want {
		r := rejects[i]
		if r.Line != w.line || r.Stage != w.stage || !strings.Contains(r.Reason, w.has) {
			t.Errorf("reject %d = %+v, want line %d at %s: %q", i, r, w.line, w.stage, w.has)
		}
	}
	if c := rejects[1].Candidates; len(c) != 2 || c[0] != 158 || c[1] != 19839 {
		t.Errorf("ambiguous Emma: candidates %v, want [158 19839]", c)
	}
}

// TestMatchDecisions settles the ambiguous and shared summaries with a
// decision list, and refuses one that would match.
func TestMatchDecisions(t *testing.T) {
	summaries, catalog, mirror := matchInputs(t)
	decisions := filepath.Join(t.TempDir(), "decisions.tsv")
	list := "# key\tebook\tnote\n30\t158\tthe first edition\n20\t35\tthe page of the book\n10\t0\tnot this one\n"
	if err := os.WriteFile(decisions, []byte(list), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	runMatch(t, prism.Execute, MatchConfig{Summaries: summaries, Catalog: catalog, Books: mirror, Out: out, Decisions: decisions})
	matches := readJSONL[match.Record](t, filepath.Join(out, "matches.jsonl"))
	var got []string
	for _, m := range matches {
		got = append(got, m.ID+":"+m.Reason)
	}
	if strings.Join(got, "|") != "emma:decision list line 2: the first edition|the-time-machine:decision list line 3: the page of the book" {
		t.Errorf("matches %q", got)
	}
	rejects := readJSONL[transforms.Reject](t, filepath.Join(out, "rejects.jsonl"))
	if rejects[0].Line != 1 || rejects[0].Reason != "refused by the decision list" {
		t.Errorf("first reject %+v", rejects[0])
	}
	if rejects[len(rejects)-2].Line != 8 || !strings.Contains(rejects[len(rejects)-2].Detail, "the decision list gives it to 20") {
		t.Errorf("shared ebook reject %+v", rejects[len(rejects)-2])
	}
}
