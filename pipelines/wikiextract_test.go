package pipelines

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/testcorpus"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	//lint:ignore SA1019 the outputs must be byte-identical on the direct runner too, which --runner=direct selects
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/direct"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/bookalign/bookalign/internal/gcstest"
	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/transforms"
	"github.com/bookalign/bookalign/wiki"
	"github.com/fsouza/fake-gcs-server/fakestorage"
)

const wikiFixture = "enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2"

func runWiki(t *testing.T, exec executor, cfg WikiConfig) beam.PipelineResult {
	t.Helper()
	if err := cfg.Check(); err != nil {
		t.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	WikiExtract(s, cfg)
	res, err := exec(context.Background(), p)
	if err != nil {
		t.Fatalf("pipeline failed: %v", err)
	}
	return res
}

// readSummaries parses summaries.tsv.
func readSummaries(t *testing.T, path string) []wiki.Summary {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := wiki.NewSummaryReader(f)
	var out []wiki.Summary
	for {
		s, err := r.Read()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
}

func readWikiRejects(t *testing.T, path string) []transforms.Reject {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []transforms.Reject
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if line == "" {
			continue
		}
		var r transforms.Reject
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("rejects line %q: %v", line, err)
		}
		out = append(out, r)
	}
	return out
}

// TestWikiExtractFixture runs wiki-extract on the real bz2 fixture (206
// pages of enwiki, three of them books) on prism and on the direct runner:
// Animal Farm and Animalia yield summaries, A Modest Proposal is rejected
// for having no plot, no other page is emitted, and the runners agree byte
// for byte.
func TestWikiExtractFixture(t *testing.T) {
	dump := sharedtest.Path(t, "wikidump", wikiFixture)
	outPrism, outDirect := t.TempDir(), t.TempDir()
	res := runWiki(t, prism.Execute, WikiConfig{Dump: dump, Out: outPrism})
	runWiki(t, direct.Execute, WikiConfig{Dump: dump, Out: outDirect})
	compareTrees(t, readTree(t, outPrism), readTree(t, outDirect))

	sums := readSummaries(t, filepath.Join(outPrism, "summaries.tsv"))
	var ids []int64
	for _, s := range sums {
		ids = append(ids, s.WikipediaID)
	}
	if fmt.Sprint(ids) != "[332 620]" {
		t.Fatalf("summaries of pages %v, want [332 620] (Animalia, Animal Farm)", ids)
	}
	if sums[1].Title != "Animal Farm" || sums[1].Author != "George Orwell" || !strings.HasPrefix(sums[1].Text, "Old Major") {
		t.Errorf("Animal Farm: %+v", sums[1])
	}
	if sums[0].Title != "Animalia" || wiki.WordCount(sums[0].Text) < 20 {
		t.Errorf("Animalia: %+v", sums[0])
	}
	rejects := readWikiRejects(t, filepath.Join(outPrism, "rejects.jsonl"))
	if len(rejects) != 1 || rejects[0].WikipediaID != 665 || rejects[0].Stage != "extract" || rejects[0].Reason != "no plot section" {
		t.Errorf("rejects %+v, want A Modest Proposal (665) without a plot section", rejects)
	}
	counters := wikiCounters(res)
	if counters["wiki_pages_read"] != 206 || counters["wiki_book_pages"] != 3 || counters["wiki_summaries"] != 2 || counters["wiki_book_pages_rejected"] != 1 {
		t.Errorf("counters %v", counters)
	}
}

