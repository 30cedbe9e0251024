// Package reprocess is the job of `bookalign reprocess`, which rebuilds
// the corpus and the results from each new Wikipedia dump: which dump is
// the newest, what has been processed already, how far an interrupted run
// got, and what changed since the previous dump.
//
// # The job
//
// Job is the resumable state machine: find the newest dump, skip it if
// the state says it was processed (and its content key is unchanged),
// verify it, run the stages extract, match, experiment and changes in
// OUT/YYYYMMDD.partial, recording each in progress.json, move the work to
// OUT/YYYYMMDD and record the run in state.json last. The tree's paths
// are layout.Dump's. Results name the corpus's final place, so that no
// output is edited after it is written. Every file is read and written
// through internal/store (Beam's filesystems: local or gs://); the command
// supplies the Steps (the Beam pipelines of wiki-extract, match and run).
//
// # Dumps
//
// Wikipedia names its dumps enwiki-YYYYMMDD-pages-articles.xml.bz2 and
// enwiki-YYYYMMDD-pages-articles-multistream.xml.bz2, the latter with an
// index enwiki-YYYYMMDD-pages-articles-multistream-index.txt.bz2; the
// parts of a split dump pages-articles1.xml-p1p41242.bz2 and so on; and
// any of them with "latest" for the date. ParseDump reads such a name (an
// uncompressed .xml too) and Candidates the names of a directory. A dump
// named "latest" is dated by its newest revision <timestamp> at its end
// (Job's dateDump; NewestRevision). Newest picks the dump with the latest
// date, preferring a whole dump, then a multistream dump whose index is
// present (it can be read in parallel), then any multistream dump, then
// the plain one; it refuses a newest dump of which several parts are
// present, and one part alone is a dump of its own.
//
// # State and progress
//
// State is the record of processed dumps, one Run per date, kept in
// STATE/state.json, written last, so a dump is never marked done with half
// its outputs written. Progress, in OUT/YYYYMMDD.partial, holds a
// StageRecord of each stage done: a Fingerprint of each of its inputs and
// settings, and the size and SHA-256 of each file it wrote. A rerun after
// a crash or a failed stage reuses each stage whose inputs are the same
// and whose files are intact, and redoes the others. A stage's inputs
// include the digest of the files of the stages before it, so a stage
// redone with the same result leaves the stages after it reusable.
//
// # Changes
//
// Diff compares two dumps' summaries (by Wikipedia id: added, removed, and
// changed in text, title, author, date or genres), their corpora (pair ids
// added and removed) and their results (per method, ROUGE-1 and ROUGE-2
// recall before and after), and Changes.Markdown renders changes.md.
//
// Package reprocess builds no pipeline: it imports Beam's filesystem
// registry only, through internal/store.
package reprocess
