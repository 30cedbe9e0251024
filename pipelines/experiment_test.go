package pipelines

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	//lint:ignore SA1019 the outputs must be byte-identical on the direct runner too, which --runner=direct selects
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/direct"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/config"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/transforms"
)

func TestMain(m *testing.M) {
	log.SetupLogging("warn", "text") // prism's INFO lines drown test output
	ptest.Main(m)
}

// smallConfig is the paper's configuration scaled to the test corpora.
func smallConfig(corpusDir, out string) Config {
	cfg := Config{Settings: config.Default()}
	cfg.Corpus, cfg.Out = corpusDir, out
	cfg.MinBookWords, cfg.MinSummaryWords = 300, 20
	cfg.Words = 200
	cfg.Methods = []string{"first1000"}
	return cfg
}

type executor func(context.Context, *beam.Pipeline) (beam.PipelineResult, error)

func runExperiment(t *testing.T, exec executor, cfg Config) beam.PipelineResult {
	t.Helper()
	if err := cfg.Check(); err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	Experiment(s, cfg)
	res, err := exec(context.Background(), p)
	if err != nil {
		t.Fatalf("pipeline failed: %v", err)
	}
	return res
}

// readTree returns every file under dir by its slash-separated relative path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestBadInputLosesNothing runs a corpus holding one pair of every kind of
// bad input on prism and checks that each ends in rejects.jsonl with a
// reason at the right stage, that the good pairs have results and that the
// counts reconcile.
func TestBadInputLosesNothing(t *testing.T) {
	files, wantStages := testcorpus.Bad(3)
	dir := t.TempDir()
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	runExperiment(t, prism.Execute, smallConfig(dir, out))

	res := readResults(t, out)
	rejects := readRejects(t, out)
	stages := map[string]int{}
	for _, r := range rejects {
		if r.Reason == "" {
			t.Errorf("reject without a reason: %+v", r)
		}
		stages[r.Stage]++
	}
	for stage, n := range wantStages {
		if stages[stage] != n {
			t.Errorf("%d rejects at %s, want %d (all: %+v)", stages[stage], stage, n, rejects)
		}
	}
	rowsRead := strings.Count(string(files["pairs.tsv"]), "\n") - 1
	if res.Books != 3 || res.Books+res.Rejected != rowsRead || res.Rejected != len(rejects) {
		t.Errorf("books %d + rejected %d != %d rows (rejects.jsonl has %d)", res.Books, res.Rejected, rowsRead, len(rejects))
	}
	for _, want := range []struct{ id, stage, reason string }{
		{"too-few-columns", "read-pairs", "columns"},
		{"book-00", "read-pairs", "duplicate id"},
		{"../escape", "read-pairs", "id"},
		{"no-book", "load", "book"},
		{"no-summary", "load", "summary"},
		{"bad-utf8", "load", "UTF-8"},
		{"empty-book", "load", "book"},
		{"short-book", "filter-by-length", "below the minimum"},
	} {
		found := false
		for _, r := range rejects {
			if r.ID == want.id && r.Stage == want.stage && strings.Contains(r.Reason, want.reason) {
				found = true
			}
		}
		if !found {
			t.Errorf("no %s reject for %q mentioning %q in %+v", want.stage, want.id, want.reason, rejects)
		}
	}
	if len(res.Methods) != 1 || len(res.Methods[0].PerBook) != 3 {
		t.Fatalf("want first1000 results for 3 books, got %+v", res.Methods)
	}
	got := readTree(t, out)
	for _, id := range []string{"book-00", "book-01", "book-02"} {
		s := got["summaries/first1000/"+id+".txt"]
		if n := len(strings.Fields(string(s))); n < 190 || n > 210 {
			t.Errorf("summary of %s has %d words, want about 200", id, n)
		}
		if bytes.Contains(s, []byte("Gutenberg")) {
			t.Errorf("summary of %s holds Gutenberg boilerplate: %q", id, s)
		}
	}
}

// TestRunnersAgree runs the same corpus on prism and on the direct runner and
// compares every output file byte for byte.
func TestRunnersAgree(t *testing.T) {
	files, _ := testcorpus.Bad(4)
	dir := t.TempDir()
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	outPrism, outDirect := t.TempDir(), t.TempDir()
	runExperiment(t, prism.Execute, smallConfig(dir, outPrism))
	runExperiment(t, direct.Execute, smallConfig(dir, outDirect))
	compareTrees(t, readTree(t, outPrism), readTree(t, outDirect))
}

