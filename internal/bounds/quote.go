package bounds

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// MaxQuoted is the most bytes of a string value that an error quotes.
const MaxQuoted = 64

// Quote returns s quoted for an error message: whole when it is short, else
// its first MaxQuoted bytes (cut at a character boundary), an ellipsis and
// its length, so that a 60 MB value makes a one-line error.
func Quote(s string) string {
	if len(s) <= MaxQuoted {
		return strconv.Quote(s)
	}
	cut := MaxQuoted
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%q… (%d bytes)", s[:cut], len(s))
}

// Short returns s as it is when it is short, else as Quote quotes it: for
// a message that repeats what the user gave without quotes.
func Short(s string) string {
	if len(s) > MaxQuoted {
		return Quote(s)
	}
	return s
}
