// Package extract makes extractive summaries of a classify.Book within a
// budget of words (DefaultBudget, the paper's 1,000): the rows of highest
// score that fit (Top, the rule of Bamman and Smith 2013), and the
// baselines that need no training and no alignment: Names, Random, LexRank
// and TextRank (package classify/centrality), and the greedy ROUGE oracle
// (Oracle), the upper bound of an extract.
//
// Every function returns the document sentence indices of the rows it
// picks, in book order (Sentences); Text writes them as ROUGE reads a
// summary, and Pick and PickSpan record where they lie in the book file
// (SummarySentences, written beside each summary as a SelectionFile).
//
// The trained summarizer scores rows with logistic.Model and extracts them
// with Top, or with coverage extraction (package classify/coverage).
package extract
