// Package wiki reads MediaWiki XML exports (the Wikipedia pages-articles
// dumps) and extracts the plot summaries of book articles, as the CMU Book
// Summary Dataset did from the November 2012 English Wikipedia.
//
// # Reading a dump
//
// A Reader streams the <page> elements of an export with encoding/xml's
// token reader, so only one page is in memory at a time. Decompress opens a
// plain or bzip2 file alike. Use a Reader like bufio.Scanner:
//
//	in, err := wiki.Decompress(f) // f: the .xml or .xml.bz2 file
//	r := wiki.NewReader(in)
//	r.Filter = wiki.Articles // namespace 0, no redirects; nil keeps all
//	for r.Scan() {
//		p := r.Page() // Title, ID, Namespace, Redirect, Text, ...
//	}
//	err = r.Err() // a *ParseError: line, byte offset, page id, sentinel
//
// The input need not be a whole export: any run of <page> elements cut from
// one reads the same, which is what a multistream dump holds in each bzip2
// stream. The multistream index ("offset:pageid:title" lines, itself
// bzip2-compressed) gives the stream offsets: StreamOffsets reads them
// (IndexStreams with each stream's page count and first page, so that a
// stream past the end of a dump cut short can be accounted for),
// Spans turns them into byte ranges [Start, End) of the .bz2 file, Merge
// joins neighbouring ranges into work items of a chosen size, and ReadSpan
// reads the pages of one range through an io.ReaderAt. Without an index a
// dump is read sequentially. Errors are sticky and wrap ErrSyntax,
// ErrTruncated, ErrBadPage, ErrNotExport or ErrIndexLine, or carry the
// underlying reader's error (a corrupt bzip2 stream). LastBzip2Block
// checks that a .bz2 file ends as a whole one does (an end-of-stream marker
// after a last block with a good CRC) and returns that block's text, at the
// cost of one block whatever the file's size, so a dump caught mid-download
// can be refused before it is read. (A file whose last stream is empty, a
// header and an end marker only, fails it; Wikimedia's dumps end with a
// stream that holds "</mediawiki>".)
//
// # Book pages
//
// A book page carries a book infobox at the top level of its wikitext:
// one of BookTemplates, compared after TemplateName's normalisation
// (case, '_' for ' ', runs of spaces, a "Template:" prefix, comments).
// The list holds "Infobox book" and the redirects to it that articles use:
// "Infobox books", "Infobox novel", "Infobox novella", "Infobox short
// story", "Book infobox" and "Novel infobox"; Extractor.Templates replaces
// it. A commented-out infobox does not count. Infobox book series, poem,
// play, publication and comic are left out: they are not single works with
// a plot to align.
//
// From the infobox ParseInfobox takes the title (name or title), the
// author (author, authors, writer, editor; several joined with ", "), the
// publication date (pub_date, published, release_date and kin, in that
// order) and the genres (genre, one item per {{hlist}}/{{ubl}}/{{plainlist}}
// argument, <br>, line or comma). Values are made plain text: nested
// templates are removed, links are their text. NormaliseDate writes dates
// as the CMU data does: "1945-08-17", "1945-08" or "1945", from
// {{Start date|1945|8|17}}, "17 August 1945", "August 17, 1945" or a bare
// year; a value without a recognisable date is kept as plain text. When
// the infobox has no title the page title is used, less a trailing
// disambiguation: "Animalia (book)" is "Animalia".
//
// # Plot sections
//
// The plot is the first level-2 section ("== … ==") whose heading, as
// plain text, lower-cased, is one of PlotHeadings (plot, plot summary,
// plot introduction, synopsis, summary, story) or starts with one of them
// followed by a character that is not a letter or digit: "Plot overview"
// and "Synopsis (spoilers)" match, "Storyline" and "Plotting" do not. It
// runs to the next heading of level 2 or 1, so its subsections are part of
// it; their headings are dropped from the text. Level-3 plot sections under
// another heading are not looked for, as the issue asks for level 2.
// PlainText turns the section into plain text; its documentation lists
// every rule.
//
// Extract applies all of this to one page and is a pure function of it:
// it returns a Summary, ErrNotBook (not a book: drop it silently), or a
// *Reject with the reason (ErrNoPlot, ErrEmptyPlot, ErrShortPlot,
// ErrBadInfobox), the page's level-2 headings, and a JSON form for
// rejects.jsonl.
//
// # Output
//
// SummaryWriter writes the CMU Book Summary Dataset's layout, one
// tab-separated row per summary with no header:
//
//	Wikipedia id, Freebase id (empty), title, author, publication date, genres, summary
//	620		Animal Farm	George Orwell	1945-08-17	["Political satire"]	Old Major, the old boar …
//
// Genres are a JSON array, since there are no Freebase ids to key the
// CMU's JSON object with; SummaryReader reads both forms. Tabs and line
// breaks inside a field become spaces, so a summary's paragraphs are one
// line in the file, as in the CMU data; Summary.Text keeps them.
//
// # Using it from Beam
//
// Sequential: one DoFn opens the file, wraps it with Decompress and emits
// each r.Page() that passes Articles. Split: read the index with
// StreamOffsets once, make work items with Merge(Spans(offsets, size),
// 64<<20) (a restriction can equally be the index range of the spans),
// and in the DoFn call ReadSpan on an io.ReaderAt of the dump. Either way
// the next DoFn calls (&wiki.Extractor{}).Extract(&page) per element and
// sends a *Reject, marshalled with encoding/json, to the rejects output.
// An Extractor is a plain struct with JSON tags, so it can be a DoFn field.
//
// # Decompression and speed
//
// bzip2 decompression, not XML or extraction, bounds a worker. Measured on
// the fixture (1.7 MB of bzip2, 6.1 MB of XML, 206 pages) with
// "go test ./wiki -run '^$' -bench . -benchtime 4x -count 3", per CPU
// second of one core, on a shared 2-core machine:
//
//	compress/bzip2 (stdlib)            3.1–3.5 MB/s of bzip2 (11–13 MB/s of XML)
//	github.com/dsnet/compress/bzip2    3.1–3.6 MB/s of bzip2
//	XML parsing and extraction         36–59 MB/s of XML, 1,200–2,000 pages/s
//	the whole path (BenchmarkExtractBzip2)  1.8–2.5 MB/s of bzip2, 220–300 pages/s
//
// The two bzip2 readers are within noise of each other (so was
// github.com/cosnicolaou/pbzip2, a parallel reader, on two cores), so the
// package uses the standard library and adds no dependency to the build;
// dsnet/compress is used only by the tests, for its bzip2 writer, and by
// BenchmarkDecompress. Speed comes from reading the streams of a
// multistream dump on many workers instead. A full English dump (about
// 22 GB of bzip2, about 100 GB of XML, so more XML per bzip2 byte than the
// fixture's 3.6) is 22,000 MB / 2.2 MB/s ≈ 2.8 CPU-hours counted in bzip2,
// or 100,000 MB / 6.5–9 MB/s ≈ 3.1–4.3 CPU-hours counted in XML: about
// 3.5 h / N on N single-core workers (26 min on 8, 7 min on 32, 2 min on
// 100) plus start-up, while a sequential read without an index takes the
// whole 3.5 hours.
//
// Package wiki never imports Beam.
package wiki
