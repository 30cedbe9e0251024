package fetch_test

import (
	"strings"
	"testing"

	"github.com/bookalign/bookalign/fetch"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true},
		{"1234", 1234, true},
		{"100kB", 100e3, true},
		{"64MB", 64e6, true},
		{"64 mb", 64e6, true},
		{"1.5GB", 1.5e9, true},
		{"2g", 2e9, true},
		{"64.0MB", 64e6, true},
		{"", 0, false},
		{"-1", 0, false},
		{"lots", 0, false},
		{"64MiB", 0, false},
		{"NaN", 0, false},
		{"nanMB", 0, false},
		{"Inf", 0, false},
	}
	for _, tc := range tests {
		got, err := fetch.ParseSize(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestLimitsSet(t *testing.T) {
	tests := []struct {
		in      string
		book    int64
		catalog int64
		err     string
	}{
		{"book=1MB", 1e6, 200e6, ""},
		{"book=1MB,catalog=0", 1e6, 0, ""},
		{" Catalog = 5kB ", 64e6, 5e3, ""},
		{"books=1MB", 0, 0, "unknown kind"},
		{"book", 0, 0, "KIND=SIZE"},
		{"book=many", 0, 0, "size"},
	}
	for _, tc := range tests {
		l := fetch.Limits{}
		err := l.Set(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("Set(%q): err %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || l.Max(fetch.KindBook) != tc.book || l.Max(fetch.KindCatalog) != tc.catalog {
			t.Errorf("Set(%q): book %d, catalog %d, %v", tc.in, l.Max(fetch.KindBook), l.Max(fetch.KindCatalog), err)
		}
		back := fetch.Limits{}
		if err := back.Set(l.String()); err != nil || back.String() != l.String() {
			t.Errorf("Set(%q): String %q does not read back (%v)", tc.in, l.String(), err)
		}
	}
	if got := fetch.DefaultLimits.Max(fetch.KindArchive); got != 500e6 {
		t.Errorf("default archive cap %d", got)
	}
}

func TestMissingList(t *testing.T) {
	h := fetch.MissingHeader + "\n"
	in := h + "999\t2024-06-01\thttp://h/a\n999\t2024-06-03\thttp://h/b\n7\tyesterday\thttp://h/c\nnot a row\n"
	l, err := fetch.ParseMissingList(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		urls []string
		day  string
		ok   bool
	}{
		{[]string{"http://h/a", "http://h/b"}, "2024-06-03", true},
		{[]string{"http://h/a"}, "2024-06-01", true},
		{[]string{"http://h/a", "http://h/x"}, "", false},
		{[]string{"http://h/c"}, "", false},
		{nil, "", false},
	}
	for _, tc := range tests {
		if day, ok := l.Known(tc.urls); day != tc.day || ok != tc.ok {
			t.Errorf("Known(%v) = %q, %v; want %q, %v", tc.urls, day, ok, tc.day, tc.ok)
		}
	}
	l.Add(12, "2024-06-04", []string{"http://h/t\tab"})
	want := h + "12\t2024-06-04\thttp://h/t%09ab\n999\t2024-06-01\thttp://h/a\n999\t2024-06-03\thttp://h/b\n"
	if got := string(l.Marshal()); got != want {
		t.Errorf("marshalled:\n%s\nwant:\n%s", got, want)
	}
	if !l.Remove(999) || l.Remove(999) || string(l.Marshal()) != h+"12\t2024-06-04\thttp://h/t%09ab\n" {
		t.Errorf("Remove: left\n%s", l.Marshal())
	}
	if _, err := fetch.ParseMissingList(strings.NewReader("ebook\turl\n")); err == nil {
		t.Error("a list without its header was read")
	}
}
