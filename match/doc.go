// Package match pairs book summaries with Project Gutenberg texts: it reads
// Gutenberg's catalog, matches a summary by normalised title and author
// surname, refuses what it cannot decide, gives each pair a corpus id, and
// says where a mirror keeps the text. All of it is pure: the caller does
// the I/O, so a Beam pipeline can call it from its DoFns.
//
// # The catalog
//
// CatalogReader reads pg_catalog.csv (RFC 4180 CSV, a header row, columns
// Text#, Type, Issued, Title, Language, Authors, Subjects, LoCC and
// Bookshelves, found by name). Authors are split into people:
//
//	"Carroll, Lewis, 1832-1898; Tenniel, John, 1820-1914 [Illustrator]"
//	→ {Surname: "Carroll", Given: "Lewis", Dates: "1832-1898"},
//	  {Surname: "Tenniel", Given: "John", Dates: "1820-1914", Role: "Illustrator"}
//
// A bad row is a *ParseError with its line and column, wrapping ErrCSV,
// ErrFieldCount, ErrBadNumber or ErrInvalidUTF8; reading goes on after
// it. A header without the required columns (ErrHeader) stops it.
// ReadCatalog collects the good rows and the bad ones.
//
// # Matching
//
// Only English texts are matched: Type "Text" and Language exactly "en"
// (bilingual editions are left out). Titles are compared by NormTitle; a
// summary's title is compared with the full catalog title, then with its
// main title (MainTitle: "Frankenstein; Or, The Modern Prometheus" is
// "Frankenstein"), then the summary's own main title is tried. Of the texts
// with the title, those with a creator (an author with no role) whose
// surname ends the summary's author name are kept (SurnameMatch). One text
// left is a match; several are ErrAmbiguous and none is ErrAuthorMismatch
// or ErrNoMatch. A summary without an author is refused (ErrNoAuthor): a
// title alone is too weak. There is no other fuzzy matching.
//
// Every Match carries a Reason saying which title key met which catalog
// title and which surname; every refusal is a *NoMatch with the reason,
// the candidates and a JSON form for a rejects file. A decision list
// (ParseDecisions: "key<TAB>ebook<TAB>note" lines) lets a person settle
// ambiguous summaries, force a match or refuse one; its line and note
// become the Reason, and the Match is marked Decided. Keys are the
// summaries' Wikipedia ids. OnePerEbook refuses (ErrSharedEbook) matches
// that would put one ebook in a corpus twice, unless the decision list
// gave the ebook to one of them.
//
// # Corpus ids and mirrors
//
// AssignIDs gives every match a unique id that passes corpus.ValidID: the
// Slug of the title ("a-christmas-carol", as in the shared corpus), with
// the author's surname, the ebook number or a counter added to break ties.
// The result does not depend on the order of the matches, so a pipeline
// can gather them and assign ids in one step.
//
// BookPaths lists where a mirror may hold ebook n: "n.txt", Gutenberg's
// "n/n-0.txt" (UTF-8) and "n/n.txt" (ASCII), and the same under the rsync
// tree ("8/84/84-0.txt"). LocateBook picks the first that exists, asking a
// function the caller supplies (a stat, a GCS lookup).
//
// # Using it from Beam
//
// Read the catalog once (it is about 75,000 rows, a few tens of MB) and
// build the Matcher in a DoFn's Setup, or pass the ebooks as a side
// input. Per summary call m.Match(match.Query{Key: strconv.FormatInt(id,
// 10), Title: s.Title, Author: s.Author}) and send a *NoMatch, marshalled
// with encoding/json, to the rejects output. Gather the matches into one
// slice (they are thousands), call AssignIDs, then fetch each book from
// the path LocateBook gives.
//
// Package match never imports Beam.
package match
