package reprocess_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/reprocess"
	"github.com/bookalign/bookalign/wiki"
)

// The pipelines' own tests, and cmd/bookalign's TestReprocess with the
// real pipelines as steps, cover what the steps compute; the tests here
// are of the state machine around them, with steps that write small files
// of the same formats (summaries.tsv, pairs.tsv, results.json) and count
// how often each step ran.

// stageSteps writes one summary, one pair and one book's results, each
// carrying a digest of the step's input, so that other input gives other
// output; fail, when set to a step's name, makes that step fail once.
type stageSteps struct {
	calls map[string]int
	fail  string
}

// digestOf is a short digest of the file at path, "" when it cannot be read.
func digestOf(ctx context.Context, path string) string {
	b, err := store.ReadFile(ctx, path)
	if err != nil {
		return ""
	}
	return reprocess.Fingerprint(string(b))
}

// failed makes the step fail once if it is the one named by fail.
func (s *stageSteps) failed(step string) error {
	if s.fail == step {
		s.fail = ""
		return fmt.Errorf("%s failed", step)
	}
	return nil
}

func (s *stageSteps) Check(context.Context) error { return nil }

func (s *stageSteps) Extract(ctx context.Context, dump, index, out string) error {
	s.calls["extract"]++
	var b bytes.Buffer
	w := wiki.NewSummaryWriter(&b)
	if err := w.Write(&wiki.Summary{WikipediaID: 620, Title: "Animal Farm", Author: "George Orwell", Text: "The animals take over the farm " + digestOf(ctx, dump) + "."}); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return store.WriteFile(ctx, out+"/summaries.tsv", b.Bytes())
}

func (s *stageSteps) Match(ctx context.Context, summaries, out, source string) error {
	s.calls["match"]++
	var b bytes.Buffer
	if err := corpus.WritePairs(&b, []corpus.PairRow{{ID: "animal-farm", Title: "Animal Farm " + digestOf(ctx, summaries), SummarySource: source}}); err != nil {
		return err
	}
	return store.WriteFile(ctx, out+"/pairs.tsv", b.Bytes())
}

// Experiment names the corpus corpusName in the results, as the command
// does; its table also quotes, as a summary may, the directory it read,
// which must reach the final outputs unchanged.
func (s *stageSteps) Experiment(ctx context.Context, corpusDir, out, corpusName string) error {
	s.calls["experiment"]++
	if err := s.failed("experiment"); err != nil {
		return err
	}
	res, err := json.Marshal(evaluate.Results{Corpus: corpusName, Books: 1, Methods: []evaluate.MethodResult{{Name: "first1000", Books: 1}}})
	if err != nil {
		return err
	}
	if err := store.WriteFile(ctx, out+"/results.json", res); err != nil {
		return err
	}
	return store.WriteFile(ctx, out+"/table.md", []byte(stageTable(corpusDir, corpusName)))
}

// stageTable is the table.md of stageSteps.
func stageTable(corpusDir, corpusName string) string {
	return "Corpus: `" + corpusName + "`\n\nA summary that quotes `" + corpusDir + "` and \"" + corpusDir + "\".\n"
}

func (s *stageSteps) Report(ctx context.Context, out, corpusDir string) error {
	s.calls["report"]++
	return store.WriteFile(ctx, out+"/index.html", []byte(corpusDir))
}

// crashed is the panic of a crash hook.
type crashed string

// runJob runs a Job on the dump in dir; crashAt, when not "", makes it
// stop there as a crash would. It returns what the job logged.
func runJob(t *testing.T, dir string, steps *stageSteps, settings any, crashAt string) (log string, crash bool) {
	t.Helper()
	log, crash, err := runJobErr(t, dir, steps, settings, crashAt)
	if err != nil {
		t.Fatalf("%v\n%s", err, log)
	}
	return log, crash
}

// runJobErr is runJob that returns the job's error.
func runJobErr(t *testing.T, dir string, steps *stageSteps, settings any, crashAt string) (log string, crash bool, err error) {
	t.Helper()
	var b bytes.Buffer
	job := &reprocess.Job{
		Dumps: dir + "/dumps", StateDir: dir + "/state", Out: dir + "/out", Catalog: dir + "/catalog.csv", Books: dir + "/mirror",
		Settings: settings, Steps: steps, Log: &b,
		Crash: func(at string) {
			if at == crashAt {
				panic(crashed(at))
			}
		},
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(crashed); !ok {
				panic(r)
			}
			log, crash, err = b.String(), true, nil
		}
	}()
	err = job.Run(context.Background())
	return b.String(), false, err
}

