// Package features holds the features of the summarizer (Bamman and Smith
// 2013, §4.2): the binary features of each Prose sentence of a book, made
// from the book itself and from statistics of the training books.
//
// # Types
//
// Settings say which features there are (the paper's by default, count and
// event-word features beyond it) and how coverage extraction weighs its
// terms. Counts add up the Stats of training books (classify.Book.Stats) in
// any order; Counts.Collection, or NewCollection, turns them into a
// Collection: the vocabulary and the document frequencies that give IDF,
// with the coverage statistics when Settings.Coverage. A Collection
// featurizes a book (Featurize) into Features, the sparse binary rows
// logistic.Trainer fits, and prepares a book to summarize (Prepare) for
// every model trained on it.
//
// A pipeline featurizes each training book under every training set that
// holds it: SetsIndex looks the book's words up once for all the sets,
// FoldStats makes each set's Counts from those of the folds, and a SetBook
// is one book featurized for one set with each alignment method's labelled
// rows. Each of Stats, Counts, Features and SetBook has a compact binary
// form for the pipeline's shuffles; DecodeCollection builds a Collection
// straight from the binary form of Counts.
//
// # The features
//
// Collection.Featurize documents each feature: the decile of the row, the
// book's salient names (name_rank=r, IS_NAME), its top TF-IDF words
// (TF-IDF<k), the vocabulary words (word=x) and their first mentions
// (first=x), and with Settings.Counts and Settings.Events the count and
// event-word features. Collection.FeatureNames names them in index order.
//
// # Collection statistics
//
// Everything a feature needs from other books comes from the training books
// only. IDF is log((1 + N) / (1 + df(w))) over the N training books, the book
// itself left out when it is one of them, so that a training book and an
// unseen book see their own words alike. Stopwords (text.IsStopword) are
// left out of the vocabulary, the salient names and the TF-IDF words.
package features
