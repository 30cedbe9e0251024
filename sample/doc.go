// Package sample is the small corpus shipped with bookalign: twelve short
// public-domain novels from Project Gutenberg with their Wikipedia plot
// summaries (README.md gives the books, their sources and licences), in the
// layout package corpus reads: pairs.tsv, books/<id>.txt and
// summaries/<id>.txt. run.sh runs the job on it when there is no other
// corpus, so that a fresh clone works offline.
//
// The package has no code. Its test checks the corpus: pairs.tsv parses
// without a bad row, every pair's files are here and pass the job's length
// filter, README.md names every pair, and the whole stays small.
package sample