// TestWikiExtractMultistreamFixture rebuilds the first 60 pages of the
// fixture, with Animalia, Animal Farm and A Modest Proposal, as a multistream dump (10
// pages a stream) with its index, and as a plain XML export, and checks
// that the split read (work items of a few streams, split further by the
// SDF) gives exactly the files of the sequential read of the plain export.
func TestWikiExtractMultistreamFixture(t *testing.T) {
	var pages []string
	for i, p := range fixturePages(t, sharedtest.Path(t, "wikidump", wikiFixture)) {
		if id := between(p, "<id>", "</id>"); i < 60 || id == "332" || id == "620" || id == "665" {
			pages = append(pages, p)
		}
	}
	dir := t.TempDir()
	dump, index := writeMultistream(t, dir, "enwiki-20160101-pages-articles-multistream", pages, 10)
	plain := filepath.Join(dir, "enwiki-20160101-pages-articles.xml")
	if err := os.WriteFile(plain, []byte(exportHead+strings.Join(pages, "")+"</mediawiki>\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	seq, split := t.TempDir(), t.TempDir()
	runWiki(t, prism.Execute, WikiConfig{Dump: plain, Out: seq})
	res := runWiki(t, prism.Execute, WikiConfig{Dump: dump, Index: index, Out: split, ChunkBytes: 100 << 10, SplitBytes: 30 << 10})
	compareTrees(t, readTree(t, seq), readTree(t, split))
	if n := len(readSummaries(t, filepath.Join(split, "summaries.tsv"))); n != 2 {
		t.Errorf("%d summaries, want 2", n)
	}
	c, streams := wikiCounters(res), int64(len(pages)+9)/10
	if c["wiki_pages_read"] != int64(len(pages)) || c["wiki_streams_read"] != streams || c["wiki_book_pages"] != 3 {
		t.Errorf("counters %v; want %d pages in %d streams, 3 books", c, len(pages), streams)
	}
}

// TestWikiExtractMultistream runs a multistream dump made in the test, with
// one corrupt stream, on prism and direct: the corrupt stream is one reject
// with its offset, every other page is read once, and the runners agree.
// It needs nothing from ../shared.
func TestWikiExtractMultistream(t *testing.T) {
	var pages []string
	for i := 1; i <= 40; i++ {
		switch i % 4 {
		case 0:
			pages = append(pages, pageXML(i, 0, fmt.Sprintf("Novel %d", i), false, bookText(i, true)))
		case 1:
			pages = append(pages, pageXML(i, 0, fmt.Sprintf("Place %d", i), false, "'''Place''' is a town.\n\n== History ==\nOld."))
		case 2:
			pages = append(pages, pageXML(i, 0, fmt.Sprintf("Essay %d", i), false, bookText(i, false)))
		case 3:
			pages = append(pages, pageXML(i, 1, fmt.Sprintf("Talk:Novel %d", i), false, bookText(i, true)))
		}
	}
	pages = append(pages, pageXML(41, 0, "Novel redirect", true, "#REDIRECT [[Novel 4]]"))
	dir := t.TempDir()
	dump, index := writeMultistream(t, dir, "enwiki-20240101-pages-articles-multistream", pages, 4)

	// Corrupt the third stream (pages 9-12) in the middle.
	b, err := os.ReadFile(dump)
	if err != nil {
		t.Fatal(err)
	}
	idx, err := wiki.IndexStreams(strings.NewReader(readMaybeBz2(t, index)))
	if err != nil {
		t.Fatal(err)
	}
	bad := idx[2].Offset
	mid := bad + (idx[3].Offset-bad)/2
	for i := mid; i < mid+16; i++ {
		b[i] ^= 0x5a
	}
	if err := os.WriteFile(dump, b, 0o644); err != nil {
		t.Fatal(err)
	}

	outPrism, outDirect := t.TempDir(), t.TempDir()
	cfg := WikiConfig{Dump: dump, Index: index, ChunkBytes: 1, SplitBytes: 1}
	cfg.Out = outPrism
	runWiki(t, prism.Execute, cfg)
	cfg.Out = outDirect
	runWiki(t, direct.Execute, cfg)
	compareTrees(t, readTree(t, outPrism), readTree(t, outDirect))

	sums := readSummaries(t, filepath.Join(outPrism, "summaries.tsv"))
	var ids []string
	for _, s := range sums {
		ids = append(ids, strconv.FormatInt(s.WikipediaID, 10))
	}
	// Books are pages 4, 8, ..., 40; 12 is in the corrupt stream.
	if got, want := strings.Join(ids, ","), "4,8,16,20,24,28,32,36,40"; got != want {
		t.Errorf("summaries of pages %s, want %s", got, want)
	}
	rejects := readWikiRejects(t, filepath.Join(outPrism, "rejects.jsonl"))
	var streams, noPlot int
	for _, r := range rejects {
		switch {
		case r.Stage == "read" && r.Stream == bad && r.Reason != "":
			streams++
		case r.Stage == "extract" && r.Reason == "no plot section":
			noPlot++
		default:
			t.Errorf("unexpected reject %+v", r)
		}
	}
	// Essays are pages 2, 6, ..., 38; 10 is in the corrupt stream.
	if streams != 1 || noPlot != 9 {
		t.Errorf("%d stream rejects and %d no-plot rejects, want 1 and 9: %+v", streams, noPlot, rejects)
	}
}

// TestWikiExtractBadIndex reads a dump whose index is not one: the dump is
// read sequentially and a reject says why.
func TestWikiExtractBadIndex(t *testing.T) {
	dir := t.TempDir()
	dump, _ := writeMultistream(t, dir, "enwiki-20240101-pages-articles-multistream",
		[]string{pageXML(4, 0, "Novel 4", false, bookText(4, true))}, 1)
	index := filepath.Join(dir, "index.txt")
	if err := os.WriteFile(index, []byte("not an index\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	runWiki(t, prism.Execute, WikiConfig{Dump: dump, Index: index, Out: out})
	if sums := readSummaries(t, filepath.Join(out, "summaries.tsv")); len(sums) != 1 {
		t.Errorf("%d summaries, want 1", len(sums))
	}
	rejects := readWikiRejects(t, filepath.Join(out, "rejects.jsonl"))
	if len(rejects) != 1 || rejects[0].Stage != "plan" || !strings.Contains(rejects[0].Reason, "sequentially") {
		t.Errorf("rejects %+v", rejects)
	}
}

// TestWikiExtractGCS reads a multistream dump and its index from a fake GCS
// server with ranged reads and writes the outputs there; they equal a run
// on local files.
func TestWikiExtractGCS(t *testing.T) {
	var pages []string
	for i := 1; i <= 12; i++ {
		pages = append(pages, pageXML(i, 0, fmt.Sprintf("Novel %d", i), false, bookText(i, i%3 != 0)))
	}
	dir := t.TempDir()
	dump, index := writeMultistream(t, dir, "enwiki-20240101-pages-articles-multistream", pages, 3)
	srv := gcstest.Start(t)
	srv.CreateBucketWithOpts(fakestorage.CreateBucketOpts{Name: "dumps"})
	srv.CreateBucketWithOpts(fakestorage.CreateBucketOpts{Name: "results"})
	for _, f := range []string{dump, index} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srv.CreateObject(fakestorage.Object{ObjectAttrs: fakestorage.ObjectAttrs{BucketName: "dumps", Name: filepath.Base(f)}, Content: b})
	}
	runWiki(t, prism.Execute, WikiConfig{Dump: "gs://dumps/" + filepath.Base(dump), Index: "gs://dumps/" + filepath.Base(index),
		Out: "gs://results/extract", ChunkBytes: 1, SplitBytes: 1})
	local := t.TempDir()
	runWiki(t, prism.Execute, WikiConfig{Dump: dump, Out: local})
	want := readTree(t, local)
	for name, b := range want {
		obj, err := srv.GetObject("results", "extract/"+name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(obj.Content, b) {
			t.Errorf("%s on GCS differs:\n%s\n---\n%s", name, obj.Content, b)
		}
	}
	if n := len(readSummaries(t, filepath.Join(local, "summaries.tsv"))); n != 8 {
		t.Errorf("%d summaries, want 8", n)
	}
}

// bookText is the wikitext of a novel, with a plot section when plot.
func bookText(i int, plot bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "{{Infobox book\n| name = Novel %d\n| author = Writer %d\n| genre = [[Adventure novel]]\n| pub_date = 1890\n}}\n", i, i)
	fmt.Fprintf(&b, "'''Novel %d''' is a novel.<ref>A source.</ref>\n\n", i)
	if plot {
		fmt.Fprintf(&b, "== Plot ==\nThe hero of novel %d sails to [[France|the coast]] and finds a ''lost'' map.\n\nHe returns home at last.\n\n", i)
	} else {
		b.WriteString("== Themes ==\nIt is about ideas.\n\n")
	}
	b.WriteString("== Reception ==\nWell liked.\n[[Category:1890 novels]]\n")
	return b.String()
}

var xmlEscape = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace

// pageXML returns a <page> element.
func pageXML(id, ns int, title string, redirect bool, text string) string {
	red := ""
	if redirect {
		red = "    <redirect title=\"x\" />\n"
	}
	return fmt.Sprintf("  <page>\n    <title>%s</title>\n    <ns>%d</ns>\n    <id>%d</id>\n%s    <revision>\n      <id>%d</id>\n"+
		"      <text xml:space=\"preserve\">%s</text>\n    </revision>\n  </page>\n", xmlEscape(title), ns, id, red, 1000+id, xmlEscape(text))
}

// fixturePages returns the <page> elements of a dump, rewritten from the
// pages read.
func fixturePages(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in, err := wiki.Decompress(f)
	if err != nil {
		t.Fatal(err)
	}
	r := wiki.NewReader(in)
	var out []string
	for r.Scan() {
		p := r.Page()
		out = append(out, pageXML(int(p.ID), p.Namespace, p.Title, p.Redirect, p.Text))
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

const exportHead = `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/" version="0.10" xml:lang="en">
  <siteinfo>
    <sitename>Wikipedia</sitename>
  </siteinfo>
`

// writeMultistream writes name.xml.bz2 and name-index.txt.bz2 in dir as
// Wikipedia publishes a multistream dump: a stream holding the header, one
// stream per perStream pages, and a last stream holding "</mediawiki>".
func writeMultistream(t *testing.T, dir, name string, pages []string, perStream int) (dump, index string) {
	t.Helper()
	var d []byte
	var idx strings.Builder
	d = append(d, bz2(t, exportHead)...)
	for i := 0; i < len(pages); i += perStream {
		off := len(d)
		group := pages[i:min(i+perStream, len(pages))]
		for _, p := range group {
			id := between(p, "<id>", "</id>")
			title := between(p, "<title>", "</title>")
			fmt.Fprintf(&idx, "%d:%s:%s\n", off, id, title)
		}
		d = append(d, bz2(t, strings.Join(group, ""))...)
	}
	d = append(d, bz2(t, "</mediawiki>\n")...)
	dump = filepath.Join(dir, name+".xml.bz2")
	index = filepath.Join(dir, name+"-index.txt.bz2")
	if err := os.WriteFile(dump, d, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(index, bz2(t, idx.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return dump, index
}

func between(s, a, b string) string {
	_, s, _ = strings.Cut(s, a)
	s, _, _ = strings.Cut(s, b)
	return s
}

func bz2(t *testing.T, data string) []byte { return testcorpus.Bzip2(t, data) }

func readMaybeBz2(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in, err := wiki.Decompress(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(in)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// wikiCounters sums the bookalign counters of a run.
func wikiCounters(res beam.PipelineResult) map[string]int64 {
	out := map[string]int64{}
	if res == nil {
		return out
	}
	for _, c := range res.Metrics().AllMetrics().Counters() {
		if c.Key.Namespace == "bookalign" {
			out[c.Key.Name] += c.Result()
		}
	}
	return out
}
