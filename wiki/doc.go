// Package wiki reads MediaWiki XML exports (the Wikipedia pages-articles
// dumps) and extracts the plot summaries of book articles, as the CMU Book
// Summary Dataset did from the November 2012 English Wikipedia.
//
// # Reading a dump
//
// A Reader streams the <page> elements of an export with encoding/xml's
// token reader, one page in memory at a time. Decompress opens a plain or
// bzip2 file alike. Use a Reader like bufio.Scanner:
//
//	in, err := wiki.Decompress(f) // f: the .xml or .xml.bz2 file
//	r := wiki.NewReader(in)
//	for r.Scan() {
//		p := r.Page() // Title, ID, Namespace, Redirect, Text, ...
//	}
//	err = r.Err() // a *ParseError: line, byte offset, page id, sentinel
//
// Any run of <page> elements cut from an export reads the same, which is
// what each bzip2 stream of a multistream dump holds. The multistream index
// ("offset:pageid:title" lines) gives the streams: IndexStreams returns each
// with its page count and first page, Chunks cuts a dump into work items of
// a chosen size (Merge over Spans). Errors are sticky and wrap ErrSyntax,
// ErrTruncated, ErrBadPage, ErrNotExport or ErrIndexLine, or carry the
// underlying reader's error. LastBzip2Block checks, at the cost of one
// block, that a .bz2 file ends as a whole one does, so that a dump caught
// mid-download is refused before it is read.
//
// # Book pages
//
// A book page carries, at the top level of its wikitext, one of
// BookTemplates ("Infobox book" and the redirects to it that articles use),
// compared after TemplateName's normalisation; a commented-out infobox
// does not count. Infobox book series, poem, play, publication and comic
// are left out: they are not single works with a plot to align.
// ParseInfobox takes the title, author, publication date (NormaliseDate
// writes it as the CMU data does: "1945-08-17", "1945-08" or "1945") and
// genres; without a title, the page title less a trailing disambiguation
// is used ("Animalia (book)" is "Animalia").
//
// # Plot sections
//
// The plot is the first level-2 section whose heading matches
// PlotHeadings (MatchHeading). It runs to the next heading of level 2 or
// 1, so its subsections are part of it; their headings are dropped from
// the text. Level-3 plot sections under another heading are not looked
// for. PlainText turns the section into plain text; its documentation
// lists every rule.
//
// Extractor.Extract applies all of this to one page and is a pure function
// of it: it returns a Summary, ErrNotBook (not a book: drop it silently),
// or a *Reject with the reason (ErrNoPlot, ErrEmptyPlot, ErrShortPlot,
// ErrBadInfobox), the page's level-2 headings, and a JSON form for
// rejects.jsonl.
//
// # Output
//
// SummaryWriter writes the CMU Book Summary Dataset's layout, one
// tab-separated row per summary; SummaryReader reads it back, and the CMU
// data's own booksummaries.txt too.
//
// # Using it from Beam
//
// Package transforms reads the chunks of a dump on many workers, keeps the
// pages for which Page.IsArticle holds, and calls
// (&wiki.Extractor{}).Extract(&page) per element; an Extractor is a plain
// struct with JSON tags, so it can be a DoFn field. bzip2 decompression
// (the standard library's, about 3 MB of compressed input a second per
// core, as fast as github.com/dsnet/compress) bounds a worker, so speed
// comes from reading the streams of a multistream dump in parallel.
//
// Package wiki never imports Beam.
package wiki
