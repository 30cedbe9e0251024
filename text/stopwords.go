package text

// Stopwords is the English stopword list of NLTK (nltk_data
// corpora/stopwords/english, its 179-word version), in NLTK's order: the
// stopwords of the paper's "words (stopwords and punctuation excluded)".
//
// The list is lower case and written with the ASCII apostrophe, as Token.Lower
// is. Callers must not modify it; IsStopword does not consult it.
var Stopwords = []string{
	"i", "me", "my", "myself", "we", "our", "ours", "ourselves",
	"you", "you're", "you've", "you'll", "you'd", "your", "yours", "yourself", "yourselves",
	"he", "him", "his", "himself", "she", "she's", "her", "hers", "herself",
	"it", "it's", "its", "itself", "they", "them", "their", "theirs", "themselves",
	"what", "which", "who", "whom", "this", "that", "that'll", "these", "those",
	"am", "is", "are", "was", "were", "be", "been", "being",
	"have", "has", "had", "having", "do", "does", "did", "doing",
	"a", "an", "the", "and", "but", "if", "or", "because", "as", "until", "while",
	"of", "at", "by", "for", "with", "about", "against", "between", "into", "through",
	"during", "before", "after", "above", "below", "to", "from", "up", "down",
	"in", "out", "on", "off", "over", "under", "again", "further", "then", "once",
	"here", "there", "when", "where", "why", "how", "all", "any", "both", "each",
	"few", "more", "most", "other", "some", "such", "no", "nor", "not", "only",
	"own", "same", "so", "than", "too", "very", "s", "t", "can", "will", "just",
	"don", "don't", "should", "should've", "now", "d", "ll", "m", "o", "re", "ve", "y",
	"ain", "aren", "aren't", "couldn", "couldn't", "didn", "didn't", "doesn", "doesn't",
	"hadn", "hadn't", "hasn", "hasn't", "haven", "haven't", "isn", "isn't",
	"ma", "mightn", "mightn't", "mustn", "mustn't", "needn", "needn't",
	"shan", "shan't", "shouldn", "shouldn't", "wasn", "wasn't", "weren", "weren't",
	"won", "won't", "wouldn", "wouldn't",
}

// maxStopwordLen is the length in bytes of the longest stopword
// ("yourselves", "themselves").
const maxStopwordLen = 10

// stopwordIndex holds a copy of Stopwords, so a caller who changes the
// exported slice cannot change IsStopword, bucketed by length and first
// letter so that a look-up compares a few short strings and hashes nothing.
var stopwordIndex = func() (idx [maxStopwordLen + 1][26][]string) {
	for _, w := range Stopwords {
		idx[len(w)][w[0]-'a'] = append(idx[len(w)][w[0]-'a'], w)
	}
	return idx
}()

// IsStopword reports whether lower, a lower-cased word written with the ASCII
// apostrophe (a Token.Lower), is in Stopwords. It does not allocate.
func IsStopword(lower string) bool {
	_, ok := lookupStopword(lower)
	return ok
}

// lookupStopword returns the element of Stopwords equal to w, if any.
func lookupStopword(w string) (string, bool) {
	if len(w) == 0 || len(w) > maxStopwordLen || w[0] < 'a' || w[0] > 'z' {
		return "", false
	}
	for _, s := range stopwordIndex[len(w)][w[0]-'a'] {
		if s == w {
			return s, true
		}
	}
	return "", false
}
