package match

import (
	"reflect"
	"testing"
)

func TestBookPaths(t *testing.T) {
	if got, want := BookPaths(84), []string{"84.txt", "84/84-0.txt", "84/84.txt", "8/84/84-0.txt", "8/84/84.txt"}; !reflect.DeepEqual(got, want) {
		t.Errorf("BookPaths(84) = %q, want %q", got, want)
	}
	if got := BookPaths(7)[3]; got != "0/7/7-0.txt" {
		t.Errorf("tree path of 7: %q", got)
	}
	if got := BookPaths(12345)[4]; got != "1/2/3/4/12345/12345.txt" {
		t.Errorf("tree path of 12345: %q", got)
	}
}

func TestLocateBook(t *testing.T) {
	// A mirror made in the test: one flat file, one in Gutenberg's layout,
	// one in the rsync tree, and noise.
	files := map[string]bool{"11.txt": true, "84/84-0.txt": true, "84/84-8.txt": true, "1/2/3/4/12345/12345.txt": true, "219/219-h/219-h.htm": true, "readme.txt": true}
	exists := func(rel string) bool { return files[rel] }
	for n, want := range map[int]string{11: "11.txt", 84: "84/84-0.txt", 12345: "1/2/3/4/12345/12345.txt", 219: "", 1: ""} {
		got, ok := LocateBook(n, exists)
		if got != want || ok != (want != "") {
			t.Errorf("LocateBook(%d) = %q, %v; want %q", n, got, ok, want)
		}
	}
}
