// Package fetch downloads what a corpus is built from, politely and so that
// a stopped run resumes: the CMU Book Summary Dataset (Bamman and Smith's
// Wikipedia plot summaries), Project Gutenberg's catalog, the plain texts
// of the ebooks that the summaries match, and Roget's Thesaurus. It is the
// I/O half of `bookalign fetch`; the matching and the writing of the corpus
// are `bookalign match`'s, which the command runs on what Run downloaded.
//
// # The client
//
// A Client makes one request at a time, waits Delay between requests,
// sends a User-Agent naming bookalign, and retries with exponential
// backoff what may pass (a 5xx, 408 or 429 status, a timeout, a dropped
// connection, a truncated body). A 404 or 410 (ErrNotFound) and an
// unreachable host (ErrUnreachable) fail at once. A body is written to
// NAME.part and renamed to NAME only when whole. file:// URLs (and,
// through SourceURL, local paths) are read like http ones, so a local copy
// of any source can stand in for the public one. A redirect may lead only
// to http or https, and from an https source only to https
// (ErrRedirect): a server cannot have a local file stored as a download.
//
// # Kinds, caps and checks
//
// Each source is of a Kind, with a size cap (Limits, DefaultLimits) and a
// check of its content (Check). A body over the cap (ErrTooLarge) or
// failing the check (ErrInvalid) is not kept and not retried.
//
// # The fetch directory
//
// A Store is a directory of downloads with a manifest, manifest.tsv: each
// file's path, URL, size and SHA-256. A file that the manifest lists, that
// is still whole and that passes its kind's check is not downloaded again:
// that is how a run resumes. Manifest.Compare checks a fetch against a
// manifest kept from an earlier one (pinning).
//
// Run lays the directory out as
//
//	manifest.tsv
//	missing.tsv                    URLs that had no book (404 or 410), each with the day
//	sources/booksummaries.tar.gz   the CMU archive, and booksummaries.txt extracted from it
//	sources/summaries.tsv          or a wiki-extract TSV given instead
//	sources/pg_catalog.csv         Gutenberg's catalog
//	sources/gutenberg/<n>.txt      the matched ebooks: a flat mirror for match --books
//	thesaurus/roget-10681-body.txt Roget's Thesaurus, for --thesaurus
//
// and the command writes the corpus itself (pairs.tsv, books/, summaries/,
// matches.jsonl, rejects.jsonl) next to them, then book_meta.tsv and
// README.txt (Describe). LinkBooks makes each books/<id>.txt a hard link to
// its sources/gutenberg/<n>.txt, so a text is stored once. Nothing is
// written outside the directory.
//
// # Which books
//
// Select reads the summaries and the catalog with the readers `bookalign
// match` uses (wiki.SummaryReader, match.ReadCatalog) and matches them with
// match.Matcher and match.OnePerEbook, so it asks for exactly the ebooks
// match will pair, and no other. Texts come from gutenberg.org's layout
// (SiteURLs) or from a mirror of the main collection (MirrorURLs). A book that cannot be downloaded is reported in
// Result.Unavailable and the fetch goes on; the match pipeline puts it in
// rejects.jsonl with the reason. A book not found at any of its URLs is
// listed in missing.tsv (MissingList), and later runs pass it over without
// a request unless Config.RetryMissing.
//
// Package fetch never imports Beam.
package fetch
