// Package centrality ranks the sentences of one document by their
// centrality in a graph of sentence similarities, with no training and no
// reference: LexRank (Erkan and Radev 2004, "LexRank: Graph-based Lexical
// Centrality as Salience in Text Summarization", JAIR 22, §3.3, continuous
// LexRank) and TextRank (Mihalcea and Tarau 2004, "TextRank: Bringing
// Order into Texts", EMNLP, §4.1, sentence extraction). They are the
// unsupervised peers bookalign's trained summarizers are measured against.
//
// # Input
//
// A document is Sentences: each sentence's counted tokens as term ids, with
// repeats. Which tokens count is the caller's choice (classify counts ROUGE's
// tokens with the NLTK stopwords left out); the package sees only ids.
//
// # The graph, without an n × n matrix
//
// A novel has 2,000 to 30,000 sentences, so no method here builds the
// sentence × sentence matrix. Both are the stationary distribution of a
// random walk that jumps to a uniformly drawn sentence with probability
// Jump and otherwise follows an edge in proportion to its weight
// (stationary: power iteration). Each round multiplies by the weight
// matrix W through the sparse sentence × term matrix, in time linear in
// its non-zeros (nnz):
//
//   - LexRank: W = X Xᵀ − diag, X the sentences' TF-IDF vectors scaled to
//     unit length, so W's entries are the cosines of E&R's
//     idf-modified-cosine; W u = X (Xᵀ u) − diag · u.
//   - TextRank: W_ij = |S_i ∩ S_j| / (log |S_i| + log |S_j|). The
//     denominator does not factor, but it depends on the two sentences'
//     lengths only, so 1 / (log a + log b) over the document's distinct
//     lengths is a positive definite (Cauchy) matrix of small numerical
//     rank: a pivoted Cholesky factorization writes it as
//     Σ_q F_q(a) F_q(b) with a checked maximum relative error of
//     LowRankTolerance on every pair of lengths (lowRank), and
//     W u = Σ_q F_q ∘ A (Aᵀ (F_q ∘ u)) − diag · u, A the 0/1 sentence ×
//     term matrix, in O(K · nnz) per round for K terms.
//
// The diagonal, a sentence's similarity to itself, is subtracted exactly:
// the graph has no self-loops. Terms held by one sentence alone enter
// the diagonal only, so they are left out of the product: a sentence
// that shares no term with another has a row of exact zeros (no
// cancellation), and is a dangling node whose walk jumps uniformly.
//
// # Determinism
//
// Every sum runs in a fixed order on one goroutine: equal input gives
// equal scores to the bit.
//
// Package centrality never imports Beam.
package centrality
