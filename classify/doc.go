// Package classify is the discriminative summarizer of Bamman and Smith
// (2013), "New Alignment Methods for Discriminative Book Summarization", §4:
// binary features of each book sentence, an L2-regularised logistic
// regression trained on sentences labelled by an alignment, and extraction
// of the most probable sentences within a word budget. It also holds the
// baselines that need no alignment (Names, Random, Oracle), the folds of
// cross-validation, the rank-averaged feature table (the paper's Table 3)
// and a paired significance test.
//
// # Data flow
//
// A book is prepared once (NewBook) into a Book, which does not depend on any
// other book. Its Stats, the counts of its words, are small; the Stats of
// the training books make a Collection (Counts.Add, Counts.Merge,
// Counts.Collection), which fixes the features: the vocabulary and the
// document frequencies that give IDF. A Collection featurizes any Book
// cheaply (Collection.Featurize), and a SetsIndex featurizes a book under
// several Collections, its training sets, looking its words, terms and
// bigrams up once for all of them; Book.Labels turns an alignment's labelled
// sentences into labels. A Trainer fits a Model to the labelled Features of
// the training books, one per alignment method side by side
// (Trainer.Train); the Model scores and summarizes a Book prepared under its
// Collection (Collection.Prepare, Model.Summarize) and is saved as JSON
// with its Collection, so that a new book can be summarized alone.
//
//	book := classify.NewBook(id, doc)                  // per book
//	var counts classify.Counts                          // per fold
//	counts.Add(trainBook.Stats())                       // for each training book
//	col, _ := counts.Collection(classify.Settings{})
//	f := col.Featurize(trainBook)                       // per fold and book
//	f.Label = trainBook.Labels(alignment.Labelled())
//	models, _ := (&classify.Trainer{Seed: seed}).Train(col, features)
//	model := models[0]                                  // one per set of labels
//	summary := model.Summarize(col.Prepare(testBook, nil), classify.DefaultBudget)
//	txt := classify.Text(doc, summary)
//
// # Rows
//
// Only Prose sentences (text.Prose) are featurized, labelled and extracted;
// a Book's rows are its Prose sentences in order, and every function that
// returns a summary returns indices into the document's Sentences, in book
// order.
//
// # Beyond the paper
//
// Settings switch on what the paper does not have (docs/method.md):
// count features (Counts), event-word features (Events: events.go), and
// coverage extraction (Coverage: package classify/coverage). With none
// of them set, features and extraction are the paper's: the most probable
// sentences within the budget (Book.Extract).
//
// # Coverage extraction
//
// Coverage extraction is package classify/coverage, whose doc says what it
// computes. Classify gives it a Book's terms (Book.Terms, coverage.Terms),
// adds up the books' term statistics like their word counts (Stats.Terms,
// Counts.Terms), keeps a training set's coverage statistics in its
// Collection and each training book's cells in its Features (Cover), fits
// the coverage model when it trains (Model.Coverage), and turns the rows
// that coverage.Book.Extract picks into sentences (Model.Summarize).
//
// # Collection statistics
//
// Everything a feature needs from other books comes from the training books
// only. IDF is log((1 + N) / (1 + df(w))) over the N training books, the book
// itself left out when it is one of them, so that a training book and an
// unseen book see their own words alike. Stopwords (text.IsStopword) are
// left out of the vocabulary, the salient names and the TF-IDF words.
//
// # Training
//
// The objective is the mean negative log-likelihood plus lambda/2 ||w||^2,
// the bias unpenalised; it is minimised with gonum's L-BFGS from its exact
// gradient, in fixed chunks of rows that are summed in order, so the model is
// the same to the bit on any number of goroutines. Lambda is chosen on an
// inner split of the training books (Trainer). Labels (under 1% positive)
// are used as they are, as in the paper: no class weights, no resampling.
//
// # Determinism
//
// Nothing depends on map iteration order, goroutine scheduling or input
// order: Folds and Random are seeded by a seed and book IDs, ties are broken
// by position or byte order, and Train sorts its books by ID.
//
// Package classify never imports Beam.
package classify
