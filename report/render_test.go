package report

import (
	"context"
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/classify/logistic"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/internal/gcstest"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/fsouza/fake-gcs-server/fakestorage"
)

const hostileBook = `<script>alert("book")</script> It was a <b>dark</b> night & the "wind" howled.
</div><img src=x onerror=alert(1)> The captain came aboard.

The end of the </script> tale.`

const hostileSummary = `A <script>alert("summary")</script> storm rises. The captain <i>comes</i> aboard.`

func hostile() *Book {
	span := func(s string) *[2]int {
		i := strings.Index(hostileBook, s)
		return &[2]int{i, i + len(s)}
	}
	return &Book{
		ID: "hostile", Title: `<script>alert("title")</script>`, Author: "A & B",
		Raw: hostileBook, Summary: hostileSummary,
		Alignments: map[string][]align.Record{
			"passage": {
				{Method: "passage", SummaryIndex: 0, SpanBytes: span("It was a <b>dark</b> night"), Confidence: 0.75},
				{Method: "passage", SummaryIndex: 1, SpanBytes: span("The captain came aboard."), Confidence: 0.5},
			},
			"jing": {{Method: "jing", SummaryIndex: 1, SpanBytes: span("captain came aboard"), Confidence: 1}},
		},
		Selections: map[string][][2]int{"names": {*span("The captain came aboard.")}, "first1000": {{0, len(hostileBook)}}},
		Scores:     map[string]evaluate.BookRecall{"passage": {Rouge1Recall: 0.5}, "names": {Rouge1Recall: 0.25}},
	}
}

var scriptTag = regexp.MustCompile(`(?i)<script[^>]*>`)

// TestRenderBookEscapes renders a book, title and summary full of HTML and
// checks that none of it reaches the page as markup.
func TestRenderBookEscapes(t *testing.T) {
	page, err := RenderBook(hostile(), []string{"passage", "token", "jing", "first1000", "names"})
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	// The page's own two script elements and nothing else.
	if tags := scriptTag.FindAllString(html, -1); len(tags) != 2 || tags[0] != `<script type="application/json" id="page-data">` || tags[1] != "<script>" {
		t.Errorf("script elements: %q", tags)
	}
	for _, bad := range []string{`<b>dark</b>`, `<img src=x`, `<i>comes</i>`, `</div><img`} {
		if strings.Contains(html, bad) {
			t.Errorf("page holds raw markup %q", bad)
		}
	}
	for _, want := range []string{
		`&lt;script&gt;alert(&#34;book&#34;)&lt;/script&gt;`,          // book text
		`&lt;script&gt;alert(&#34;summary&#34;)&lt;/script&gt; storm`, // summary sentence
		`<title>&lt;script&gt;alert(&#34;title&#34;)&lt;/script&gt; — bookalign</title>`,
		`by A &amp; B`,
		`Block HMM (passage) 0.75`, `Jing 1999 (jing): not aligned`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// The page data is JSON inside a script element: no "</script" in it.
	data := html[strings.Index(html, `id="page-data">`)+len(`id="page-data">`):]
	data = data[:strings.Index(data, "</script>")]
	var pd pageData
	if err := json.Unmarshal([]byte(data), &pd); err != nil {
		t.Fatalf("page data: %v\n%s", err, data)
	}
	if strings.Join(pd.Aligners, ",") != "passage,jing" || len(pd.Align) != 2 || pd.Align[0][1] != nil || pd.Align[1][1] == nil {
		t.Errorf("page data aligners %v, align %v", pd.Aligners, pd.Align)
	}
	if len(pd.Picked["names"]) != 1 || len(pd.Picked["first1000"]) != 1 {
		t.Errorf("picked %v", pd.Picked)
	}
}

func TestRenderBookErrors(t *testing.T) {
	b := hostile()
	b.Alignments["passage"] = append(b.Alignments["passage"], align.Record{SummaryIndex: 7})
	if _, err := RenderBook(b, []string{"passage"}); err == nil || !strings.Contains(err.Error(), "summary sentence 7 of 2") {
		t.Errorf("an alignment of a summary sentence that does not exist: %v", err)
	}
	b = hostile()
	b.Summary = "\xff"
	if _, err := RenderBook(b, nil); err == nil {
		t.Error("a summary that is not UTF-8 was rendered")
	}
}

func TestMinimapHasAMarkPerSentenceAndAligner(t *testing.T) {
	p, err := newBookPage(hostile(), []string{"passage", "jing", "names"})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Minimap.Lanes) != 3 {
		t.Fatalf("%d lanes, want passage, jing and names", len(p.Minimap.Lanes))
	}
	for _, l := range p.Minimap.Lanes[:2] {
		if n := len(l.Marks) + len(l.Unaligned); n != len(p.Sentences) {
			t.Errorf("%s: %d marks, want %d", l.Method.Key, n, len(p.Sentences))
		}
		for _, m := range l.Marks {
			if m.Top < 0 || m.Top+m.Height > 100+minMarkHeight || m.Left <= 0 || m.Left >= 100 {
				t.Errorf("%s: mark %+v outside the lane", l.Method.Key, m)
			}
		}
	}
	if jing := p.Minimap.Lanes[1]; len(jing.Unaligned) != 1 || jing.Unaligned[0].Sentence != 0 {
		t.Errorf("jing's unaligned marks: %+v", jing.Unaligned)
	}
	if !p.Minimap.Lanes[2].Pick || len(p.Minimap.Lanes[2].Marks) != 1 {
		t.Errorf("names lane: %+v", p.Minimap.Lanes[2])
	}
}

