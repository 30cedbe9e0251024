package fetch

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/store"
)

// Readme renders the README.txt of a fetched corpus of pairs pairs and
// rejected rejected summaries: where every part came from, the layout, how
// to pin it, and how it differs from the paper's corpus. It holds no date,
// so that the same sources give the same file.
func Readme(src Sources, res *Result, pairs, rejected int) []byte {
	var b bytes.Buffer
	books := "gutenberg.org's layout at " + src.Gutenberg + " (cache/epub/<n>/pg<n>.txt)"
	if src.Mirror != "" {
		books = "the Project Gutenberg mirror at " + src.Mirror + " (<d>/<d>/.../<n>/<n>-0.txt, <n>.txt, <n>-8.txt)"
	}
	thesaurus := "not fetched"
	if src.Thesaurus != "" {
		thesaurus = src.Thesaurus + " → thesaurus/ (use with --thesaurus)"
	}
	fmt.Fprintf(&b, `Book / plot-summary corpus built by `+"`bookalign fetch`"+`
=====================================================

%d pairs of a book and its plot summary; %d summaries rejected, each with the
reason, in rejects.jsonl. Pairs are made by `+"`bookalign match`"+`: normalised
title and author surname against Project Gutenberg's catalog, English texts
only, one summary per ebook.

Sources
-------
  summaries  %s
  catalog    %s
  books      %s
             %d matched ebooks, %d of which could not be downloaded (see rejects.jsonl)
  thesaurus  %s

Layout
------
  pairs.tsv           id, title, author, gutenberg_id, wikipedia_id, book_words, summary_words,
                      summary_source, book_source (tab-separated, header row)
  book_meta.tsv       id, pg_header_present, gutenberg_id_basis, cmu_genres
  books/<id>.txt      the book exactly as downloaded (Project Gutenberg header and licence kept),
                      a hard link to sources/gutenberg/<n>.txt where the file system has them
  summaries/<id>.txt  the plot summary
  matches.jsonl       why each pair was made; rejects.jsonl: why each other summary was not
  sources/            the downloads: the summaries, pg_catalog.csv, gutenberg/<n>.txt
  thesaurus/          Roget's Thesaurus (Gutenberg #10681), for `+"`bookalign run --thesaurus`"+`
  rouge/              ROUGE-1.5.5's stopword and WordNet 2.0 exception lists, for `+"`bookalign run --rouge-data`"+`:
                      the copy in bookalign (its default, --rouge-data builtin); README.md: origins, licences
  manifest.tsv        every file: path, URL (bookalign:… for the copies from bookalign), size in bytes, SHA-256
  missing.tsv         the URLs that had no book (HTTP 404 or 410), with the day; absent if none

Pinning
-------
manifest.tsv identifies every input. Keep it with your results. To check that
another fetch used the same inputs, run it with --pin OLD/manifest.tsv: it
fails and lists every file that differs. To rebuild this very corpus elsewhere,
copy sources/ and thesaurus/ with manifest.tsv and run the same fetch command
into that directory: it verifies the files and downloads none of them again
(only books that could not be had are asked for again; those not found, in
missing.tsv, only with --retry-missing).

Not the paper's corpus
----------------------
This corpus differs from the 439 pairs of Bamman and Smith (2013) and from the
development corpus in ../shared/corpus: Project Gutenberg's texts are today's
editions (corrected, re-encoded, with the current header), its catalog holds
ebooks added since 2013, so other and more summaries find a book, and the
matching rules are bookalign's own. Numbers computed on it are not the paper's.

Licence
-------
Book texts: Project Gutenberg transcriptions of works in the public domain in the
USA; the Project Gutenberg licence in each file applies. Summaries: English
Wikipedia text (via the CMU Book Summary Dataset, Bamman and Smith), CC BY-SA.
`, pairs, rejected, res.SummarySource, src.Catalog, books,
		len(res.Selection.Ebooks), len(res.Unavailable), thesaurus)
	return b.Bytes()
}

// Describe writes book_meta.tsv and README.txt into the corpus that
// `bookalign match` wrote in dir from the fetch res of src.
func Describe(ctx context.Context, dir string, src Sources, res *Result) error {
	if err := WriteBookMeta(ctx, dir, res.Summaries, res.Manifest); err != nil {
		return err
	}
	pairs, err := countLines(filepath.Join(dir, "matches.jsonl"))
	if err != nil {
		return err
	}
	rejected, err := countLines(corpus.Layout{Dir: dir}.Rejects())
	if err != nil {
		return err
	}
	return store.WriteFile(ctx, filepath.Join(dir, "README.txt"), Readme(src, res, pairs, rejected))
}

func countLines(name string) (int, error) {
	b, err := os.ReadFile(name)
	return bytes.Count(b, []byte("\n")), err
}
