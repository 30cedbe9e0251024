package fetch_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/fetch"
	"github.com/bookalign/bookalign/internal/fetchtest"
)

// FuzzParseManifest: any input parses or fails cleanly, and what parses
// survives a round trip.
func FuzzParseManifest(f *testing.F) {
	f.Add(fetch.ManifestHeader + "\na.txt\tfile:///a\t1\t" + digestA + "\n")
	f.Add(fetch.ManifestHeader + "\nsources/x\thttp://h/x\t12\t" + digestB + "\nb\tu\t")
	f.Add("path\turl\n")
	f.Fuzz(func(t *testing.T, in string) {
		m, _, err := fetch.ParseManifest(strings.NewReader(in))
		if err != nil {
			return
		}
		back, bad, err := fetch.ParseManifest(bytes.NewReader(m.Marshal()))
		if err != nil || bad != 0 || len(back.Compare(m)) != 0 {
			t.Fatalf("round trip: %d bad, %v, diffs %v", bad, err, back.Compare(m))
		}
		for _, e := range back.Entries() {
			if !fetch.ValidPath(e.Path) {
				t.Fatalf("path %q accepted", e.Path)
			}
		}
	})
}

// FuzzExtractMember: any bytes give the member or an error, never a panic.
func FuzzExtractMember(f *testing.F) {
	f.Add(fetchtest.Archive(f, map[string][]byte{"booksummaries/booksummaries.txt": []byte("1\t/m/0\tT\tA\t\t\tS\n")}))
	f.Add(fetchtest.Archive(f, map[string][]byte{"other.txt": []byte("x")}))
	f.Add([]byte("\x1f\x8b\x08\x00"))
	f.Fuzz(func(t *testing.T, in []byte) {
		var out bytes.Buffer
		n, err := fetch.ExtractMember(bytes.NewReader(in), fetch.SummariesMember, &out)
		if err == nil && n != int64(out.Len()) {
			t.Fatalf("reported %d bytes, wrote %d", n, out.Len())
		}
	})
}

// FuzzReadPairs: any input reads or fails cleanly.
func FuzzReadPairs(f *testing.F) {
	f.Add(`{"id":"a","summaries_line":3,"gutenberg_id":84}` + "\n\n")
	f.Add("{\n")
	f.Fuzz(func(t *testing.T, in string) {
		pairs, err := fetch.ReadPairs(strings.NewReader(in))
		if err != nil && pairs != nil {
			t.Fatal("pairs returned with an error")
		}
	})
}
