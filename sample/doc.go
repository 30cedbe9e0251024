// Package sample is the small corpus shipped with bookalign: twelve short
// public-domain novels from Project Gutenberg with their Wikipedia plot
// summaries, and Roget's Thesaurus (README.md gives the books, their sources
// and licences), in the layout package corpus reads and bookalign fetch
// writes: pairs.tsv, books/<id>.txt, summaries/<id>.txt and thesaurus/.
// run.sh runs the job on it when there is no other corpus, so that a fresh
// clone works offline, the paper preset included.
//
// The package has no code. Its test checks the corpus: pairs.tsv parses
// without a bad row, every pair's files are here and pass the job's length
// filter, README.md names every pair, the thesaurus parses, and the whole
// stays small.
package sample