func compareTrees(t *testing.T, a, b map[string][]byte) {
	t.Helper()
	var names []string
	for n := range a {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(a) != len(b) {
		t.Errorf("%d files against %d", len(a), len(b))
	}
	for _, n := range names {
		if !bytes.Equal(a[n], b[n]) {
			t.Errorf("%s differs:\n%s\n---\n%s", n, a[n], b[n])
		}
	}
}

func readResults(t *testing.T, out string) evaluate.Results {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, "results.json"))
	if err != nil {
		t.Fatal(err)
	}
	var res evaluate.Results
	if err := json.Unmarshal(b, &res); err != nil {
		t.Fatal(err)
	}
	return res
}

func readRejects(t *testing.T, out string) []transforms.Reject {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, "rejects.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var rs []transforms.Reject
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if line == "" {
			continue
		}
		var r transforms.Reject
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("bad rejects line %q: %v", line, err)
		}
		rs = append(rs, r)
	}
	return rs
}

// TestAlignStage runs the three aligners inside the pipeline and checks that
// every pair gets one alignment file per method with one record per summary
// sentence, and that the counts still reconcile.
func TestAlignStage(t *testing.T) {
	files, _ := testcorpus.Bad(3)
	dir, out := t.TempDir(), t.TempDir()
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	cfg := smallConfig(dir, out)
	cfg.Align = align.Settings{Extra: []string{"passage", "token", "jing"}, Iterations: 10}
	runExperiment(t, prism.Execute, cfg)
	got := readTree(t, out)
	for _, m := range cfg.Align.Extra {
		for _, id := range []string{"book-00", "book-01", "book-02"} {
			b, ok := got["alignments/"+m+"/"+id+".jsonl"]
			if !ok {
				t.Fatalf("no alignment of %s by %s", id, m)
			}
			recs, err := align.ParseRecords(b)
			if err != nil {
				t.Fatalf("%s/%s: %v", m, id, err)
			}
			if len(recs) < 5 || recs[0].Method != m {
				t.Errorf("%s/%s: %d records, first %+v", m, id, len(recs), recs[0])
			}
		}
	}
	res := readResults(t, out)
	if res.Books != 3 || res.Rejected != 10 {
		t.Errorf("books %d, rejected %d; want 3 and 10", res.Books, res.Rejected)
	}
}

// TestFullExperiment runs every method (the three aligners with trained
// summarizers, and the baselines) with 3-fold cross-validation and checks
// that every method is scored on every book, that models and feature tables
// are written, and that the run is byte-identical on the direct runner.
func TestFullExperiment(t *testing.T) {
	files, _ := testcorpus.Bad(9)
	dir := t.TempDir()
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	rougeData := writeRougeData(t) // the content oracle needs its stopword list
	cfg := func(out string) Config {
		c := smallConfig(dir, out)
		c.Methods = Methods
		c.Rouge.DataDir = rougeData
		c.Folds = 3
		c.Align.Iterations = 10
		return c
	}
	out, outDirect := t.TempDir(), t.TempDir()
	runExperiment(t, prism.Execute, cfg(out))
	res := readResults(t, out)
	if res.Books != 9 || res.Rejected != 10 || len(res.Methods) != len(Methods) {
		t.Fatalf("books %d, rejected %d, %d methods", res.Books, res.Rejected, len(res.Methods))
	}
	for _, m := range res.Methods {
		if m.Books != 9 {
			t.Errorf("%s scored on %d books, want 9", m.Name, m.Books)
		}
	}
	got := readTree(t, out)
	for _, m := range []string{"passage", "token", "jing"} {
		for _, f := range []string{"models/" + m + ".json", "features/" + m + ".md", "summaries/" + m + "/book-03.txt"} {
			if len(got[f]) == 0 {
				t.Errorf("%s missing or empty", f)
			}
		}
	}
	runExperiment(t, direct.Execute, cfg(outDirect))
	compareTrees(t, got, readTree(t, outDirect))
}

