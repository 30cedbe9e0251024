package corpus

import "fmt"

// TooShort says why a pair is too short to use, or returns "": its book
// must have at least minBook words and its summary at least minSummary
// (words counted without stopwords and punctuation, text.CountWords; the
// paper's thresholds are 10,000 and 100).
func TooShort(bookWords, summaryWords, minBook, minSummary int) string {
	switch {
	case bookWords < minBook:
		return fmt.Sprintf("book has %d words, below the minimum of %d (stopwords and punctuation excluded)", bookWords, minBook)
	case summaryWords < minSummary:
		return fmt.Sprintf("summary has %d words, below the minimum of %d (stopwords and punctuation excluded)", summaryWords, minSummary)
	}
	return ""
}
