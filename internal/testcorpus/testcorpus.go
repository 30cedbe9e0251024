// Package testcorpus writes small corpora for tests: a few readable pairs
// plus, on request, one pair of every kind of bad input the pipeline must
// reject with a reason.
package testcorpus

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// Files maps a corpus-relative path ("pairs.tsv", "books/a.txt") to its
// content.
type Files map[string][]byte

// WriteTo writes the files under dir.
func (f Files) WriteTo(dir string) error {
	for name, b := range f {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Good returns a corpus of n readable pairs ("book-00", "book-01", ...),
// each book about 2,000 words and each summary about 120, with a header row.
// The texts are made from a seeded generator, so equal n gives equal files.
func Good(n int) Files {
	f := Files{}
	var rows []string
	for i := range n {
		id := fmt.Sprintf("book-%02d", i)
		rng := rand.New(rand.NewPCG(uint64(i), 42))
		book := prose(rng, 2000)
		if i%2 == 1 {
			book = "The Project Gutenberg EBook of Book " + id + "\n\n" +
				"*** START OF THIS PROJECT GUTENBERG EBOOK BOOK ***\n\n\n" + book +
				"\n\n*** END OF THIS PROJECT GUTENBERG EBOOK BOOK ***\n\nLicence text here.\n"
		}
		f["books/"+id+".txt"] = []byte(book)
		f["summaries/"+id+".txt"] = []byte(prose(rng, 120))
		rows = append(rows, fmt.Sprintf("%s\tBook %d\tAuthor %d", id, i, i))
	}
	f["pairs.tsv"] = []byte("id\ttitle\tauthor\n" + strings.Join(rows, "\n") + "\n")
	return f
}

// Bad returns Good(n) plus one pair of each kind of bad input, and the
// number of rejects the pipeline must report, keyed by stage.
func Bad(n int) (f Files, rejects map[string]int) {
	f = Good(n)
	rng := rand.New(rand.NewPCG(99, 42))
	rows := []string{
		"too-few-columns\tOnly a title",
		"no-book\tNo Book\tA",
		"no-summary\tNo Summary\tA",
		"bad-utf8\tBad\tA",
		"empty-book\tEmpty\tA",
		"short-book\tShort\tA",
		"book-00\tDuplicate\tA",
		"../escape\tEscape\tA",
		"/etc/passwd\tAbsolute\tA",
		"has space\tSpace\tA",
	}
	f["summaries/no-book.txt"] = []byte(prose(rng, 120))
	f["books/no-summary.txt"] = []byte(prose(rng, 2000))
	f["books/bad-utf8.txt"] = append([]byte(prose(rng, 1000)), 0xff, 0xfe, ' ', 'x')
	f["summaries/bad-utf8.txt"] = []byte(prose(rng, 120))
	f["books/empty-book.txt"] = []byte(" \n\n ")
	f["summaries/empty-book.txt"] = []byte(prose(rng, 120))
	f["books/short-book.txt"] = []byte(prose(rng, 50))
	f["summaries/short-book.txt"] = []byte(prose(rng, 120))
	f["pairs.tsv"] = append(f["pairs.tsv"], []byte(strings.Join(rows, "\n")+"\n")...)
	return f, map[string]int{"read-pairs": 5, "load": 4, "filter-by-length": 1}
}

var vocab = strings.Fields(`the of and to a in was he it that his said Kurtz Marlow river
station ivory manager steamer jungle darkness company agent pilgrims boat ship
sea London Thames night light silence voice heart man woman Intended death
cried looked went came saw knew thought felt told found great little old long`)

// prose returns about words words of sentence-shaped text in paragraphs.
func prose(rng *rand.Rand, words int) string {
	var b strings.Builder
	for w := 0; w < words; {
		n := 5 + rng.IntN(15)
		for i := range n {
			word := vocab[rng.IntN(len(vocab))]
			if i == 0 {
				word = strings.ToUpper(word[:1]) + word[1:]
			}
			b.WriteString(word)
			if i < n-1 {
				b.WriteByte(' ')
			}
		}
		w += n
		b.WriteString(". ")
		if rng.IntN(6) == 0 {
			b.WriteString("\n\n")
		}
	}
	return b.String()
}
