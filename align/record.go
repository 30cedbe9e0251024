package align

// Record is one line of an alignment file (OUT/alignments/<method>/<id>.jsonl,
// and the output of `bookalign align`): where one summary sentence lies in
// the book. Other tools read these fields by name.
type Record struct {
	// Method is the aligner: "passage", "token" or "jing".
	Method string `json:"method"`
	// SummaryIndex is the index of the summary sentence.
	SummaryIndex int `json:"summary_index"`
	// SummaryText is the summary sentence exactly as written.
	SummaryText string `json:"summary_text"`
	// SpanBytes is the aligned book span [start, end) in byte offsets into
	// the book file exactly as given, header included; null when the
	// sentence is aligned to nothing.
	SpanBytes *[2]int `json:"span_bytes"`
	// SpanTokens is the same span in counted book tokens (Pair.Book.Words);
	// null when unaligned.
	SpanTokens *[2]int `json:"span_tokens"`
	// BookSentences are the indices of the book sentences labelled "in the
	// summary" for this summary sentence (never null: [] when none).
	BookSentences []int `json:"book_sentences"`
	// Confidence is the aligner's posterior or Viterbi score, in [0, 1].
	Confidence float64 `json:"confidence"`
}

// Records returns one Record per summary sentence of a, in summary order.
func Records(p *Pair, a *Alignment) []Record {
	out := make([]Record, len(a.Sentences))
	for i, s := range a.Sentences {
		r := Record{
			Method:        a.Method,
			SummaryIndex:  s.SummaryIndex,
			SummaryText:   p.SummarySentence(s.SummaryIndex),
			BookSentences: append([]int{}, s.BookSentences...),
			Confidence:    s.Confidence,
		}
		if s.Aligned {
			r.SpanBytes = &[2]int{s.Bytes.Start, s.Bytes.End}
			r.SpanTokens = &[2]int{s.Tokens.Start, s.Tokens.End}
		}
		out[i] = r
	}
	return out
}
