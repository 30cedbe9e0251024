package match

import (
	"strconv"
	"strings"
)

// BookPaths returns the paths, relative to a mirror's root and in order of
// preference, where the plain text of ebook n may be:
//
//	84.txt           a flat mirror, one file per ebook
//	84/84-0.txt      Gutenberg's own layout, UTF-8 text
//	84/84.txt        Gutenberg's own layout, ASCII text
//	8/84/84-0.txt    Gutenberg's rsync tree (each digit but the last a
//	8/84/84.txt      directory; "0/" for one-digit numbers)
//
// Gutenberg's "-8.txt" files (ISO-8859-1) are not listed: they would need
// transcoding. n must be positive.
func BookPaths(n int) []string {
	s := strconv.Itoa(n)
	tree := "0/"
	if len(s) > 1 {
		tree = strings.Join(strings.Split(s[:len(s)-1], ""), "/") + "/"
	}
	return []string{
		s + ".txt",
		s + "/" + s + "-0.txt",
		s + "/" + s + ".txt",
		tree + s + "/" + s + "-0.txt",
		tree + s + "/" + s + ".txt",
	}
}

// LocateBook returns the first of BookPaths(n) for which exists reports
// true. exists does the I/O (a stat, a GCS attribute lookup, or a look-up
// in a listing made once with Listing), so LocateBook itself is pure.
func LocateBook(n int, exists func(rel string) bool) (rel string, ok bool) {
	for _, p := range BookPaths(n) {
		if exists(p) {
			return p, true
		}
	}
	return "", false
}

// Listing returns an exists function for LocateBook over a listing of a
// mirror: paths relative to its root, with '/' separators ("./" prefixes
// are ignored).
func Listing(paths []string) func(rel string) bool {
	set := make(map[string]bool, len(paths))
	for _, p := range paths {
		set[strings.TrimPrefix(p, "./")] = true
	}
	return func(rel string) bool { return set[rel] }
}

// EbookOf returns the ebook number of a path in one of the layouts of
// BookPaths ("84.txt", "84/84-0.txt", "8/84/84.txt"), and false for any
// other path. It lets a pipeline list a mirror once and key its files by
// ebook.
func EbookOf(rel string) (n int, ok bool) {
	rel = strings.TrimPrefix(rel, "./")
	i := strings.LastIndexByte(rel, '/')
	base := rel[i+1:]
	num, found := strings.CutSuffix(base, "-0.txt")
	if !found {
		if num, found = strings.CutSuffix(base, ".txt"); !found {
			return 0, false
		}
	}
	n, err := strconv.Atoi(num)
	if err != nil || n <= 0 || strconv.Itoa(n) != num {
		return 0, false
	}
	for _, p := range BookPaths(n) {
		if p == rel {
			return n, true
		}
	}
	return 0, false
}
