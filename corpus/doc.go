// Package corpus reads the layout of a book/summary corpus: a pairs.tsv index
// plus books/<id>.txt and summaries/<id>.txt, as in the shared development
// corpus and in what `bookalign match` writes.
//
// pairs.tsv is UTF-8, tab-separated, with a header row whose first column is
// "id". Every data row must have as many columns as the header. An id names
// two files, so it must be a safe file name: ValidID says which are.
//
//	id	title	author	...
//	heart-of-darkness	Heart of Darkness	Joseph Conrad	...
//
// ParsePairs never stops at a bad row: it returns the good rows and, for each
// bad one, a RowError with the row number and the reason, so that a caller can
// account for every row it read. WritePairs writes the pairs.tsv of
// `bookalign match` (PairsHeader's nine columns), which ParsePairs reads back.
//
// Package corpus never imports Beam.
package corpus
