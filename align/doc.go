// Package align places each sentence of a plot summary in its book, with the
// three methods compared by Bamman and Smith (2013), "New Alignment Methods
// for Discriminative Book Summarization": the Passage HMM (§3.1), the Token
// HMM (§3.2) and the baseline of Jing and McKeown (1999). The aligned book
// sentences become the positive labels of the summarizer.
//
// Package align is pure Go: it never imports Beam, holds no global state and
// does no I/O except LoadThesaurus. Every aligner satisfies Aligner:
//
//	book, _ := text.ParseBook(rawBook)
//	summary, _ := text.ParseSummary(rawSummary)
//	p, _ := align.Prepare(book, summary) // once per pair, shared by all methods
//	aligner, _ := align.New(align.MethodPassage, align.Options{Seed: 1})
//	a, _ := aligner.Align(p)
//	for _, s := range a.Sentences { ... s.Bytes, s.BookSentences, s.Confidence }
//
// New builds an aligner by name from Options; each aligner is also a plain
// struct whose zero fields mean the paper's defaults. AlignAll runs several
// aligners on one pair at once, each a Result, and can return the Passage
// HMM's fit beside them (the data of the paper's Figure 3).
//
// # Counted tokens
//
// The paper counts "words (stopwords and punctuation excluded)": a counted
// token is a word token (text.Tokens) of a Prose sentence that is not a
// stopword (text.IsStopword). Apparatus is neither aligned to nor labelled.
// All three methods see the book as one sequence of word ids and the
// summary as one per sentence.
//
// # Word forms
//
// Two counted tokens are the same word when their forms are equal (Forms).
// By default (DefaultForms) a form is the lower-cased token without a
// possessive "'s" (text.WithoutPossessive), reduced to its Porter stem
// (text.Stem): "Darcy's" is "Darcy", and "returns" and "returned" are one
// word. Thesaurus synonyms are looked up in the same forms. Forms change
// only which tokens match, never which tokens count. Token positions
// (Interval, PassageFit's histograms) index the counted tokens; byte offsets
// (SentenceAlignment.Bytes) are into the book text exactly as given.
//
// # Passage HMM
//
// K = 100 states, each a contiguous passage of the book, start as equal
// passages covering it; π and γ start uniform. Each of 500 rounds runs the
// E-step (forward–backward over summary sentences), the M-step (π, and γ
// from jump counts c(d) binned by the signed difference d of the passages'
// ranks) and the S-step (for each state in order, its left boundary is
// sampled between the previous state's end and its own end, then its right
// boundary between its start and the next state's start, each with
// probability ∝ L(i, j) = prod_ℓ η_{i:j,t_ℓ}^{q(z_ℓ = s)}). Each state's
// boundaries are recorded every round; its final span is its most frequent
// (left, right) pair, clipped in state order so that no passage overlaps
// the one before it and each keeps a token. A last E-step at the final
// spans aligns each summary sentence to its most probable state; a sentence
// none of whose words occurs in the book takes its state from its
// neighbours through the transitions (PassageHMM.NoContext leaves it
// unaligned; PassageHMM.Neighbours, set by New, places it between the
// passages of its nearest neighbours with states, as the Token HMM does).
//
// Smoothing. The paper's relative-frequency emission gives probability 0 to
// a summary word missing from a passage. A Dirichlet prior of strength μ
// (PassageHMM.Prior, default 100) toward the book's unigram distribution
// gives p(w | b_i:j) = (freq(w; b_i:j) + μ p_book(w)) / (j-i+1 + μ). It keeps
// the paper's recurrence: when one token b joins or leaves a span, log L
// changes by wc_s(b) log((f+1 + μ p(b)) / (f + μ p(b))) and
// T_s log((n+1 + μ) / (n + μ)), where wc_s and T_s are the posterior-weighted
// summary word counts and lengths of state s; with the logarithms tabulated
// per word, every candidate boundary costs O(1). Jump counts and π get a
// pseudo-count λ = 0.01 (PassageHMM.JumpPrior), so no transition is ever
// impossible. A round costs O(N + K²·S) for N book tokens and S summary
// sentences. The sampler is seeded (PassageHMM.Seed): the same seed gives
// the same alignment.
//
// # Token HMM
//
// States are the book positions whose word, or a word listing it as a
// synonym in Roget's Thesaurus (Thesaurus), occurs in the summary, plus
// one null state per chunk of 250 counted tokens (TokenHMM.Chunk), our
// reading of the paper's B null states: a real state at i jumps to the null
// state of i's chunk with probability p0 (a null state stays with p0), and
// the jump out of a null state is measured from the middle of its chunk. A
// null state emits a word with its background rate in the book.
//
// Bins. Inside a summary sentence, jumps are binned as {0}, {+1}, [+2, +10],
// [+11, +100], [+101, +τ] and mirrored, τ = 1000; a jump picks a bin by its
// weight θ_b, then a position uniformly in the bin, so the bins' relative
// frequencies are their exact EM update. Jumps out of null states have
// their own weights. By default τ applies only within a summary sentence
// (taken literally it forbids jumps between sentences); a sentence's first
// token jumps from the
// previous token by log-spaced bins ({0}, ±[1, 2], ±[3, 9], ±[10, 31], ...,
// ±[316228, ∞)) with EM-learned weights ρ; the summary's first token jumps
// from position 0 by the same bins with weights π. TokenHMM.LiteralTau
// applies τ everywhere instead. Emissions η(w | v) over {v} ∪ synonyms(v)
// start at 0.9 for v itself and are learned by EM with a Dirichlet prior
// (strength 5) toward that start. Forward–backward sums each bin's sources
// with a sliding window, O((F_prev + F_next)·bins) a step; EM stops when
// log p(t) changes by less than 1e-4 relatively, or after 20 rounds, and
// Viterbi (sliding-window maxima) gives the alignment.
//
// # Jing (1999)
//
// Positions are the states, a summary token is emitted with probability 1
// by every book token of the same word, summary words missing from the book
// are dropped, and the Viterbi path over the whole summary is the
// alignment. Transitions take fixed values by the relation of the
// two positions (P1 next word of the sentence = 1, P2 later word of the
// sentence = 1/2, P3 earlier or same word = 1/4, P4 a later sentence within
// CONST = 3 = 1/8, P5 an earlier one = 1/16, P6 anything else = 1/32); each
// class is a range of positions, so a step takes range maxima over a
// sparse table of the sources, O(F log F).
//
// # Labels
//
// Passage HMM: a summary sentence is aligned to its state's final span; the
// labelled book sentences are those holding a counted token of the span.
//
// Token HMM and Jing: the summary sentence's aligned (non-null) tokens, in
// book order, are cut into clusters wherever neighbours lie more than 100
// counted tokens apart (ClusterGap); the cluster with the most tokens is
// the span, provided it holds at least min(2, n) of them (MinTokens; n is
// the number of the sentence's kept tokens), and the labelled book
// sentences are those holding a token of that cluster. A summary sentence
// with no counted token, or whose best cluster is too small, is unaligned.
// Token HMM only: a sentence with counted tokens none of which any book
// token can emit is placed between its neighbours, from the last aligned
// token before it to the first after it when they lie at most τ apart, else
// at the token before it, with confidence 0 (TokenHMM.NoContext leaves it
// unaligned). With TokenHMM.PlaceUnaligned (set by New) every sentence the
// cluster rule leaves unaligned is placed so too. Jing, the paper's
// baseline, leaves it unaligned.
//
// Top sentences. With LabelTop = n > 0 (New sets DefaultLabelTop = 1 unless
// Options.WholeSpans), only the n sentences of the above that share the
// most distinct counted words with the summary sentence are labelled, the
// earlier first on ties; a sentence sharing none is not labelled, and the
// span is unchanged. LabelTop = 0 labels them all, the paper's rule.
//
// Alignment.Labelled is the union over summary sentences: the book
// sentences "in the summary".
//
// # Confidence
//
// Passage HMM: the posterior q(z_ℓ = s | t) of the chosen state. Token HMM:
// the mean posterior, under the final parameters, of the Viterbi states of
// the sentence's tokens. Jing: the geometric mean of the transition values
// taken into the sentence's tokens. All lie in [0, 1].
package align
