// Package figures draws the figures of Bamman & Smith (2013), "New Alignment
// Methods for Discriminative Book Summarization", and a chart of the results,
// with gonum/plot. It is pure: plain data goes in, the bytes of an SVG or PNG
// image come out, and nothing is read from or written to disk. Package
// figures never imports Beam.
//
//	LengthRatios     Figure 1: summary/book length ratios over the corpus
//	BoundaryDensity  Figure 3: boundary samples of one Passage HMM state
//	RougeChart       ROUGE-1 and ROUGE-2 recall per method, with 95% intervals
//
// # Output
//
// Every figure is 6×4 inches. The format argument is "svg" (fonts are named,
// not embedded) or "png" (150 dots per inch, so 900×600 pixels); any other
// value gives an error wrapping ErrFormat. Output depends only on the
// arguments: the same input gives byte-identical images, with no random ids
// or timestamps, so figures can be kept under version control. The tests
// compare each figure with a golden SVG in testdata; set
// BOOKALIGN_UPDATE_GOLDEN=1 to rewrite them and BOOKALIGN_FIGURES_OUT to a
// directory to write every test figure there, SVG and PNG, for inspection.
//
// # Errors
//
// Bad input gives an error rather than a panic: no data wraps ErrNoData, and
// NaN, infinite, negative or otherwise impossible values wrap ErrBadValue.
// A panic inside gonum/plot is recovered and returned as an error.
package figures
