package fetch_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/fetch"
)

const digestA = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
const digestB = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"

func TestManifestRoundTrip(t *testing.T) {
	m := fetch.NewManifest()
	m.Put(fetch.Entry{Path: "sources/b.txt", URL: "https://example.org/b\tx", Size: 2, SHA256: digestB})
	m.Put(fetch.Entry{Path: "a.txt", URL: "file:///a", Size: 1, SHA256: digestA})
	text := string(m.Marshal())
	want := fetch.ManifestHeader + "\na.txt\tfile:///a\t1\t" + digestA + "\nsources/b.txt\thttps://example.org/b%09x\t2\t" + digestB + "\n"
	if text != want {
		t.Fatalf("marshalled:\n%s\nwant:\n%s", text, want)
	}
	back, bad, err := fetch.ParseManifest(strings.NewReader(text))
	if err != nil || bad != 0 || len(back.Entries()) != 2 {
		t.Fatalf("parsed %v, %d bad, %v", back, bad, err)
	}
	if diffs := back.Compare(m); len(diffs) != 0 {
		t.Errorf("a manifest differs from its own parse: %v", diffs)
	}
}

func TestParseManifest(t *testing.T) {
	h := fetch.ManifestHeader + "\n"
	tests := []struct {
		name    string
		in      string
		entries int
		bad     int
		err     error
	}{
		{"empty", "", 0, 0, fetch.ErrManifest},
		{"no header", "a\tb\t1\t" + digestA + "\n", 0, 0, fetch.ErrManifest},
		{"header only", h, 0, 0, nil},
		{"later row wins", h + "a\tu1\t1\t" + digestA + "\na\tu2\t2\t" + digestB + "\n", 1, 0, nil},
		{"row cut short by a kill", h + "a\tu\t1\t" + digestA + "\nb\tu\t2\tbbbb", 1, 1, nil},
		{"path leaving the directory", h + "../a\tu\t1\t" + digestA + "\n", 0, 1, nil},
		{"absolute path", h + "/etc/a\tu\t1\t" + digestA + "\n", 0, 1, nil},
		{"negative size", h + "a\tu\t-1\t" + digestA + "\n", 0, 1, nil},
		{"upper-case digest", h + "a\tu\t1\t" + strings.ToUpper(digestA) + "\n", 0, 1, nil},
		{"CRLF", strings.ReplaceAll(h+"a\tu\t1\t"+digestA+"\n", "\n", "\r\n"), 1, 0, nil},
	}
	for _, tc := range tests {
		m, bad, err := fetch.ParseManifest(strings.NewReader(tc.in))
		if !errors.Is(err, tc.err) {
			t.Errorf("%s: err %v, want %v", tc.name, err, tc.err)
			continue
		}
		if err != nil {
			continue
		}
		if len(m.Entries()) != tc.entries || bad != tc.bad {
			t.Errorf("%s: %d entries, %d bad; want %d, %d", tc.name, len(m.Entries()), bad, tc.entries, tc.bad)
		}
	}
}

func TestManifestCompare(t *testing.T) {
	pinned, now := fetch.NewManifest(), fetch.NewManifest()
	pinned.Put(fetch.Entry{Path: "same", URL: "u", Size: 1, SHA256: digestA})
	now.Put(fetch.Entry{Path: "same", URL: "mirror", Size: 1, SHA256: digestA})
	pinned.Put(fetch.Entry{Path: "changed", URL: "u", Size: 1, SHA256: digestA})
	now.Put(fetch.Entry{Path: "changed", URL: "u", Size: 1, SHA256: digestB})
	pinned.Put(fetch.Entry{Path: "gone", URL: "u", Size: 1, SHA256: digestA})
	now.Put(fetch.Entry{Path: "new", URL: "u", Size: 1, SHA256: digestA})
	// ROUGE's data, copied from the binary: absent from a manifest pinned
	// before fetch wrote it, which is no difference; changed, which is.
	now.Put(fetch.Entry{Path: "rouge/a", URL: fetch.RougeSource("a"), Size: 1, SHA256: digestA})
	now.Put(fetch.Entry{Path: "rouge/b", URL: fetch.RougeSource("b"), Size: 1, SHA256: digestB})
	pinned.Put(fetch.Entry{Path: "rouge/b", URL: fetch.RougeSource("b"), Size: 1, SHA256: digestA})
	diffs := now.Compare(pinned)
	want := []string{"changed: 1 bytes sha256 " + digestB + ", pinned 1 bytes sha256 " + digestA,
		"gone: in the pinned manifest, not fetched", "rouge/b: 1 bytes sha256 " + digestB + ", pinned 1 bytes sha256 " + digestA,
		"new: fetched, not in the pinned manifest"}
	if strings.Join(diffs, "\n") != strings.Join(want, "\n") {
		t.Errorf("diffs:\n%s\nwant:\n%s", strings.Join(diffs, "\n"), strings.Join(want, "\n"))
	}
}
