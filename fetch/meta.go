package fetch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/jsonl"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/match"
	"github.com/bookalign/bookalign/text"
	"github.com/bookalign/bookalign/wiki"
)

// BookMetaHeader is the header of book_meta.tsv, as in the shared corpus.
const BookMetaHeader = "id\tpg_header_present\tgutenberg_id_basis\tcmu_genres"

// maxMatchLine bounds one line of matches.jsonl.
const maxMatchLine = 16 << 20

// ParseMatches reads the matches.jsonl that `bookalign match` writes: one
// match.Record a line, blank lines skipped; an error names the line.
func ParseMatches(b []byte) ([]match.Record, error) {
	recs, err := jsonl.Parse[match.Record](b, maxMatchLine, nil)
	if err != nil {
		return nil, fmt.Errorf("matches.jsonl: %w", err)
	}
	return recs, nil
}

// ReadMatches reads the matches.jsonl of the local corpus dir.
func ReadMatches(dir string) ([]match.Record, error) {
	b, err := os.ReadFile(corpus.Layout{Dir: dir}.Matches())
	if err != nil {
		return nil, err
	}
	return ParseMatches(b)
}

// GenresByLine reads a summaries TSV and returns the genres of each row
// by its line.
func GenresByLine(r io.Reader) (map[int][]string, error) {
	out := map[int][]string{}
	sr := wiki.NewSummaryReader(r)
	for {
		s, err := sr.Read()
		if err == io.EOF {
			return out, nil
		}
		if badRow(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out[sr.Line()] = s.Genres
	}
}

// BookMeta renders book_meta.tsv for the pairs of a fetched corpus, sorted
// by id: whether each book keeps Project Gutenberg's header
// (text.GutenbergBody finds boilerplate), how its ebook number is known
// (exactly: the file was downloaded as that ebook, from the manifest's
// URL), and the summary's genres as a JSON list. book returns a pair's
// book text.
func BookMeta(pairs []match.Record, genres map[int][]string, m *Manifest, book func(id string) ([]byte, error)) ([]byte, error) {
	sort.Slice(pairs, func(i, j int) bool { return pairs[i].ID < pairs[j].ID })
	var b bytes.Buffer
	b.WriteString(BookMetaHeader + "\n")
	for _, p := range pairs {
		raw, err := book(p.ID)
		if err != nil {
			return nil, err
		}
		header := "no"
		if hasBoilerplate(string(raw)) {
			header = "yes"
		}
		basis := fmt.Sprintf("exact: downloaded as Project Gutenberg ebook #%d", p.Ebook)
		if e, ok := m.Get(BookFile(p.Ebook)); ok {
			basis += " from " + e.URL
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", p.ID, header, clean(basis), genreList(genres[p.Line]))
	}
	return b.Bytes(), nil
}

// hasBoilerplate reports whether text.GutenbergBody cuts anything but
// white space and a byte order mark from raw.
func hasBoilerplate(raw string) bool {
	body := text.GutenbergBody(raw)
	return strings.TrimSpace(strings.TrimPrefix(raw, "\uFEFF")) != strings.TrimSpace(raw[body.Start:body.End])
}

// genreList writes genres as a JSON list with ", " between items, as the
// shared corpus does.
func genreList(genres []string) string {
	items := make([]string, len(genres))
	for i, g := range genres {
		j, _ := json.Marshal(g)
		items[i] = string(j)
	}
	return "[" + strings.Join(items, ", ") + "]"
}

func clean(s string) string { return strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(s) }

// WriteBookMeta writes DIR/book_meta.tsv for the corpus that `bookalign
// match` wrote in dir from the summaries TSV at summaries.
func WriteBookMeta(ctx context.Context, dir, summaries string, m *Manifest) error {
	pairs, err := ReadMatches(dir)
	if err != nil {
		return err
	}
	sf, err := os.Open(summaries)
	if err != nil {
		return err
	}
	genres, err := GenresByLine(sf)
	sf.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", summaries, err)
	}
	meta, err := BookMeta(pairs, genres, m, func(id string) ([]byte, error) {
		return os.ReadFile(filepath.Join(dir, "books", id+".txt"))
	})
	if err != nil {
		return err
	}
	return store.WriteFile(ctx, filepath.Join(dir, "book_meta.tsv"), meta)
}
