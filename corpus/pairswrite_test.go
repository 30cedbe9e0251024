package corpus

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bookalign/bookalign/internal/golden"
)

// goldenRows are the rows of testdata/pairs.golden.tsv, which was written
// by the formatting that `bookalign match` used before WritePairs, so that
// the file match writes stays byte for byte the same.
var goldenRows = []PairRow{
	{ID: "animal-farm", Title: "Animal Farm", Author: "George Orwell", Ebook: 9001, WikipediaID: 620, BookWords: 30210, SummaryWords: 412,
		SummarySource: "Wikipedia dump enwiki-20240101-pages-articles.xml.bz2, Wikipedia page 620", BookSource: "Project Gutenberg #9001: 9001.txt"},
	{ID: "the-time-machine", Title: "The Time\tMachine", Author: "H. G.\nWells", Ebook: 35, WikipediaID: 30001, BookWords: 32000, SummaryWords: 57,
		SummarySource: "Wikipedia dump x\r\ny, Wikipedia page 30001", BookSource: "Project Gutenberg #35: 35/35-0.txt"},
	{ID: "cien-anos", Title: " Cien años de soledad ", Author: "Gabriel García Márquez",
		SummarySource: ", Wikipedia page 0", BookSource: "Project Gutenberg #0: "},
}

func TestWritePairsGolden(t *testing.T) {
	var got bytes.Buffer
	if err := WritePairs(&got, goldenRows); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "pairs.golden.tsv", got.Bytes())
}

func TestWritePairsRoundTrip(t *testing.T) {
	checkRoundTrip(t, goldenRows)
	checkRoundTrip(t, nil)
}

// checkRoundTrip writes rows, reads them back with ParsePairs and checks
// that every row comes back, in order, with its id, title and author (with
// tabs and line breaks made spaces, and trimmed, as the reader trims), and
// that each line splits into the nine columns written.
func checkRoundTrip(t *testing.T, rows []PairRow) {
	t.Helper()
	var buf bytes.Buffer
	if err := WritePairs(&buf, rows); err != nil {
		t.Fatal(err)
	}
	pairs, bad, err := ParsePairs(bytes.NewReader(buf.Bytes()))
	if err != nil || len(bad) != 0 {
		t.Fatalf("ParsePairs: %v, %v\n%q", err, bad, buf.String())
	}
	if len(pairs) != len(rows) {
		t.Fatalf("%d rows written, %d read\n%q", len(rows), len(pairs), buf.String())
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if lines[0] != PairsHeader {
		t.Errorf("header %q", lines[0])
	}
	for i, r := range rows {
		want := Pair{Row: i + 2, ID: r.ID, Title: strings.TrimSpace(fieldCleaner.Replace(r.Title)), Author: strings.TrimSpace(fieldCleaner.Replace(r.Author))}
		if pairs[i] != want {
			t.Errorf("row %d: read %+v, want %+v", i, pairs[i], want)
		}
		cols := strings.Split(lines[i+1], "\t")
		wantCols := []string{r.ID, fieldCleaner.Replace(r.Title), fieldCleaner.Replace(r.Author), strconv.Itoa(r.Ebook), strconv.FormatInt(r.WikipediaID, 10),
			strconv.Itoa(r.BookWords), strconv.Itoa(r.SummaryWords), fieldCleaner.Replace(r.SummarySource), fieldCleaner.Replace(r.BookSource)}
		if strings.Join(cols, "|") != strings.Join(wantCols, "|") || len(cols) != len(wantCols) {
			t.Errorf("row %d columns %q, want %q", i, cols, wantCols)
		}
	}
}

// FuzzWritePairs checks the round trip for any text in the text fields of
// two rows with valid, distinct ids.
func FuzzWritePairs(f *testing.F) {
	f.Add("a", "Title", "Author", "source", "book", int64(1), 2)
	f.Add("x.y_z-1", " \tT\r\n", "\n", "\r", "", int64(-5), -1)
	f.Fuzz(func(t *testing.T, id, title, author, source, book string, wikipedia int64, n int) {
		if ValidID(id) != nil || id == "b" {
			return
		}
		for _, s := range []string{title, author, source, book} {
			if !utf8.ValidString(s) || len(s) > 4096 {
				return // the reader refuses invalid UTF-8, with a reason
			}
		}
		checkRoundTrip(t, []PairRow{
			{ID: id, Title: title, Author: author, Ebook: n, WikipediaID: wikipedia, BookWords: n, SummaryWords: -n, SummarySource: source, BookSource: book},
			{ID: "b", Title: author, Author: title, SummarySource: book, BookSource: source},
		})
	})
}
