package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestAssign: the split is deterministic, holds at least n books unseen,
// keeps a group's books on one side, and another salt gives another split.
func TestAssign(t *testing.T) {
	var ids, groups []string
	for i := range 40 {
		id := "b" + string(rune('a'+i/26)) + string(rune('a'+i%26))
		ids = append(ids, id)
		groups = append(groups, id)
	}
	groups[5], groups[6], groups[7] = ids[5], ids[5], ids[5] // one text under three ids
	for _, n := range []int{1, 10, 39} {
		a, b := assign(ids, groups, n, "s"), assign(ids, groups, n, "s")
		if !slices.Equal(a, b) {
			t.Fatalf("n %d: two splits differ", n)
		}
		count := 0
		for _, u := range a {
			if u {
				count++
			}
		}
		if count < n || count > n+2 {
			t.Errorf("n %d: %d unseen", n, count)
		}
		if a[5] != a[6] || a[5] != a[7] {
			t.Errorf("n %d: a shared text split across sides: %v", n, a[5:8])
		}
	}
	if slices.Equal(assign(ids, groups, 10, "s"), assign(ids, groups, 10, "t")) {
		t.Error("another salt, the same split")
	}
}

func TestCarry(t *testing.T) {
	dir := t.TempDir()
	head := "method,id," + strings.Join(columns[:], ",") + "\n"
	write := func(name, rows string) string {
		d := filepath.Join(dir, name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "per_book.csv"), []byte(head+rows), 0o644); err != nil {
			t.Fatal(err)
		}
		return d
	}
	db := write("db", "token,a,0.5,0.1,0.3,0.05\ntoken,b,0.5,0.1,0.3,0.05\nnames,a,0,0,0,0\n")
	dc := write("dc", "token,a,0.5,0.1,0.32,0.06\ntoken,b,0.5,0.1,0.32,0.06\n")
	ub := write("ub", "token,c,0.5,0.1,0.3,0.05\n")
	uc := write("uc", "token,c,0.49,0.1,0.31,0.06\n")
	var out strings.Builder
	if err := carryMain(&out, []string{db, dc, ub, uc}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| content ROUGE-1 | +2.00 | +1.00 | 0.50 |", "| content ROUGE-2 | +1.00 | +1.00 | 1.00 |", "| ROUGE-1 | +0.00 | -1.00 | – (no dev gain) |"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
	for name, args := range map[string][]string{
		"three runs":     {db, dc, ub},
		"other books":    {db, ub, ub, uc},
		"missing method": {db, dc, ub, write("x", "names,c,0,0,0,0\n")},
		"no run":         {db, dc, ub, filepath.Join(dir, "none")},
		"bad number":     {db, dc, ub, write("y", "token,c,x,0,0,0\n")},
	} {
		if err := carryMain(&out, args); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestSplitRefuses is the split's hostile round: no output directory, two,
// an unseen part of no book or of every book, a corpus without pairs.tsv.
func TestSplitRefuses(t *testing.T) {
	dir := t.TempDir()
	corpus := filepath.Join(dir, "c")
	if err := os.MkdirAll(corpus, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(corpus, "pairs.tsv"), []byte("id\ttitle\na\tA\nb\tB\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for name, args := range map[string][]string{
		"no output":     {"-corpus", corpus},
		"two outputs":   {"-corpus", corpus, "x", "y"},
		"unseen 0":      {"-corpus", corpus, "-unseen", "0", dir},
		"unseen all":    {"-corpus", corpus, "-unseen", "2", dir},
		"unseen -1":     {"-corpus", corpus, "-unseen", "-1", dir},
		"unseen huge":   {"-corpus", corpus, "-unseen", "99999999999999999999", dir},
		"unseen string": {"-corpus", corpus, "-unseen", "many", dir},
		"no corpus":     {"-corpus", filepath.Join(dir, "none"), dir},
		"no book files": {"-corpus", corpus, "-unseen", "1", filepath.Join(dir, "out")},
	} {
		if err := splitMain(&out, args); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
