package fetch_test

import (
	"bytes"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/fetch"
	"github.com/bookalign/bookalign/internal/fetchtest"
	"github.com/bookalign/bookalign/internal/jsonl"
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

// FuzzParseMatches: any input reads or fails cleanly, and what reads is
// written by jsonl.Write as a file that reads back the same.
func FuzzParseMatches(f *testing.F) {
	f.Add([]byte(`{"id":"a","summaries_line":3,"gutenberg_id":84}` + "\n\n"))
	f.Add([]byte(`{"id":"heart-of-darkness","summaries_line":12,"wikipedia_id":1001,"title":"Heart of Darkness","author":"Joseph Conrad","gutenberg_id":219,"ebook_title":"Heart of Darkness","reason":"title and author","book_path":"2/1/219/219-0.txt","book_words":38000,"summary_words":700}` + "\n"))
	f.Add([]byte("{\n"))
	f.Add([]byte(`{"id":"a","gutenberg_id":"84"}`))
	f.Fuzz(func(t *testing.T, in []byte) {
		recs, err := fetch.ParseMatches(in)
		if err != nil {
			if recs != nil {
				t.Fatal("records returned with an error")
			}
			return
		}
		var b bytes.Buffer
		if err := jsonl.Write(&b, recs); err != nil {
			t.Fatal(err)
		}
		back, err := fetch.ParseMatches(b.Bytes())
		if err != nil || !reflect.DeepEqual(back, recs) {
			t.Fatalf("round trip of %+v: %+v, %v", recs, back, err)
		}
	})
}

// FuzzParseMissingList: any input is a list or an error, never a panic; a
// list marshals to a file that parses back to the same bytes, and a file
// whose header is cut short is refused.
func FuzzParseMissingList(f *testing.F) {
	for _, s := range []string{
		fetch.MissingHeader + "\n1342\t2026-11-20\thttps://www.gutenberg.org/cache/epub/1342/pg1342.txt\n11\t2026-11-21\thttps://www.gutenberg.org/files/11/11-0.txt\n",
		fetch.MissingHeader + "\r\n7\t2026-01-02\thttp://h/a%09b\r\n",
		fetch.MissingHeader + "\n0\t2026-11-20\thttp://h/x\n-3\t2026-11-20\thttp://h/y\nx\t2026-11-20\thttp://h/z\n5\t2026-13-01\thttp://h/w\n5\t2026-11-20\t\n5\t2026-11-20\n",
		"ebook\tchecked\n1\t2026-11-20\thttp://h/x\n",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		l, err := fetch.ParseMissingList(strings.NewReader(in))
		if err != nil {
			return
		}
		b := l.Marshal()
		back, err := fetch.ParseMissingList(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%q does not parse back: %v", b, err)
		}
		if again := back.Marshal(); !bytes.Equal(again, b) {
			t.Fatalf("round trip:\n%q\nthen\n%q", b, again)
		}
		if _, err := fetch.ParseMissingList(bytes.NewReader(b[:len(fetch.MissingHeader)-1])); err == nil {
			t.Fatalf("a list whose header is cut short parses")
		}
	})
}

// FuzzParseSize: any text is a size or an error; a size is not negative,
// and its digits read back as the same size.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"64MB", "1.5GB", " 200 kb", "0", "12b", "1e3k", "-1", "MB", "9e30GB", "Inf"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := fetch.ParseSize(s)
		if err != nil {
			return
		}
		if n < 0 {
			t.Fatalf("%q: negative size %d", s, n)
		}
		if back, err := fetch.ParseSize(strconv.FormatInt(n, 10)); err != nil || back != n {
			t.Fatalf("%q = %d, but %d reads as %d, %v", s, n, n, back, err)
		}
	})
}
