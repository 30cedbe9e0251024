package fetch

import (
	"path"
	"strconv"
	"strings"

	"github.com/bookalign/bookalign/match"
)

// Where the sources live. Each is the default of a flag of `bookalign
// fetch`.
const (
	// CMUArchive is the CMU Book Summary Dataset (Bamman and Smith).
	CMUArchive = "http://www.cs.cmu.edu/~dbamman/data/booksummaries.tar.gz"
	// GutenbergCatalog is Project Gutenberg's catalog of every ebook.
	GutenbergCatalog = "https://www.gutenberg.org/cache/epub/feeds/pg_catalog.csv"
	// GutenbergSite is the base of gutenberg.org's own layout of texts.
	GutenbergSite = "https://www.gutenberg.org"
	// ThesaurusEbook is Roget's Thesaurus (1911), the Token HMM's synonyms.
	ThesaurusEbook = 10681
)

// SiteURLs returns where gutenberg.org's own layout, rooted at base, keeps
// the plain text of ebook n: base/cache/epub/<n>/pg<n>.txt, the UTF-8 text
// made from the ebook's master file.
func SiteURLs(base string, n int) []string {
	s := strconv.Itoa(n)
	return []string{strings.TrimRight(base, "/") + "/cache/epub/" + s + "/pg" + s + ".txt"}
}

// MirrorURLs returns, in order of preference, where a mirror of Project
// Gutenberg's main collection (rsync module "gutenberg"), rooted at base,
// keeps the plain text of ebook n. Its directories are made of the digits
// of n but the last, then n itself (ebook 12345 under 1/2/3/4/12345/;
// one-digit ebooks under 0/), as https://www.gutenberg.org/help/mirroring.html
// describes; the files are <n>-0.txt (UTF-8), <n>.txt (ASCII) and
// <n>-8.txt (ISO-8859-1), which match refuses unless it is also valid
// UTF-8.
func MirrorURLs(base string, n int) []string {
	s := strconv.Itoa(n)
	// The rsync tree's UTF-8 path is the fourth of match.BookPaths.
	dir := strings.TrimRight(base, "/") + "/" + path.Dir(match.BookPaths(n)[3]) + "/"
	return []string{dir + s + "-0.txt", dir + s + ".txt", dir + s + "-8.txt"}
}

// BookFile is where a fetch directory keeps ebook n: sources/gutenberg/<n>.txt,
// a flat mirror that `bookalign match --books` reads.
func BookFile(n int) string { return BooksDir + "/" + strconv.Itoa(n) + ".txt" }

// Paths in a fetch directory.
const (
	// SourcesDir holds what was downloaded.
	SourcesDir = "sources"
	// BooksDir holds the texts of the matched ebooks.
	BooksDir = SourcesDir + "/gutenberg"
	// ThesaurusDir holds Roget's Thesaurus as align.LoadThesaurus reads it.
	ThesaurusDir = "thesaurus"
)
