// Package evaluate turns per-book ROUGE scores into the experiment's results:
// macro averages over books, percentile-bootstrap confidence intervals, and
// the three result files other tools read (results.json, table.md and
// per_book.csv).
//
// Every book counts once: a method's score is the mean over books of the
// per-book ROUGE recall,
//
//	mean = sum_b {recall_b} / B,
//
// and its 95% interval is the 2.5th and 97.5th percentile of that mean over
// Resamples bootstrap samples of the B books drawn with replacement. The same
// seeded samples serve every method, so intervals of different methods are
// computed on the same resampled collections, and a run is reproducible to
// the byte from its seed.
//
// Package evaluate never imports Beam.
package evaluate
