package reprocess

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bookalign/bookalign/internal/testcorpus"
)

func TestCheckEnd(t *testing.T) {
	xml := "<mediawiki>\n<page><title>A</title><id>1</id><revision><text>x</text></revision></page>\n</mediawiki>\n"
	whole := testcorpus.Bzip2(t, xml)
	tests := []struct {
		name string
		data []byte
		want string // "" for no error
	}{
		{"x.xml.bz2", whole, ""},
		{"x.xml", []byte(xml), ""},
		{"x.xml.bz2", whole[:len(whole)-2], "end-of-stream marker"},
		{"x.xml.bz2", testcorpus.Bzip2(t, xml[:len(xml)-8]), "does not end with </mediawiki>"},
		{"x.xml", []byte(xml[:len(xml)-5]), "does not end with </mediawiki>"},
		{"x.xml", nil, "does not end with </mediawiki>"},
	}
	for i, tt := range tests {
		err := CheckEnd(tt.name, bytes.NewReader(tt.data), int64(len(tt.data)))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%d %s: %v", i, tt.name, err)
		case tt.want != "" && (!errors.Is(err, ErrIncomplete) || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%d %s: err %v, want ErrIncomplete with %q", i, tt.name, err, tt.want)
		}
	}
}

func TestCheckIndex(t *testing.T) {
	a, b := testcorpus.Bzip2(t, "<mediawiki>"), testcorpus.Bzip2(t, "<page/></mediawiki>")
	dump := append(bytes.Clone(a), b...)
	r := bytes.NewReader(dump)
	size := int64(len(dump))
	if err := CheckIndex("d", r, size, []int64{int64(len(a))}); err != nil {
		t.Error(err)
	}
	for _, tt := range []struct {
		offsets []int64
		want    string
	}{
		{nil, "names no stream"},
		{[]int64{int64(len(a)), size, size + 10}, "names 2 streams at or past that"},
		{[]int64{int64(len(a)) + 1}, "no bzip2 stream starts at byte"},
	} {
		if err := CheckIndex("d", r, size, tt.offsets); !errors.Is(err, ErrIncomplete) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("offsets %v: err %v, want %q", tt.offsets, err, tt.want)
		}
	}
}

func TestParseChecksums(t *testing.T) {
	in := "da39a3ee5e6b4b0d3255bfef95601890afd80709  enwiki-20240601-pages-articles.xml.bz2\n\n" +
		"D41D8CD98F00B204E9800998ECF8427E *enwiki-20240601-pages-articles-multistream-index.txt.bz2\r\n"
	got, err := ParseChecksums(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got["enwiki-20240601-pages-articles.xml.bz2"] != "da39a3ee5e6b4b0d3255bfef95601890afd80709" ||
		got["enwiki-20240601-pages-articles-multistream-index.txt.bz2"] != "d41d8cd98f00b204e9800998ecf8427e" {
		t.Errorf("ParseChecksums = %v", got)
	}
	for _, bad := range []string{"xyz  file\n", "da39a3ee5e6b4b0d3255bfef95601890afd80709\n", "da39a3ee  file\n"} {
		if _, err := ParseChecksums(strings.NewReader(bad)); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func FuzzParseChecksums(f *testing.F) {
	f.Add("da39a3ee5e6b4b0d3255bfef95601890afd80709  a.bz2\n")
	f.Add("d41d8cd98f00b204e9800998ecf8427e *b\n\n")
	f.Fuzz(func(t *testing.T, s string) {
		sums, err := ParseChecksums(strings.NewReader(s))
		if err != nil {
			return
		}
		for name, d := range sums {
			if name == "" || strings.ContainsAny(name, " \t\n") || (len(d) != 32 && len(d) != 40) || strings.ToLower(d) != d {
				t.Errorf("entry %q → %q", name, d)
			}
		}
	})
}

func TestContentKey(t *testing.T) {
	at := time.Date(2024, 6, 1, 0, 0, 0, 0, time.UTC)
	base := ContentKey(10, at, []byte("head"), []byte("tail"))
	for name, k := range map[string]string{
		"size":  ContentKey(11, at, []byte("head"), []byte("tail")),
		"time":  ContentKey(10, at.Add(time.Nanosecond), []byte("head"), []byte("tail")),
		"head":  ContentKey(10, at, []byte("hexd"), []byte("tail")),
		"tail":  ContentKey(10, at, []byte("head"), []byte("taol")),
		"split": ContentKey(10, at, []byte("headt"), []byte("ail")),
	} {
		if k == base {
			t.Errorf("a change of %s leaves the key as it was", name)
		}
	}
	if ContentKey(10, at, []byte("head"), []byte("tail")) != base || ContentKey(1, time.Time{}, nil, nil) == "" {
		t.Error("the key is not a function of its inputs")
	}
}
