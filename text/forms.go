package text

import "strings"

// WithoutPossessive returns lower, a Token.Lower, without a final possessive
// "'s" ("darcy's" → "darcy", "the queen's" → "queen"), so that a name and its
// possessive are one word to whoever compares words. A token is never
// reduced to less than one letter, and nothing else changes: counting,
// stopwords and the tokens themselves are as before, and "it's"-like
// contractions lose their "'s" too ("he's" → "he"). The tokenizer keeps an
// apostrophe only between letters, so a plural possessive ("the Bennets'")
// is already "bennets".
func WithoutPossessive(lower string) string {
	if len(lower) > 2 && strings.HasSuffix(lower, "'s") {
		return lower[:len(lower)-2]
	}
	return lower
}
