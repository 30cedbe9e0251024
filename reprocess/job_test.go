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
	"github.com/bookalign/bookalign/reprocess"
	"github.com/bookalign/bookalign/reprocess/beamstore"
	"github.com/bookalign/bookalign/wiki"
)

// The pipelines' own tests, and cmd/bookalign's TestReprocess with the
// real pipelines as steps, cover what the steps compute; the tests here
// are of the state machine around them, with steps that write small files
// of the same formats (summaries.tsv, pairs.tsv, results.json) and count
// how often each step ran.

// stageSteps writes one summary, one pair and one book's results.
type stageSteps struct {
	calls map[string]int
}

func (s *stageSteps) Check(context.Context) error { return nil }

func (s *stageSteps) Extract(ctx context.Context, dump, index, out string) error {
	s.calls["extract"]++
	var b bytes.Buffer
	w := wiki.NewSummaryWriter(&b)
	if err := w.Write(&wiki.Summary{WikipediaID: 620, Title: "Animal Farm", Author: "George Orwell", Text: "The animals take over the farm."}); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return beamstore.Store{}.WriteFile(ctx, out+"/summaries.tsv", b.Bytes())
}

func (s *stageSteps) Match(ctx context.Context, summaries, out, source string) error {
	s.calls["match"]++
	var b bytes.Buffer
	if err := corpus.WritePairs(&b, []corpus.PairRow{{ID: "animal-farm", Title: "Animal Farm", SummarySource: source}}); err != nil {
		return err
	}
	return beamstore.Store{}.WriteFile(ctx, out+"/pairs.tsv", b.Bytes())
}

// Experiment names the corpus corpusName in the results, as the command
// does; its table also quotes, as a summary may, the directory it read,
// which must reach the final outputs unchanged.
func (s *stageSteps) Experiment(ctx context.Context, corpusDir, out, corpusName string) error {
	s.calls["experiment"]++
	res, err := json.Marshal(evaluate.Results{Corpus: corpusName, Books: 1, Methods: []evaluate.MethodResult{{Name: "first1000", Books: 1}}})
	if err != nil {
		return err
	}
	if err := (beamstore.Store{}).WriteFile(ctx, out+"/results.json", res); err != nil {
		return err
	}
	return beamstore.Store{}.WriteFile(ctx, out+"/table.md", []byte(stageTable(corpusDir, corpusName)))
}

// stageTable is the table.md of stageSteps.
func stageTable(corpusDir, corpusName string) string {
	return "Corpus: `" + corpusName + "`\n\nA summary that quotes `" + corpusDir + "` and \"" + corpusDir + "\".\n"
}

func (s *stageSteps) Report(ctx context.Context, out, corpusDir string) error {
	s.calls["report"]++
	return beamstore.Store{}.WriteFile(ctx, out+"/index.html", []byte(corpusDir))
}

// crashed is the panic of a crash hook.
type crashed string

// runJob runs a Job on the dump in dir; crashAt, when not "", makes it
// stop there as a crash would. It returns what the job logged.
func runJob(t *testing.T, dir string, steps *stageSteps, settings any, crashAt string) (log string, crash bool) {
	t.Helper()
	var b bytes.Buffer
	job := &reprocess.Job{
		Dumps: dir + "/dumps", StateDir: dir + "/state", Out: dir + "/out", Catalog: dir + "/catalog.csv", Books: dir + "/mirror",
		Settings: settings, Store: beamstore.Store{}, Steps: steps, Log: &b,
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
			log, crash = b.String(), true
		}
	}()
	if err := job.Run(context.Background()); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	return b.String(), false
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
			case !strings.Contains(log, "resuming "+dir+"/out/20240101.partial after "+strings.Join(points[:i+1], ", ")+"\n"):
				t.Errorf("log:\n%s", log)
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

// TestJobDiscardsOtherSettings crashes a run after matching and runs it
// again with other settings: the work is discarded and done again.
func TestJobDiscardsOtherSettings(t *testing.T) {
	dir := newJobDir(t)
	steps := &stageSteps{calls: map[string]int{}}
	if _, crash := runJob(t, dir, steps, map[string]int{"words": 1000}, reprocess.StageMatch); !crash {
		t.Fatal("no crash")
	}
	log, _ := runJob(t, dir, steps, map[string]int{"words": 200}, "")
	if !strings.Contains(log, "discarding "+dir+"/out/20240101.partial: made from other inputs or settings") || steps.calls["extract"] != 2 || steps.calls["match"] != 2 {
		t.Errorf("steps ran %v times; log:\n%s", steps.calls, log)
	}
}
