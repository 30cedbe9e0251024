// Package classify is the discriminative summarizer of Bamman and Smith
// (2013), "New Alignment Methods for Discriminative Book Summarization", §4:
// binary features of each book sentence, an L2-regularised logistic
// regression trained on sentences labelled by an alignment, and extraction
// of the most probable sentences within a word budget. Each concern is a
// package of its own; this one holds what all of them read, the Book.
//
// # The packages
//
//	classify             Book: one parsed book, prepared once (NewBook); its Stats
//	classify/features    Settings, Counts, Collection, Features: the §4.2 features
//	classify/logistic    Trainer, Model: the fit (§4.1), the saved model, Table 3
//	classify/cv          Folds, Plan: which books train which model
//	classify/extract     extraction within a budget, the baselines, the oracle
//	classify/coverage    coverage extraction (features.Settings.Coverage)
//	classify/centrality  LexRank and TextRank (extract.LexRank, extract.TextRank)
//
// Their imports go one way: coverage and centrality at the bottom, cv on
// none of them; classify on coverage (a Book holds its coverage.Terms);
// features on classify; extract on features (the default number of names);
// logistic on features, cv and extract. None imports Beam.
//
// # Data flow
//
// A book is prepared once (NewBook) into a Book, which does not depend on any
// other book. Its Stats, the counts of its words, are small; the Stats of
// the training books make a features.Collection (Counts.Add, Counts.Merge,
// Counts.Collection), which fixes the features: the vocabulary and the
// document frequencies that give IDF. A Collection featurizes any Book
// cheaply (Collection.Featurize); Book.Labels turns an alignment's labelled
// sentences into labels. A logistic.Trainer fits a Model to the labelled
// Features of the training books, one per alignment method side by side
// (Trainer.Train); the Model scores and summarizes a Book prepared under its
// Collection (Collection.Prepare, Model.Summarize) and is saved as JSON
// with its Collection, so that a new book can be summarized alone. cv.Plan
// says which books make each training set and which model summarizes each
// book.
//
//	book := classify.NewBook(id, doc)                  // per book
//	var counts features.Counts                          // per training set
//	counts.Add(trainBook.Stats())                       // for each training book
//	col, _ := counts.Collection(features.Settings{}, nil)
//	f := col.Featurize(trainBook)                       // per set and book: feats
//	f.Label = trainBook.Labels(alignment.Labelled())
//	models, _ := (&logistic.Trainer{Seed: seed}).Train(col, feats)
//	model := models[0]                                  // one per set of labels
//	summary := model.Summarize(col.Prepare(testBook, nil), extract.DefaultBudget)
//	txt := extract.Text(doc, summary)
//
// # Rows
//
// Only Prose sentences (text.Prose) are featurized, labelled and extracted;
// a Book's rows are its Prose sentences in order, and every function that
// returns a summary returns indices into the document's Sentences, in book
// order.
//
// # What a Book holds
//
// A Book holds, for each row, its document sentence, its length in budget
// words and its distinct words with their capitalisations; for each word
// its count, capitalised count and first row; what its reference summary
// holds once SetSummary and SetReference are called; and the rows as ROUGE
// tokenizes them (Terms) for coverage extraction. Its binary form
// (MarshalBinary) and that of its Stats are what a pipeline moves between
// workers; Fingerprint names its text, so that books sharing a text share a
// fold (cv.Groups).
//
// # Determinism
//
// Nothing depends on map iteration order, goroutine scheduling or input
// order: folds and the Random baseline are seeded by a seed and book IDs,
// ties are broken by position or byte order, and training sorts its books
// by ID.
package classify
