// Package coverage is the coverage extraction of bookalign's summarizer
// (features.Settings.Coverage, the default): a model of which of a
// book's unigrams and bigrams its plot summary will hold, and the greedy
// extract that covers the most of them in expectation.
//
// How it works: ROUGE recall
// counts the reference's unigrams and bigrams that the extract holds, each
// at most as often as the reference does, so coverage extraction models
// which ones the plot summary will hold and counts which ones the extract
// holds already, in two steps:
//
//  1. A count model: for every unigram and bigram of ROUGE's tokens in the
//     book, a Poisson regression predicts how often the plot summary holds
//     it, from binned properties of the n-gram in the book (frequency, how
//     often it is capitalised inside a sentence, stopwords) and in the
//     training pairs (how often the summaries of training books that hold
//     it hold it too, smoothed, a training book leaving itself out), and,
//     with a Plot (Stats.Plot), its place among the book's people and in
//     the plot: the rank of the character it names, the tenths of the book
//     it occurs in, its count per 100,000 tokens. It is fitted per training
//     set. Bigrams are counted as consecutive tokens
//     and, as ROUGE -s counts them, as content words that become
//     consecutive once ROUGE's stopwords are removed. With PlotLink, a
//     book's expected counts of content n-grams are then scaled by the
//     sentence model's word on each: exp(LinkWeight times the mean
//     log-probability, under the trained logistic model, of the rows that
//     hold it, less the book's mean).
//  2. Greedy choice: take again and again the sentence that adds the most
//     expected clipped hits per budget word (unigram hits plus beta times
//     bigram hits, a hit on an n-gram holding a stopword weighing gamma),
//     plus alpha times the sentence's log-probability under the trained
//     logistic model; only sentences of a least length are taken. This is
//     the greedy rule of budgeted submodular maximisation, evaluated
//     lazily.
//
// The files, one job each:
//
//   - terms.go: a book's rows as ROUGE's tokens (Terms) and its reference.
//   - ngrams.go: a book's unigrams and bigrams (Grams), the bigram hash, the
//     bigrams with and without stopwords, the radix sort by hash.
//   - termstats.go: a book's distinct terms and bigrams for a training set's
//     counts (TermStats), and the corpus-wide count of bigram books that a
//     pipeline keeps the frequent bigrams by (BigramBooks).
//   - stats.go: a training set's counts (TermCounts) and the statistics the
//     model reads (Stats), with their look-ups; bounded.go: the bound of a
//     saved model's bigram table.
//   - keys.go: the binned properties of an n-gram packed in a Key, and the
//     model's feature blocks; ratememo.go: the smoothed summary rate's bin,
//     remembered by (books, summaries) pair.
//   - plot.go: the plot properties of a book's n-grams (Plot, ParsePlot),
//     counted once per Grams, and their bins in a Key.
//   - link.go: the sentence model's link scores of a book's n-grams
//     (LinkScores) and the extras they give a book (Stats.Extras).
//   - cells.go: a book's keys under a training set (BookKeys) and a training
//     book's n-grams grouped by key (Cells).
//   - index.go: a book's counts in a training set's statistics (SetCounts,
//     Stats.Look), and the Index that finds them in several sets with one
//     look-up of the book's terms and bigrams.
//   - fit.go: the Poisson regression (Model, Fit), by L-BFGS on the memo
//     package logistic's fit uses too (classify/internal/fitting).
//   - extract.go: the Poisson tails and the lazy greedy (Book.Extract).
//   - codec.go, jsoncodec.go: the binary forms a pipeline moves between its
//     steps, and the JSON forms of a model file's tables.
//
// Package coverage depends on the summarizer's settings (features.Settings)
// only through what packages features and logistic pass it (the stopwords,
// Options), and they import it, not the reverse. It never imports Beam.
package coverage
