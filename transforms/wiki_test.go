package transforms

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/testcorpus"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/bookalign/bookalign/wiki"
)

// testDump writes a multistream dump of n pages, perStream pages a
// stream, and returns its path and the stream offsets.
func testDump(t *testing.T, n, perStream int) (string, []int64) {
	t.Helper()
	var d []byte
	var offs []int64
	d = append(d, bz2(t, "<mediawiki>\n")...)
	for i := 1; i <= n; i += perStream {
		offs = append(offs, int64(len(d)))
		var x strings.Builder
		for id := i; id < i+perStream && id <= n; id++ {
			fmt.Fprintf(&x, "<page><title>P%d</title><ns>0</ns><id>%d</id><revision><text>text %d</text></revision></page>\n", id, id, id)
		}
		d = append(d, bz2(t, x.String())...)
	}
	d = append(d, bz2(t, "</mediawiki>\n")...)
	path := filepath.Join(t.TempDir(), "dump.xml.bz2")
	if err := os.WriteFile(path, d, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, offs
}

func bz2(t *testing.T, data string) []byte { return testcorpus.Bzip2(t, data) }

func TestPlanChunks(t *testing.T) {
	offs := []int64{10, 20, 30, 40, 50}
	got := PlanChunks("d", offs, 60, 25)
	want := []WikiChunk{
		{Dump: "d", Start: 10, End: 30, Streams: []int64{10, 20}},
		{Dump: "d", Start: 30, End: 50, Streams: []int64{30, 40}},
		{Dump: "d", Start: 50, End: 60, Streams: []int64{50}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("PlanChunks = %+v\nwant %+v", got, want)
	}
	if got := PlanChunks("d", offs, 60, 0); len(got) != 1 || len(got[0].Streams) != 5 {
		t.Errorf("default chunk size: %+v", got)
	}
}

func TestSplitRestriction(t *testing.T) {
	c := WikiChunk{Start: 10, End: 100, Streams: []int64{10, 20, 30, 60, 70}}
	f := &readDumpFn{SplitBytes: 20}
	got := f.SplitRestriction(c, offsetrange.Restriction{Start: 10, End: 100})
	want := []offsetrange.Restriction{{Start: 10, End: 30}, {Start: 30, End: 60}, {Start: 60, End: 100}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SplitRestriction = %v, want %v", got, want)
	}
}

// readRestriction runs the SDF's ProcessElement on one restriction and
// returns the page ids it emits. split, if not nil, is called after each
// page with the tracker, as a runner splitting the work would.
func readRestriction(t *testing.T, c WikiChunk, r offsetrange.Restriction, split func(*sdf.LockRTracker)) []int64 {
	t.Helper()
	rt := sdf.NewLockRTracker(offsetrange.NewTracker(r))
	var ids []int64
	err := (&readDumpFn{}).ProcessElement(context.Background(), rt, c, func(p wiki.Page) {
		ids = append(ids, p.ID)
		if split != nil {
			split(rt)
		}
	}, func(r Reject) { t.Errorf("reject %+v", r) })
	if err != nil {
		t.Fatal(err)
	}
	if !rt.IsDone() || rt.GetError() != nil {
		t.Errorf("restriction %v not done: %v", r, rt)
	}
	return ids
}

// TestReadDumpRestrictions cuts a work item's restriction at arbitrary
// byte positions, including inside streams, and splits it while it is
// read: every page is read exactly once either way.
func TestReadDumpRestrictions(t *testing.T) {
	path, offs := testDump(t, 23, 3)
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	c := PlanChunks(path, offs, info.Size(), 1<<30)[0]
	all := func(ids []int64) string {
		sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
		return fmt.Sprint(ids)
	}
	want := fmt.Sprint([]int64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23})

	for _, cuts := range [][]int64{nil, {offs[2]}, {offs[1] + 7, offs[5] - 1}, {c.Start + 1, offs[3], offs[3] + 1, c.End - 1}} {
		var ids []int64
		start := c.Start
		for _, cut := range append(cuts, c.End) {
			ids = append(ids, readRestriction(t, c, offsetrange.Restriction{Start: start, End: cut}, nil)...)
			start = cut
		}
		if got := all(ids); got != want {
			t.Errorf("cuts %v: pages %s, want %s", cuts, got, want)
		}
	}

	// A runner splits the work after the fourth page: the primary stops at
	// the split point and the residual reads the rest.
	var residual any
	n := 0
	ids := readRestriction(t, c, offsetrange.Restriction{Start: c.Start, End: c.End}, func(rt *sdf.LockRTracker) {
		if n++; n == 4 {
			var err error
			if _, residual, err = rt.TrySplit(0.5); err != nil || residual == nil {
				t.Fatalf("TrySplit: %v, %v", residual, err)
			}
		}
	})
	ids = append(ids, readRestriction(t, c, residual.(offsetrange.Restriction), nil)...)
	if got := all(ids); got != want {
		t.Errorf("dynamic split: pages %s, want %s", got, want)
	}
}

// TestReadDumpCutShort reads, on the test runner (prism), a multistream
// dump cut short under its full index: every stream the index names ends
// in the pages read or in rejects.jsonl, the streams past the end each
// with its own reject and the stream the cut goes through as unreadable.
func TestReadDumpCutShort(t *testing.T) {
	path, offs := testDump(t, 23, 3) // 8 streams: pages 1-3, 4-6, ..., 22-23
	whole, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var index strings.Builder
	for i, o := range offs {
		for id := 3*i + 1; id <= min(3*i+3, 23); id++ {
			fmt.Fprintf(&index, "%d:%d:P%d\n", o, id, id)
		}
	}
	indexPath := filepath.Join(t.TempDir(), "index.txt.bz2")
	if err := os.WriteFile(indexPath, bz2(t, index.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name        string
		cut         int64
		pages       int
		unreadable  []int64
		pastTheEnd  []int64
		firstMissed int64
	}{
		{"at a stream boundary", offs[5], 15, nil, offs[5:], 16},
		{"inside a stream", offs[5] + 10, 15, offs[5:6], offs[6:], 19},
		{"inside the closing stream", int64(len(whole)) - 5, 23, []int64{offs[7]}, nil, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dump := filepath.Join(t.TempDir(), "dump.xml.bz2")
			if err := os.WriteFile(dump, whole[:tt.cut], 0o644); err != nil {
				t.Fatal(err)
			}
			out := t.TempDir()
			p, s := beam.NewPipelineWithRoot()
			chunks, plan := PlanDump(s, dump, indexPath, 0)
			pages, unreadable := ReadDump(s, chunks, 0)
			passert.Count(s, pages, "pages", tt.pages)
			summaries, noPlot, books := ExtractSummaries(s, wiki.Extractor{}, pages)
			WriteExtract(s, out, summaries, books, plan, unreadable, noPlot)
			if err := ptest.Run(p); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(out, "rejects.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			var gotPast, gotUnreadable []int64
			for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
				var r Reject
				if line == "" {
					continue
				}
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatal(err)
				}
				switch {
				case r.Stage == "plan" && r.Reason == "stream past the end of the dump":
					gotPast = append(gotPast, r.Stream)
				case r.Stage == "read" && strings.HasPrefix(r.Reason, "unreadable stream"):
					gotUnreadable = append(gotUnreadable, r.Stream)
				default:
					t.Errorf("unexpected reject %+v", r)
				}
			}
			if fmt.Sprint(gotPast) != fmt.Sprint(tt.pastTheEnd) || fmt.Sprint(gotUnreadable) != fmt.Sprint(tt.unreadable) {
				t.Errorf("streams past the end %v, unreadable %v; want %v and %v\n%s", gotPast, gotUnreadable, tt.pastTheEnd, tt.unreadable, b)
			}
			if tt.firstMissed != 0 && !strings.Contains(string(b), fmt.Sprintf("(the first %d \\\"P%d\\\")", tt.firstMissed, tt.firstMissed)) {
				t.Errorf("no reject names page %d, the first past the end:\n%s", tt.firstMissed, b)
			}
		})
	}
}
