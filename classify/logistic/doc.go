// Package logistic trains and applies the summarizer's model (Bamman and
// Smith 2013, §4.1): an L2-regularised logistic regression on the binary
// features of package classify/features, one model per alignment method.
//
// # Types
//
// A Trainer fits models: Trainer.Train is the one way to train, one model
// per set of labels on the same training books, side by side, with the
// coverage model when the collection asks for coverage extraction. A Model
// holds its features.Collection and one weight per feature; it scores a
// book's rows (Scores, Logits), summarizes a prepared book within a budget
// (Summarize: extract.Top, or coverage extraction), and is saved and read
// back as JSON (WriteJSON, ReadModel). TopFeatures and FeatureReport rank
// the features by weight over several models, the paper's Table 3.
//
// # Training
//
// The objective is the mean negative log-likelihood plus lambda/2 ||w||^2,
// the bias unpenalised (see problem); it is minimised with gonum's L-BFGS
// from its exact gradient, in fixed chunks of rows that are summed in order,
// so the model is the same to the bit on any number of goroutines. The
// models of one training set share their passes over the rows (objective).
// Lambda is chosen on an inner split of the training books (cv.InnerSplit,
// Trainer.Lambda). Labels (under 1% positive) are used as they are, as in
// the paper: no class weights, no resampling.
package logistic