func newJobDir(t *testing.T) string {
	t.Helper()
	dir := filepath.ToSlash(t.TempDir())
	for name, data := range map[string]string{
		"dumps/enwiki-20240101-pages-articles.xml": "<mediawiki>\n</mediawiki>\n",
		"catalog.csv": "Text#,Type\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestJobResumes crashes a run at every point where the job records
// progress, and runs it again: each step runs exactly once in all, the
// outputs end in OUT/20240101 with the corpus named where it now is, and
// the state records the run.
func TestJobResumes(t *testing.T) {
	points := []string{reprocess.StageExtract, reprocess.StageMatch, reprocess.StageExperiment, reprocess.StageChanges, reprocess.StageMove, reprocess.Moved}
	for i, at := range points {
		t.Run(at, func(t *testing.T) {
			dir := newJobDir(t)
			steps := &stageSteps{calls: map[string]int{}}
			if _, crash := runJob(t, dir, steps, "settings", at); !crash {
				t.Fatalf("no crash at %s", at)
			}
			if _, err := os.Stat(dir + "/state/state.json"); !os.IsNotExist(err) {
				t.Fatalf("state written before the crash at %s: %v", at, err)
			}
			log, _ := runJob(t, dir, steps, "settings", "")
			switch {
			case at == reprocess.Moved:
				if !strings.Contains(log, "complete but was not recorded") {
					t.Errorf("log:\n%s", log)
				}
			default:
				for _, done := range points[:min(i+1, 4)] {
					if !strings.Contains(log, "reusing "+done+" of an earlier try") {
						t.Errorf("%s not reused; log:\n%s", done, log)
					}
				}
			}
			if want := map[string]int{"extract": 1, "match": 1, "experiment": 1, "report": 1}; fmt.Sprint(steps.calls) != fmt.Sprint(want) {
				t.Errorf("steps ran %v times, want %v", steps.calls, want)
			}
			final := dir + "/out/20240101"
			// The results name the corpus where it now is, and nothing else
			// in them was rewritten: the job never patches a result file.
			for name, want := range map[string]string{
				"results/table.md":   stageTable(final+".partial/corpus", final+"/corpus"),
				"results/index.html": final + ".partial/corpus",
			} {
				if b, err := os.ReadFile(final + "/" + name); string(b) != want || err != nil {
					t.Errorf("%s = %q, %v; want %q", name, b, err, want)
				}
			}
			var res evaluate.Results
			if b, err := os.ReadFile(final + "/results/results.json"); err != nil || json.Unmarshal(b, &res) != nil || res.Corpus != final+"/corpus" {
				t.Errorf("results.json names the corpus %q (%v), want %q", res.Corpus, err, final+"/corpus")
			}
			if _, err := os.Stat(final + ".partial"); !os.IsNotExist(err) {
				t.Errorf("work directory left behind: %v", err)
			}
			b, err := os.ReadFile(dir + "/state/state.json")
			if err != nil {
				t.Fatal(err)
			}
			st, err := reprocess.ParseState(b)
			if err != nil || len(st.Runs) != 1 || st.Runs[0].Out != final || st.Runs[0].Summaries != 1 || st.Runs[0].Pairs != 1 || st.Runs[0].Books != 1 {
				t.Errorf("state %s, %v", b, err)
			}
			if log, _ := runJob(t, dir, steps, "settings", ""); !strings.Contains(log, "nothing to do") || steps.calls["extract"] != 1 {
				t.Errorf("a third run did work:\n%s", log)
			}
		})
	}
}

// TestJobReusesStages runs a job, stops it (a crash or a failed step),
// changes one input, setting or output, and runs it again: only the
// stages whose inputs changed, or whose files are not as written, are
// done again, as the steps' counters and the log say.
func TestJobReusesStages(t *testing.T) {
	const partial = "/out/20240101.partial/"
	tests := []struct {
		name string
		// stop is where the first run stops: a stage's name (a crash) or
		// "fail experiment" (the experiment step fails).
		stop string
		// change changes something between the runs in dir; settings are
		// the second run's (the first's are {"words": 1000}).
		change   func(t *testing.T, dir string)
		settings map[string]int
		// calls are how often each step ran in all; log, what the second
		// run's log says.
		calls map[string]int
		log   []string
	}{
		{name: "an experiment setting after a failed experiment", stop: "fail experiment", settings: map[string]int{"words": 200, "folds": 2},
			calls: map[string]int{"extract": 1, "match": 1, "experiment": 2, "report": 1},
			log:   []string{"reusing extract of an earlier try", "reusing match of an earlier try"}},
		{name: "an experiment setting after a crash", stop: reprocess.StageChanges, settings: map[string]int{"words": 200},
			calls: map[string]int{"extract": 1, "match": 1, "experiment": 2, "report": 2},
			log: []string{"reusing extract", "reusing match", "redoing experiment: its inputs changed: settings",
				// the same results (these steps ignore the settings): changes.md stays
				"reusing changes"}},
		{name: "nothing", stop: reprocess.StageChanges,
			calls: map[string]int{"extract": 1, "match": 1, "experiment": 1, "report": 1},
			log:   []string{"reusing extract", "reusing match", "reusing experiment", "reusing changes"}},
		{name: "the dump", stop: reprocess.StageChanges, change: func(t *testing.T, dir string) {
			writeTestFile(t, dir+"/dumps/enwiki-20240101-pages-articles.xml", "<mediawiki>\n<page/>\n</mediawiki>\n")
		}, calls: map[string]int{"extract": 2, "match": 2, "experiment": 2, "report": 2},
			log: []string{"redoing extract: its inputs changed: dump", "redoing match: its inputs changed: extract", "redoing experiment: its inputs changed: corpus"}},
		{name: "the catalog", stop: reprocess.StageChanges, change: func(t *testing.T, dir string) {
			writeTestFile(t, dir+"/catalog.csv", "Text#,Type,Title\n")
		}, calls: map[string]int{"extract": 1, "match": 2, "experiment": 1, "report": 1},
			// match's output does not depend on the catalog here: the
			// experiment on an identical corpus is reused.
			log: []string{"reusing extract", "redoing match: its inputs changed: catalog", "reusing experiment"}},
		{name: "summaries.tsv cut short", stop: reprocess.StageExperiment, change: func(t *testing.T, dir string) {
			truncate(t, dir+partial+"extract/summaries.tsv")
		}, calls: map[string]int{"extract": 2, "match": 1, "experiment": 1, "report": 1},
			// extract redone writes the same summaries: match is reused.
			log: []string{"redoing extract: extract/summaries.tsv has 10 bytes, not the", "reusing match", "reusing experiment"}},
		{name: "a corpus file deleted", stop: reprocess.StageExperiment, change: func(t *testing.T, dir string) {
			if err := os.Remove(dir + partial + "corpus/pairs.tsv"); err != nil {
				t.Fatal(err)
			}
		}, calls: map[string]int{"extract": 1, "match": 2, "experiment": 1, "report": 1},
			log: []string{"reusing extract", "redoing match: corpus/pairs.tsv is missing", "reusing experiment"}},
		{name: "a result edited in place", stop: reprocess.StageChanges, change: func(t *testing.T, dir string) {
			path := dir + partial + "results/table.md"
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			writeTestFile(t, path, strings.ToUpper(string(b)))
		}, calls: map[string]int{"extract": 1, "match": 1, "experiment": 2, "report": 2},
			log: []string{"reusing extract", "reusing match", "redoing experiment: results/table.md changed since it was written (its SHA-256 differs)", "reusing changes"}},
		{name: "a progress file of an older bookalign", stop: reprocess.StageMatch, change: func(t *testing.T, dir string) {
			writeTestFile(t, dir+partial+"progress.json", `{"fingerprint": "0123456789abcdef", "done": ["extract", "match"]}`)
		}, calls: map[string]int{"extract": 2, "match": 2, "experiment": 1, "report": 1},
			log: []string{"its progress.json it was written by an older bookalign"}},
		{name: "an empty progress file", stop: reprocess.StageMatch, change: func(t *testing.T, dir string) {
			writeTestFile(t, dir+partial+"progress.json", "")
		}, calls: map[string]int{"extract": 2, "match": 2, "experiment": 1, "report": 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := newJobDir(t)
			steps := &stageSteps{calls: map[string]int{}}
			first := map[string]int{"words": 1000}
			if tt.stop == "fail experiment" {
				steps.fail = "experiment"
				if _, _, err := runJobErr(t, dir, steps, first, ""); err == nil || !strings.Contains(err.Error(), "experiment failed") {
					t.Fatalf("the first run: %v", err)
				}
			} else if _, crash := runJob(t, dir, steps, first, tt.stop); !crash {
				t.Fatalf("no crash at %s", tt.stop)
			}
			if tt.change != nil {
				tt.change(t, dir)
			}
			settings := first
			if tt.settings != nil {
				settings = tt.settings
			}
			log, _ := runJob(t, dir, steps, settings, "")
			if fmt.Sprint(steps.calls) != fmt.Sprint(tt.calls) {
				t.Errorf("steps ran %v times, want %v; log:\n%s", steps.calls, tt.calls, log)
			}
			for _, want := range tt.log {
				if !strings.Contains(log, want) {
					t.Errorf("log lacks %q:\n%s", want, log)
				}
			}
			if _, err := os.Stat(dir + "/out/20240101/results/results.json"); err != nil {
				t.Error(err)
			}
		})
	}
}

func writeTestFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// truncate cuts the file at path to its first 10 bytes.
func truncate(t *testing.T, path string) {
	t.Helper()
	if err := os.Truncate(path, 10); err != nil {
		t.Fatal(err)
	}
}

// TestJobDumpNames runs a job on directories of dumps with hostile names
// and contents: the dump it processes and the date it gets, or the error
// it refuses with.
func TestJobDumpNames(t *testing.T) {
	page := func(stamp string) string {
		return "<page><title>A</title><id>1</id><revision><timestamp>" + stamp + "</timestamp><text>x</text></revision></page>\n"
	}
	xml := func(stamps ...string) string {
		s := "<mediawiki>\n"
		for _, st := range stamps {
			s += page(st)
		}
		return s + "</mediawiki>\n"
	}
	multistream, index := multistreamDump(t, page("2016-04-01T00:00:00Z"), page("2016-05-02T10:00:00Z"))
	tests := []struct {
		name  string
		files map[string][]byte
		// out is the directory the job fills, "" when it must fail with
		// an error that holds err.
		out, err string
		log      string
	}{
		{"latest plain xml", map[string][]byte{"enwiki-latest-pages-articles.xml": []byte(xml("2016-04-29T22:48:26Z", "2015-01-01T00:00:00Z"))},
			"20160429", "", "dated 20160429 by its newest revision, 2016-04-29T22:48:26Z, in its last 2 MiB"},
		{"latest bz2", map[string][]byte{"enwiki-latest-pages-articles.xml.bz2": testcorpus.Bzip2(t, xml("2020-02-29T00:00:00Z"))},
			"20200229", "", "in its last bzip2 block"},
		{"latest multistream by its index", map[string][]byte{"enwiki-latest-pages-articles-multistream.xml.bz2": multistream,
			"enwiki-latest-pages-articles-multistream-index.txt.bz2": index}, "20160502", "", "in the last stream its index names"},
		{"latest with no timestamp", map[string][]byte{"enwiki-latest-pages-articles.xml": []byte("<mediawiki>\n<page><title>A</title></page>\n</mediawiki>\n")},
			"", "no revision <timestamp> in its last 2 MiB to date it by: rename it", ""},
		{"a checksum file of a latest dump's date is another dump's", map[string][]byte{"enwiki-latest-pages-articles.xml": []byte(xml("2020-02-29T00:00:00Z")),
			"enwiki-20200229-sha1sums.txt": []byte("da39a3ee5e6b4b0d3255bfef95601890afd80709  enwiki-20200229-pages-articles.xml.bz2\n")}, "20200229", "", "verified enwiki-latest-pages-articles.xml: end of data (</mediawiki>)\n"},
		{"latest from the future", map[string][]byte{"enwiki-latest-pages-articles.xml": []byte(xml("2099-01-01T00:00:00Z"))},
			"", "its newest revision, 2099-01-01T00:00:00Z in its last 2 MiB, is after today", ""},
		{"latest empty bz2", map[string][]byte{"enwiki-latest-pages-articles.xml.bz2": nil},
			"", "refusing enwiki-latest-pages-articles.xml.bz2, not processed and not recorded", ""},
		{"latest cut short", map[string][]byte{"enwiki-latest-pages-articles.xml.bz2": testcorpus.Bzip2(t, xml("2020-02-29T00:00:00Z"))[:40]},
			"", "not processed and not recorded", ""},
		{"latest, not XML", map[string][]byte{"enwiki-latest-pages-articles.xml": []byte("PK\x03\x04 a zip file")},
			"", "its end is not MediaWiki XML", ""},
		{"the same date by name and by content", map[string][]byte{"enwiki-latest-pages-articles.xml": []byte(xml("2024-01-01T12:00:00Z")),
			"enwiki-20240101-pages-articles.xml": []byte(xml("2023-12-31T00:00:00Z"))}, "20240101", "", "processing enwiki-20240101-pages-articles.xml "},
		{"a newer latest beats an older dated dump", map[string][]byte{"enwiki-latest-pages-articles.xml": []byte(xml("2024-02-01T12:00:00Z")),
			"enwiki-20240101-pages-articles.xml": []byte(xml("2023-12-31T00:00:00Z"))}, "20240201", "", "processing enwiki-latest-pages-articles.xml "},
		{"dates that are not dates", map[string][]byte{"enwiki-20241301-pages-articles.xml": []byte(xml()), "enwiki-2024011-pages-articles.xml": []byte(xml())},
			"", `not a dump: enwiki-2024011-pages-articles.xml ("2024011" is not a date YYYYMMDD), enwiki-20241301-pages-articles.xml ("20241301" is not a date YYYYMMDD)`, ""},
		{"two parts of one dump", map[string][]byte{"enwiki-20240101-pages-articles1.xml-p1p10": []byte(xml()), "enwiki-20240101-pages-articles2.xml-p11p20": []byte(xml())},
			"", "refusing a dump split in parts: 2 parts of enwiki-20240101 are here (enwiki-20240101-pages-articles1.xml-p1p10, enwiki-20240101-pages-articles2.xml-p11p20), and reprocess reads one file", ""},
		{"one part", map[string][]byte{"enwiki-20240101-pages-articles1.xml-p1p10": []byte(xml())}, "20240101", "", ""},
		{"a dated empty dump", map[string][]byte{"enwiki-20240101-pages-articles.xml.bz2": nil}, "", "refusing enwiki-20240101-pages-articles.xml.bz2", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.ToSlash(t.TempDir())
			if err := os.MkdirAll(dir+"/dumps", 0o755); err != nil {
				t.Fatal(err)
			}
			writeTestFile(t, dir+"/catalog.csv", "Text#,Type\n")
			for name, data := range tt.files {
				writeTestFile(t, dir+"/dumps/"+name, string(data))
			}
			steps := &stageSteps{calls: map[string]int{}}
			log, _, err := runJobErr(t, dir, steps, "settings", "")
			if tt.out == "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("error %v, want one with %q; log:\n%s", err, tt.err, log)
				}
				if _, serr := os.Stat(dir + "/state/state.json"); !os.IsNotExist(serr) {
					t.Errorf("a refused dump was recorded: %v", serr)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v\n%s", err, log)
			}
			if _, err := os.Stat(dir + "/out/" + tt.out + "/changes.md"); err != nil {
				t.Errorf("%v; log:\n%s", err, log)
			}
			if !strings.Contains(log, tt.log) {
				t.Errorf("log lacks %q:\n%s", tt.log, log)
			}
		})
	}
}

