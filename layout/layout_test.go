package layout

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestPaths checks every path against the layout the outputs have always
// had, so that moving the names here changed no output.
func TestPaths(t *testing.T) {
	out := Out{Dir: "gs://b/run/"}
	for _, tc := range []struct{ got, want string }{
		{out.Results(), "gs://b/run/results.json"},
		{out.Table(), "gs://b/run/table.md"},
		{out.PerBook(), "gs://b/run/per_book.csv"},
		{out.Rejects(), "gs://b/run/rejects.jsonl"},
		{out.TrainRejects(), "gs://b/run/train_rejects.jsonl"},
		{out.Alignments("token"), "gs://b/run/alignments/token"},
		{out.Alignment("passage", "emma"), "gs://b/run/alignments/passage/emma.jsonl"},
		{out.Summaries("names"), "gs://b/run/summaries/names"},
		{out.Summary("first1000", "emma"), "gs://b/run/summaries/first1000/emma.txt"},
		{out.Selections("jing"), "gs://b/run/selections/jing"},
		{out.Selection("jing", "emma"), "gs://b/run/selections/jing/emma.json"},
		{out.Model("passage"), "gs://b/run/models/passage.json"},
		{out.FeatureTable("token"), "gs://b/run/features/token.md"},
		{out.Features("token"), "gs://b/run/features/token.json"},
		{out.LengthFigure(), "gs://b/run/figures/length_ratios.svg"},
		{out.BoundaryFigure(), "gs://b/run/figures/boundary_density.svg"},
		{out.BoundaryNote(), "gs://b/run/figures/boundary_density.skipped.json"},
		{out.Marker(), "gs://b/run/run.json"},
		{out.Lock(), "gs://b/run/run.lock"},
		{out.Report().Dir, "gs://b/run/report"},
		{out.Report().Index(), "gs://b/run/report/index.html"},
		{out.Report().Book("emma"), "gs://b/run/report/books/emma.html"},
		{out.ReportBuild().Dir, "gs://b/run/report.tmp"},
		{out.ReportBuild().Book("emma"), "gs://b/run/report.tmp/books/emma.html"},
		{Report{}.Book("emma"), "books/emma.html"},
		{out.Work().Dir, "gs://b/run/tmp-work"},
		{Out{Dir: "/tmp/o"}.Work().Dir, "/tmp/o/tmp-work"},
		{out.Work().Book("emma"), "gs://b/run/tmp-work/book.emma.bin"},
		{out.Work().TestBook("emma"), "gs://b/run/tmp-work/testbook.emma.bin"},
		{out.Work().SetBook(3, "emma"), "gs://b/run/tmp-work/set3.emma.bin"},
		{out.Work().SetBook(-1, "emma"), "gs://b/run/tmp-work/set-1.emma.bin"},
		{out.Work().Model(10, "jing"), "gs://b/run/tmp-work/model10.jing.json"},
		{out.Work().Text("emma"), "gs://b/run/tmp-work/text.emma.bin"},
		{Rel.Results(), "results.json"},
		{Rel.Model("passage"), "models/passage.json"},
		{Rel.Features("jing"), "features/jing.json"},
		{Rel.FeatureTable("jing"), "features/jing.md"},
		{Rel.LengthFigure(), "figures/length_ratios.svg"},
		{Rel.BoundaryFigure(), "figures/boundary_density.svg"},
		{Rel.BoundaryNote(), "figures/boundary_density.skipped.json"},
		{Rel.Marker(), "run.json"},
		{Rel.Lock(), "run.lock"},
		{Extract{Dir: "x"}.Summaries(), "x/summaries.tsv"},
		{Extract{Dir: "x"}.Rejects(), "x/rejects.jsonl"},
		{Dump{Dir: "o/20260101"}.Extract().Summaries(), "o/20260101/extract/summaries.tsv"},
		{Dump{Dir: "o/20260101"}.Corpus().Pairs(), "o/20260101/corpus/pairs.tsv"},
		{Dump{Dir: "o/20260101"}.Corpus().Dir, "o/20260101/corpus"},
		{Dump{Dir: "o/20260101"}.Results().Table(), "o/20260101/results/table.md"},
		{Dump{Dir: "o/20260101"}.Results().Dir, "o/20260101/results"},
		{Dump{Dir: "o/20260101"}.Changes(), "o/20260101/changes.md"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// TestEntries checks that Entries holds the first entry of every path of
// Out, so that clearing a run's outputs (rundir) misses none.
func TestEntries(t *testing.T) {
	want := []string{"alignments/", "features/", "figures/", "models/", "per_book.csv", "rejects.jsonl", "report.tmp/", "report/",
		"results.json", "run.json", "run.lock", "selections/", "summaries/", "table.md", "tmp-work/", "train_rejects.jsonl"}
	got := slices.Sorted(slices.Values(Entries()))
	if !slices.Equal(got, want) {
		t.Errorf("Entries() = %v, want %v", got, want)
	}
	out := reflect.ValueOf(Rel)
	for i := range out.NumMethod() {
		m := out.Type().Method(i)
		var args []reflect.Value
		for j := range m.Type.NumIn() - 1 {
			if m.Type.In(j+1).Kind() != reflect.String {
				t.Fatalf("Out.%s takes a %s: teach this test its arguments", m.Name, m.Type.In(j+1))
			}
			args = append(args, reflect.ValueOf("x"))
		}
		var path string
		switch v := out.Method(i).Call(args)[0].Interface().(type) {
		case string:
			path = v
		case Report:
			path = v.Index()
		case Work:
			path = v.Book("x")
		default:
			t.Fatalf("Out.%s returns a %T: teach this test its paths", m.Name, v)
		}
		top := path
		if k := strings.IndexByte(path, '/'); k >= 0 {
			top = path[:k+1]
		}
		if !slices.Contains(want, top) {
			t.Errorf("Out.%s names %s, under no entry of Entries", m.Name, path)
		}
	}
}
