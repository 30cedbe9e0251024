package text

import (
	"bufio"
	"html"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
)

// corpusBook is one pair of the shared development corpus.
type corpusBook struct {
	id           string
	raw          string // books/<id>.txt
	summary      string // summaries/<id>.txt
	bookWords    int    // pairs.tsv book_words
	summaryWords int    // pairs.tsv summary_words
	header       bool   // book_meta.tsv pg_header_present
}

var (
	corpusOnce  sync.Once
	corpusBooks []corpusBook
	corpusErr   error
)

// loadCorpus reads the shared corpus once for all the tests of the package,
// skipping the test when the shared directory is absent.
func loadCorpus(tb testing.TB) []corpusBook {
	tb.Helper()
	dir := sharedtest.Path(tb, "corpus")
	corpusOnce.Do(func() { corpusBooks, corpusErr = readCorpus(dir) })
	if corpusErr != nil {
		tb.Fatal(corpusErr)
	}
	return corpusBooks
}

func readCorpus(dir string) ([]corpusBook, error) {
	header := map[string]bool{}
	meta, err := readTSV(filepath.Join(dir, "book_meta.tsv"))
	if err != nil {
		return nil, err
	}
	for _, r := range meta {
		header[r["id"]] = strings.HasPrefix(r["pg_header_present"], "yes")
	}
	pairs, err := readTSV(filepath.Join(dir, "pairs.tsv"))
	if err != nil {
		return nil, err
	}
	var books []corpusBook
	for _, r := range pairs {
		b := corpusBook{id: r["id"], header: header[r["id"]]}
		if b.bookWords, err = strconv.Atoi(r["book_words"]); err != nil {
			return nil, err
		}
		if b.summaryWords, err = strconv.Atoi(r["summary_words"]); err != nil {
			return nil, err
		}
		raw, err := os.ReadFile(filepath.Join(dir, "books", b.id+".txt"))
		if err != nil {
			return nil, err
		}
		sum, err := os.ReadFile(filepath.Join(dir, "summaries", b.id+".txt"))
		if err != nil {
			return nil, err
		}
		b.raw, b.summary = string(raw), string(sum)
		books = append(books, b)
	}
	return books, nil
}

// readTSV reads a tab-separated file with a header row into maps.
func readTSV(path string) ([]map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var cols []string
	var rows []map[string]string
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if cols == nil {
			cols = fields
			continue
		}
		r := map[string]string{}
		for i, c := range cols {
			if i < len(fields) {
				r[c] = fields[i]
			}
		}
		rows = append(rows, r)
	}
	return rows, sc.Err()
}

// findBook returns the corpus book with the given id.
func findBook(tb testing.TB, id string) corpusBook {
	tb.Helper()
	for _, b := range loadCorpus(tb) {
		if b.id == id {
			return b
		}
	}
	tb.Fatalf("book %q is not in the corpus", id)
	return corpusBook{}
}

// asciiCountWords counts non-stopword tokens as the corpus's own counts
// were made (README.txt): [A-Za-z0-9]+ runs joined by internal ' or ’,
// lower-cased. It differs from CountWords only on letters and digits
// outside ASCII.
func asciiCountWords(s string) int {
	isWord := func(i int) bool { return i < len(s) && s[i] < 0x80 && asciiWord[s[i]] }
	n := 0
	for i := 0; i < len(s); {
		if !isWord(i) {
			i++
			continue
		}
		start := i
		for {
			for isWord(i) {
				i++
			}
			if i < len(s) && s[i] == '\'' && isWord(i+1) {
				i++
				continue
			}
			if strings.HasPrefix(s[i:], rightQuote) && isWord(i+len(rightQuote)) {
				i += len(rightQuote)
				continue
			}
			break
		}
		if !isStopwordToken(s[start:i]) {
			n++
		}
	}
	return n
}

// TestCorpusCountWords checks CountWords against pairs.tsv's book_words and
// summary_words. Those were counted over ASCII letters and digits only, so
// asciiCountWords must match them exactly (on raw Gutenberg files within a
// few words: the corpus counted the "End of the Project Gutenberg EBook"
// line and the production credits, which GutenbergBody drops), and
// CountWords may differ only where a word has a letter outside ASCII:
// "Andrásfalva" is one token here and two there ("andr", "sfalva").
func TestCorpusCountWords(t *testing.T) {
	t.Parallel()
	books := loadCorpus(t)
	var exact, within01, within1, total int
	for _, b := range books {
		body := GutenbergBody(b.raw)
		text := b.raw[body.Start:body.End]
		ref, got := asciiCountWords(text), CountWords(text)
		switch {
		case !b.header && ref != b.bookWords:
			t.Errorf("%s: ASCII count of body = %d, pairs.tsv book_words = %d", b.id, ref, b.bookWords)
		case b.header && (ref > b.bookWords || b.bookWords-ref > 20):
			t.Errorf("%s: ASCII count of body = %d, pairs.tsv book_words = %d (raw file: want a few fewer)", b.id, ref, b.bookWords)
		}
		if isASCII(text) && got != ref {
			t.Errorf("%s: body is ASCII but CountWords = %d, ASCII count = %d", b.id, got, ref)
		}
		if s := asciiCountWords(b.summary); s != b.summaryWords {
			t.Errorf("%s: ASCII count of summary = %d, pairs.tsv summary_words = %d", b.id, s, b.summaryWords)
		}
		// pairs.tsv counts "&#34;" as the word "34"; CountWords reads a
		// character reference as its character (entityAt).
		if got, want := CountWords(b.summary), asciiCountWords(html.UnescapeString(b.summary)); rel(got, want) > 0.05 {
			t.Errorf("%s: CountWords(summary) = %d, ASCII count of the summary with references decoded = %d", b.id, got, want)
		}
		d := rel(got, b.bookWords)
		total++
		if got == b.bookWords {
			exact++
		}
		if d <= 0.001 {
			within01++
		}
		if d <= 0.01 {
			within1++
		} else {
			t.Logf("%s: CountWords = %d, pairs.tsv book_words = %d (%.2f%%; letters outside ASCII)", b.id, got, b.bookWords, 100*d)
		}
		if d > 0.02 {
			t.Errorf("%s: CountWords = %d, pairs.tsv book_words = %d: off by %.2f%%", b.id, got, b.bookWords, 100*d)
		}
	}
	t.Logf("CountWords vs pairs.tsv book_words over %d books: %d exact, %d within 0.1%%, %d within 1%%", total, exact, within01, within1)
	if within1 < total-5 {
		t.Errorf("only %d of %d books within 1%% of pairs.tsv", within1, total)
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// rel returns |got-want| / want.
func rel(got, want int) float64 {
	d := float64(got - want)
	if d < 0 {
		d = -d
	}
	return d / float64(max(want, 1))
}
