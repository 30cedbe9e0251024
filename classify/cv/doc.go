// Package cv is the cross-validation plan of an experiment: which books
// train which models, and which model summarizes each book.
//
// Folds assigns books to folds by a hash of a seed and their IDs alone, so
// a book's fold does not depend on the order of the books, nor change unless
// books are added or removed. Books that share a text
// (classify.Book.Fingerprint) are grouped (Groups) and kept in one fold
// (GroupFolds), so that no fold tests on a text it trained on; InnerSplit
// holds one inner fold of a training set out, on which logistic.Trainer
// chooses lambda.
//
// A Plan holds the fold of every training book: under cross-validation the
// training set of fold f is the books of the other folds, and its model
// summarizes the books of fold f; the set AllBooks trains the model that is
// saved, or, with a separate test corpus, the one model that summarizes the
// test books. CheckBooks says, before a run trains, whether its books can
// make a plan (TooFewBooksError).
package cv