func testResults() *evaluate.Results {
	r := &evaluate.Results{Corpus: "corpus", Books: 2, Words: 1000, Seed: 1, Rouge: evaluate.RougeSettings{Stem: true}}
	for i, m := range []string{"passage", "first1000", "names"} {
		r.Methods = append(r.Methods, evaluate.MethodResult{
			Name: m, Books: 2, Rouge1Recall: 0.4 + 0.05*float64(i), Rouge2Recall: 0.08,
			Rouge1RecallCI95: [2]float64{0.35, 0.5}, Rouge2RecallCI95: [2]float64{0.07, 0.09},
			PerBook: map[string]evaluate.BookRecall{
				"hostile":  {Rouge1Recall: 0.4, Rouge2Recall: 0.07},
				"<second>": {Rouge1Recall: 0.5, Rouge2Recall: 0.09},
			},
		})
	}
	r.Methods[0].PVsFirst1000 = &evaluate.PValues{Rouge1: 0.001, Rouge2: 0.5}
	return r
}

func TestRenderIndex(t *testing.T) {
	page, err := RenderIndex(&Index{
		Results:  testResults(),
		Features: map[string][]logistic.RankedFeature{"passage": {{Name: "word=<script>", MeanWeight: 1.5}}},
		Figures:  []Figure{{Title: "Figure 1", Caption: "ratios <b>", SVG: []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)}},
		Titles:   map[string]string{"hostile": "<script>alert(2)</script>"},
		Failed:   []Failure{{ID: "<second>", Reason: "no <book>"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	html := string(page)
	if tags := scriptTag.FindAllString(html, -1); len(tags) != 1 {
		t.Errorf("script elements: %q", tags)
	}
	for _, want := range []string{
		"Block HMM (passage)", "First 1000", "0.001 / 0.500", "[35.0, 50.0]", "<code>word=&lt;script&gt;</code>",
		`src="data:image/svg&#43;xml;base64,`, "ratios &lt;b&gt;", `href="books/hostile.html"`,
		"&lt;script&gt;alert(2)&lt;/script&gt;", "&lt;second&gt; (no page)", "no &lt;book&gt;",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("index lacks %q", want)
		}
	}
	if n := strings.Count(html, "<img "); n != 2 {
		t.Errorf("%d images, want the ROUGE chart and Figure 1", n)
	}
	if _, err := RenderIndex(&Index{}); err == nil {
		t.Error("an index without results was rendered")
	}
}

// FuzzRenderBook renders arbitrary books, summaries and spans: never a
// panic, never a script element beyond the page's own two.
func FuzzRenderBook(f *testing.F) {
	f.Add(hostileBook, hostileSummary, 5, 30, "The captain came aboard.")
	f.Add("a\r\nb 😀 c", "One. Two.", 0, 100, "b 😀")
	f.Fuzz(func(t *testing.T, book, summary string, start, end int, picked string) {
		i := strings.Index(book, picked)
		b := &Book{ID: "x", Raw: book, Summary: summary,
			Alignments: map[string][]align.Record{"passage": {{SummaryIndex: 0, SpanBytes: &[2]int{start, end}}}},
			Selections: map[string][][2]int{"names": {{i, i + len(picked)}, {end, start}}}}
		page, err := RenderBook(b, []string{"passage", "names"})
		if err != nil {
			return
		}
		if tags := scriptTag.FindAllString(string(page), -1); len(tags) != 2 {
			t.Fatalf("script elements %q", tags)
		}
	})
}

// runFiles writes under root (a temporary directory or a gs:// bucket)
// the files of a run with results r: results.json, the corpus of the
// hostile book and its Passage HMM alignment, with extra, relative to
// root, besides. It returns the run's output directory, root/out, whose
// results.json names root/corpus.
func runFiles(t *testing.T, root string, r *evaluate.Results, extra map[string]string) string {
	t.Helper()
	r.Corpus = root + "/corpus"
	res, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	h := hostile()
	recs, _ := json.Marshal(h.Alignments["passage"][0])
	files := map[string]string{
		"out/results.json":                     string(res),
		"corpus/pairs.tsv":                     "id\ttitle\tauthor\nhostile\tHostile\tA & B\n",
		"corpus/books/hostile.txt":             h.Raw,
		"corpus/summaries/hostile.txt":         h.Summary,
		"out/alignments/passage/hostile.jsonl": string(recs) + "\n",
	}
	maps.Copy(files, extra)
	for rel, data := range files {
		if err := store.WriteFile(context.Background(), root+"/"+rel, []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	return root + "/out"
}

// readReport returns the files under out/report and out/report.tmp by
// their paths relative to out.
func readReport(t *testing.T, out string) map[string]string {
	t.Helper()
	ctx := context.Background()
	files := map[string]string{}
	for _, dir := range []string{"report", "report.tmp"} {
		var walk func(rel string)
		walk = func(rel string) {
			entries, err := store.Entries(ctx, out+"/"+rel)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				if sub, ok := strings.CutSuffix(e, "/"); ok {
					walk(rel + "/" + sub)
					continue
				}
				b, err := store.ReadWritten(ctx, out+"/"+rel+"/"+e)
				if err != nil {
					t.Fatal(err)
				}
				files[rel+"/"+e] = string(b)
			}
		}
		walk(dir)
	}
	return files
}

// onBothStores runs f on a temporary directory and on a bucket of a fake
// GCS server.
func onBothStores(t *testing.T, f func(t *testing.T, root string)) {
	t.Run("local", func(t *testing.T) { f(t, t.TempDir()) })
	t.Run("gcs", func(t *testing.T) {
		srv := gcstest.Start(t)
		srv.CreateBucketWithOpts(fakestorage.CreateBucketOpts{Name: "b"})
		f(t, "gs://b/run")
	})
}

// TestBuild builds a report from a run's files: a page for the book that
// has its files, and the other, whose id is not a safe file name, listed on
// the index with the reason.
func TestBuild(t *testing.T) {
	onBothStores(t, func(t *testing.T, root string) {
		out := runFiles(t, root, testResults(), map[string]string{
			"out/selections/names/hostile.json": `{"id":"hostile","method":"names","sentences":[2],"spans":[[114,138]]}`,
			"out/features/passage.json":         `[{"name":"DECILE_0","mean_rank":1,"mean_weight":0.9,"models":10}]`,
			"out/figures/length_ratios.svg":     `<svg xmlns="http://www.w3.org/2000/svg"/>`,
		})
		var progress []int
		built, err := Build(context.Background(), Options{Out: out, Workers: 2, Progress: func(done, total int) { progress = append(progress, done) }})
		if err != nil {
			t.Fatal(err)
		}
		if built.Pages != 1 || len(built.Failed) != 1 || built.Failed[0].ID != "<second>" || !strings.Contains(built.Failed[0].Reason, "unsafe book id") {
			t.Errorf("built %+v", built)
		}
		if len(progress) != 2 || progress[1] != 2 {
			t.Errorf("progress %v", progress)
		}
		rep := readReport(t, out)
		index, book := rep["report/index.html"], rep["report/books/hostile.html"]
		if !strings.Contains(index, "DECILE_0") || !strings.Contains(index, "Figure 1") || !strings.Contains(index, "(no page)") {
			t.Errorf("index lacks the features, Figure 1 or the failed book")
		}
		if !strings.Contains(book, "<h1>Hostile <span class=\"author\">by A &amp; B</span></h1>") || !strings.Contains(book, `class="pick-toggle" value="names"`) {
			t.Errorf("book page lacks its title or the names summary")
		}

		// Without results.json there is nothing to report.
		if _, err := Build(context.Background(), Options{Out: root + "/none"}); err == nil || !strings.Contains(err.Error(), "finished run") {
			t.Errorf("no results.json: %v", err)
		}
	})
}

// TestBuildReplacesReport checks that a rebuild leaves no page of an
// earlier build, nor of a build that was interrupted, in the report.
func TestBuildReplacesReport(t *testing.T) {
	onBothStores(t, func(t *testing.T, root string) {
		out := runFiles(t, root, testResults(), map[string]string{
			"out/report/books/gone.html":     "old",
			"out/report.tmp/books/half.html": "interrupted",
		})
		built, err := Build(context.Background(), Options{Out: out})
		if err != nil {
			t.Fatal(err)
		}
		report := slices.Sorted(maps.Keys(readReport(t, out)))
		if want := []string{"report/books/hostile.html", "report/index.html"}; built.Pages != 1 || !slices.Equal(report, want) {
			t.Errorf("%d pages, report files %v; want %v", built.Pages, report, want)
		}
	})
}