// TestTrainingIsKeyed runs 3-fold cross-validation of the three trained
// methods on prism and checks, from Beam's counters, that each training set
// reached transforms.Train as an element of its own, training its three
// models together (3 folds + all books = 4 elements, 12 models), and with
// TrainByMethod every model (12 elements, 12 models); that each of the 9
// books was featurized for the 3 sets that hold it; that every book was
// summarized once per method by its own fold's model; and that the two
// keyings give the same outputs. One element training every model, as a
// single global key would make, fails.
func TestTrainingIsKeyed(t *testing.T) {
	dir := t.TempDir()
	if err := testcorpus.Good(9).WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	trees := map[bool]map[string][]byte{}
	for _, byMethod := range []bool{false, true} {
		out := t.TempDir()
		cfg := smallConfig(dir, out)
		cfg.Methods = []string{"passage", "token", "jing"}
		cfg.Folds = 3
		cfg.Align.Iterations = 10
		cfg.TrainByMethod = byMethod
		res := runExperiment(t, prism.Execute, cfg)
		counters := wikiCounters(res)
		keys := 4
		if byMethod {
			keys = 12
		}
		if counters["train_keys"] != int64(keys) || counters["models_trained"] != 12 {
			t.Errorf("by method %v: %d elements reached Train and %d models were trained, want %d and 12",
				byMethod, counters["train_keys"], counters["models_trained"], keys)
		}
		if counters["set_books"] != 27 {
			t.Errorf("%d (set, book) pairs featurized, want 9 books × (2 fold sets + all books)", counters["set_books"])
		}
		if counters["books_summarized"] != 27 {
			t.Errorf("%d books summarized, want 9 books × 3 methods", counters["books_summarized"])
		}
		if _, err := os.Stat(transforms.WorkDir(out)); !os.IsNotExist(err) {
			t.Errorf("the work directory is still there after the run (%v)", err)
		}
		got := readTree(t, out)
		for _, m := range cfg.Methods {
			var table []struct {
				Models int `json:"models"`
			}
			if err := json.Unmarshal(got["features/"+m+".json"], &table); err != nil || len(table) == 0 {
				t.Fatalf("features/%s.json: %v", m, err)
			}
			if !strings.Contains(string(got["features/"+m+".md"]), "over 3 training splits") {
				t.Errorf("features/%s.md is not over the 3 fold models", m)
			}
		}
		delete(got, "run.json") // when the run started
		trees[byMethod] = got
	}
	compareTrees(t, trees[false], trees[true])
}

// TestSharedTextsShareAFold runs 3-fold cross-validation on a corpus in
// which two books appear twice, under a second ID, one of them with
// another summary: the plan must count the two copies as sharing a text
// (the books_sharing_text counter) and keep each in its original's fold,
// so that the one model summarizes both copies alike.
func TestSharedTextsShareAFold(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	files := testcorpus.Good(9)
	for _, c := range []struct{ copy, book, summary string }{
		{"book-01-x1", "book-01", "book-01"},
		{"book-04-x1", "book-04", "book-07"},
	} {
		files["books/"+c.copy+".txt"] = files["books/"+c.book+".txt"]
		files["summaries/"+c.copy+".txt"] = files["summaries/"+c.summary+".txt"]
		files["pairs.tsv"] = append(files["pairs.tsv"], c.copy+"\tCopy\tAuthor\n"...)
	}
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	cfg := smallConfig(dir, out)
	cfg.Methods = []string{"jing"}
	cfg.Folds = 3
	counters := wikiCounters(runExperiment(t, prism.Execute, cfg))
	if counters["books_sharing_text"] != 2 {
		t.Errorf("%d books counted as sharing their text, want 2", counters["books_sharing_text"])
	}
	got := readTree(t, out)
	for _, id := range []string{"book-01", "book-04"} {
		a, b := got["summaries/jing/"+id+".txt"], got["summaries/jing/"+id+"-x1.txt"]
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s and its copy were summarized differently:\n%s\n---\n%s", id, a, b)
		}
	}
}

// trainAndTestCorpora writes a training corpus of 5 pairs, 10 rows of
// which are rejected, and a test corpus of 3 good pairs sharing its ids, and
// returns their directories and an output directory.
func trainAndTestCorpora(t *testing.T) (trainDir, testDir, out string) {
	t.Helper()
	train, _ := testcorpus.Bad(5)
	trainDir, testDir, out = t.TempDir(), t.TempDir(), t.TempDir()
	if err := train.WriteTo(trainDir); err != nil {
		t.Fatal(err)
	}
	if err := testcorpus.Good(3).WriteTo(testDir); err != nil {
		t.Fatal(err)
	}
	return trainDir, testDir, out
}

