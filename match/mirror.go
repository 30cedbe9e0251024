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
// true. exists does the I/O (a stat, a GCS attribute lookup), so
// LocateBook itself is pure.
func LocateBook(n int, exists func(rel string) bool) (rel string, ok bool) {
	for _, p := range BookPaths(n) {
		if exists(p) {
			return p, true
		}
	}
	return "", false
}