// multistreamDump returns a multistream dump of the pages, one stream
// each after the header's, and its index.
func multistreamDump(t *testing.T, pages ...string) (dump, index []byte) {
	t.Helper()
	dump = testcorpus.Bzip2(t, "<mediawiki>\n")
	var idx strings.Builder
	for i, p := range pages {
		fmt.Fprintf(&idx, "%d:%d:Page %d\n", len(dump), i+1, i+1)
		dump = append(dump, testcorpus.Bzip2(t, p)...)
	}
	dump = append(dump, testcorpus.Bzip2(t, "</mediawiki>\n")...)
	return dump, testcorpus.Bzip2(t, idx.String())
}

// TestOldState reads a state.json of a bookalign before runs had
// dated_by and warnings: its runs stay done.
func TestOldState(t *testing.T) {
	old := `{"runs": [{"date": "20240101", "dump": "enwiki-20240101-pages-articles.xml.bz2", "out": "out/20240101", "finished": "2024-01-02T00:00:00Z", "summaries": 2, "pairs": 1, "books": 1}]}`
	s, err := reprocess.ParseState([]byte(old))
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := s.Lookup("20240101"); !ok || r.DatedBy != "" || r.Warnings != nil || r.Books != 1 {
		t.Errorf("old state read as %+v, %v", r, ok)
	}
}
