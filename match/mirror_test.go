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
	exists := Listing([]string{"./11.txt", "84/84-0.txt", "84/84-8.txt", "1/2/3/4/12345/12345.txt", "219/219-h/219-h.htm", "readme.txt"})
	for n, want := range map[int]string{11: "11.txt", 84: "84/84-0.txt", 12345: "1/2/3/4/12345/12345.txt", 219: "", 1: ""} {
		got, ok := LocateBook(n, exists)
		if got != want || ok != (want != "") {
			t.Errorf("LocateBook(%d) = %q, %v; want %q", n, got, ok, want)
		}
	}
}

func TestEbookOf(t *testing.T) {
	for path, want := range map[string]int{
		"84.txt": 84, "./84.txt": 84, "84/84-0.txt": 84, "84/84.txt": 84, "8/84/84-0.txt": 84,
		"0/7/7.txt": 7, "84/85-0.txt": 0, "84-8.txt": 0, "084.txt": 0, "x/84.txt": 0,
		"84/84-8.txt": 0, "readme.txt": 0, "": 0, "0.txt": 0, "-1.txt": 0,
	} {
		n, ok := EbookOf(path)
		if n != want || ok != (want != 0) {
			t.Errorf("EbookOf(%q) = %d, %v; want %d", path, n, ok, want)
		}
	}
}