// TestTestCorpus trains on one corpus and evaluates on another: the results
// are about the test corpus only, with no cross-validation, and the training
// corpus's rejects go to train_rejects.jsonl.
func TestTestCorpus(t *testing.T) {
	trainDir, testDir, out := trainAndTestCorpora(t)
	cfg := smallConfig(trainDir, out)
	cfg.Methods = []string{"passage", "jing", "first1000", "names"}
	cfg.TestCorpus = testDir
	cfg.Align.Iterations = 10
	runExperiment(t, prism.Execute, cfg)
	res := readResults(t, out)
	if res.Books != 3 || res.Rejected != 0 || len(res.Methods) != 4 {
		t.Fatalf("books %d, rejected %d, %d methods; want 3, 0, 4", res.Books, res.Rejected, len(res.Methods))
	}
	got := readTree(t, out)
	if n := strings.Count(string(got["train_rejects.jsonl"]), "\n"); n != 10 {
		t.Errorf("train_rejects.jsonl has %d lines, want 10", n)
	}
	for _, f := range []string{"models/passage.json", "summaries/passage/book-02.txt", "features/jing.md"} {
		if len(got[f]) == 0 {
			t.Errorf("%s missing", f)
		}
	}
	// The two corpora share their ids: each test book's summary is made of
	// its own text, not of the training book of the same id.
	for _, id := range []string{"book-00", "book-01", "book-02"} {
		book, err := os.ReadFile(filepath.Join(testDir, "books", id+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		flat := strings.Join(strings.Fields(string(book)), " ")
		for _, line := range strings.Split(strings.TrimSpace(string(got["summaries/passage/"+id+".txt"])), "\n") {
			if line = strings.Join(strings.Fields(line), " "); !strings.Contains(flat, line) {
				t.Errorf("%s: summary sentence %q is not in the test corpus's book", id, line)
				break
			}
		}
	}
}

// TestTestCorpusBaselinesOnly scores the test corpus when only baselines
// run: the test corpus, not the training corpus, is the one in the results,
// whatever the methods.
func TestTestCorpusBaselinesOnly(t *testing.T) {
	trainDir, testDir, out := trainAndTestCorpora(t)
	cfg := smallConfig(trainDir, out)
	cfg.Methods = []string{"first1000", "random"}
	cfg.TestCorpus = testDir
	runExperiment(t, prism.Execute, cfg)
	res := readResults(t, out)
	if res.Books != 3 || res.Rejected != 0 || len(res.Methods) != 2 {
		t.Fatalf("books %d, rejected %d, %d methods; want the test corpus's 3, 0, 2", res.Books, res.Rejected, len(res.Methods))
	}
	got := readTree(t, out)
	for _, id := range []string{"book-00", "book-01", "book-02"} {
		book, err := os.ReadFile(filepath.Join(testDir, "books", id+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		flat := strings.Join(strings.Fields(string(book)), " ")
		summary := strings.TrimSpace(string(got["summaries/first1000/"+id+".txt"]))
		if summary == "" {
			t.Fatalf("no First 1000 summary of the test book %s", id)
		}
		if first := strings.Join(strings.Fields(strings.SplitN(summary, "\n", 2)[0]), " "); !strings.Contains(flat, first) {
			t.Errorf("%s: First 1000 begins %q, not in the test corpus's book", id, first)
		}
	}
	if _, ok := got["train_rejects.jsonl"]; !ok {
		t.Errorf("no train_rejects.jsonl: the training corpus's rejects are lost")
	}
}

// TestWholeSpanLabels checks the label rule option of the align stage: by
// default each aligned summary sentence labels at most one book sentence;
// with WholeSpans the same spans label every sentence they hold.
func TestWholeSpanLabels(t *testing.T) {
	dir := t.TempDir()
	if err := testcorpus.Good(2).WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	records := func(whole bool) map[string][]align.Record {
		out := t.TempDir()
		cfg := smallConfig(dir, out)
		cfg.Align = align.Settings{Extra: []string{"passage", "jing"}, Iterations: 10, WholeSpans: whole}
		runExperiment(t, prism.Execute, cfg)
		recs := map[string][]align.Record{}
		for name, b := range readTree(t, out) {
			if !strings.HasPrefix(name, "alignments/") {
				continue
			}
			rs, err := align.ParseRecords(b)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			recs[name] = rs
		}
		return recs
	}
	top, whole := records(false), records(true)
	if len(top) != 4 {
		t.Fatalf("%d alignment files, want 2 books × 2 methods", len(top))
	}
	more := 0
	for name, rs := range top {
		for i, r := range rs {
			w := whole[name][i]
			if len(r.BookSentences) > 1 {
				t.Errorf("%s, summary sentence %d: %d labelled sentences, want at most 1", name, i, len(r.BookSentences))
			}
			if (r.SpanBytes == nil) != (w.SpanBytes == nil) || r.SpanBytes != nil && *r.SpanBytes != *w.SpanBytes {
				t.Errorf("%s, summary sentence %d: span %v, with whole spans %v", name, i, r.SpanBytes, w.SpanBytes)
			}
			for _, s := range r.BookSentences {
				if !slices.Contains(w.BookSentences, s) {
					t.Errorf("%s, summary sentence %d: labelled %d, not in the whole span %v", name, i, s, w.BookSentences)
				}
			}
			if len(w.BookSentences) > len(r.BookSentences) {
				more++
			}
		}
	}
	if more == 0 {
		t.Error("whole spans never labelled more sentences than one")
	}
}
