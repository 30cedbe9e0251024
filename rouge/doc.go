// Package rouge scores a candidate summary against one reference summary
// exactly as ROUGE-1.5.5 (Lin 2004) does when it is run as
//
//	ROUGE-1.5.5.pl -c 95 -r 1000 -n 2 -a [-m] [-s]
//
// with a single reference. It reports ROUGE-1, ROUGE-2 and ROUGE-L (the
// summary-level union LCS) recall, precision and F, rounded as ROUGE prints
// them, so that the numbers can be set beside published ones to the fifth
// decimal. Package rouge never imports Beam.
//
// # Text
//
// Each line of a text is one sentence; sentences matter only to ROUGE-L.
// Bytes are processed as they are, with no decoding: the letters A-Z are
// lowered to a-z, every byte that is not a-z or 0-9 separates tokens, and a
// token is a maximal run of [a-z0-9]. So "Don't" gives "don" "t", "7:30" gives
// "7" "30" and "café" gives "caf", because each byte of a non-ASCII
// character is a separator. text.ASCIITokens returns these tokens, and
// text.ASCIIScanner walks them for the Scorer.
//
// With Scorer.RemoveStopwords (ROUGE's -s), a token in ROUGE's stopword list
// (smart_common_words.txt) is dropped before anything else happens to it.
// With Scorer.Stem (ROUGE's -m), a token longer than three bytes is replaced
// by its base form in the WordNet 2.0 exception table when it has one, and is
// otherwise stemmed with ROUGE's variant of the Porter (1980) stemmer (see
// text.Stem); shorter tokens are kept as they are. A base form from the table is
// not stemmed again, so "mice" becomes "mouse" while "mouse" becomes "mous",
// and a token dropped by -s is never looked up ("went" goes before it could
// become "go").
//
// # Scores
//
// ROUGE-N counts the n-grams of the whole token stream, across sentence
// boundaries and across the gaps left by removed stopwords:
//
//	hits      = sum_g min(count_ref(g), count_cand(g))
//	recall    = hits / sum_g count_ref(g)
//	precision = hits / sum_g count_cand(g)
//
// ROUGE-L is the union longest common subsequence of Lin (2004), section 3.2.
// For each reference sentence r_i and each candidate sentence c_j, the LCS
// table of r_i and c_j is traced back from its last cell, stepping
// diagonally on equal tokens, otherwise up when the cell above is at least
// the cell to the left, otherwise left; every reference position passed
// diagonally is marked. The marks of r_i are the union over all c_j. The
// marked positions are then walked in order, and a position is a hit while
// its token still has a positive unigram count in both texts, each hit
// taking one from both counts, which are shared by all sentences:
//
//	recall    = hits / tokens(ref)
//	precision = hits / tokens(cand)
//
// A recall or precision whose denominator is zero is zero. Recall and
// precision are rounded to five decimals as Perl's sprintf("%7.5f") rounds
// them, and F is computed from the rounded values and rounded again:
//
//	F = P*R / (0.5*P + 0.5*R), or 0 when 0.5*P + 0.5*R is 0.
//
// # Data
//
// The stopword list and the exception table are data of the ROUGE
// distribution. ReadData reads them from a directory holding the files named
// by StopwordFile and ExceptionFiles (Builtin, from the copy embedded in this
// package); NewData reads them from any readers. A
// Scorer without Data stems with an empty exception table, which is what many
// ROUGE installations compute, and refuses to remove stopwords
// (ErrNoStopwords).
//
// # Speed
//
// A Scorer prepares a reference once (Prepare), and the Reference then
// scores any number of candidates, concurrently if need be, without
// allocating once the candidate's words have been seen. The union LCS
// takes time quadratic in the sentence lengths, as in ROUGE-1.5.5, and
// memory linear in them: a large table is traced in blocks recomputed from
// checkpoint columns, with the same result as the whole table.
package rouge
