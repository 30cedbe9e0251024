package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Headings. A line is a heading line when it is short and either
//
//   - names a division with a number: "CHAPTER IV.", "Chapter 12", "BOOK
//     THE FIRST", "Stave One", "PART II. THE RIVER", "VOLUME I";
//   - is a bare numeral: "XIV", "XIV.", "12", "-12-";
//   - is a numbered title in capitals or title case: "I.  A MYSTERIOUS
//     DISAPPEARANCE.", "I. David and I Set Forth Upon a Journey";
//   - is a lone division word: "PREFACE", "Epilogue.", "THE END";
//
// (a "strong" heading), or is written in capitals with no lower-case letter
// and does not open with a quotation mark ("MARLEY'S GHOST": a "weak"
// heading, trusted only when its whole paragraph is headings).

// maxHeadingBytes and maxHeadingWords bound a heading line.
const (
	maxHeadingBytes = 100
	maxHeadingWords = 14
)

// numeralDecoration may surround a bare chapter number: "-12-", "[XII]".
const numeralDecoration = " .:-—–[]()"

// divisionWords introduce a numbered division: "CHAPTER IV".
var divisionWords = []string{
	"chapter", "chap", "book", "part", "volume", "vol", "stave", "act",
	"scene", "canto", "section", "letter",
}

// loneDivisions are headings on their own: "PREFACE", "The End".
var loneDivisions = []string{
	"prologue", "epilogue", "preface", "introduction", "conclusion",
	"appendix", "postscript", "foreword", "interlude", "finis", "the end",
	"dedication", "envoi", "l'envoi", "introductory", "afterword",
}

// numberWords stand for numbers after a division word: "STAVE ONE", "BOOK
// THE FIRST", "PART FIRST", "CHAPTER THE LAST" ("the" is skipped).
var numberWords = []string{
	"one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
	"ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
	"seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty", "fifty",
	"first", "second", "third", "fourth", "fifth", "sixth", "seventh",
	"eighth", "ninth", "tenth", "eleventh", "twelfth", "last",
}

// strongHeading reports whether line, a trimmed line, is a heading on its
// own evidence; see the comment at the top of this file.
func strongHeading(line string) bool {
	if len(line) == 0 || len(line) > maxHeadingBytes {
		return false
	}
	if isNumeral(strings.Trim(line, numeralDecoration)) {
		return true // "XIV", "XIV.", "12", "-12-", "[ 12 ]"
	}
	first, rest := firstField(line)
	bare := strings.TrimRight(first, ".:")
	switch {
	case isEntryNumber(bare):
		// "I.  A MYSTERIOUS DISAPPEARANCE.", "I. David and I Set Forth"
		return strings.HasSuffix(first, ".") && (isUpperLine(rest) && BudgetWords(rest) <= maxHeadingWords || titleLine(rest))
	case isCapitalised(bare) && inFold(bare, divisionWords):
		// "CHAPTER IV. THE RIVER", "Stave One", "BOOK THE FIRST"
		num, tail := firstField(rest)
		if strings.EqualFold(num, "the") {
			num, tail = firstField(tail)
		}
		num = strings.TrimRight(num, ".:,")
		if i := strings.IndexAny(num, "-—"); i > 0 {
			num = num[:i] // "TWENTY-ONE", "IV--THE RIVER"
		}
		if !isNumeral(num) && !inFold(num, numberWords) {
			return false
		}
		tail = strings.TrimLeft(tail, ".:-—– ")
		return tail == "" || isUpperLine(tail) || titleLine(tail)
	}
	l := strings.TrimRight(line, ".:")
	return isCapitalised(l) && inFold(l, loneDivisions)
}

// weakHeading reports whether line, a trimmed line, is written in capitals
// and is short enough to be a heading.
func weakHeading(line string) bool {
	if len(line) == 0 || len(line) > maxHeadingBytes || opensWithQuote(line) {
		return false
	}
	return isUpperLine(line) && BudgetWords(line) <= maxHeadingWords
}

// titleLine reports whether line reads like a chapter title in title case
// ("In Which We Meet the Hero"): at most maxHeadingWords words, every word of
// four or more letters capitalised, one sentence, and no "?", "!" or ";"
// but at its end. It is trusted only directly under a strong heading, in
// the same paragraph or the one before.
func titleLine(line string) bool {
	if len(line) == 0 || len(line) > maxHeadingBytes || opensWithQuote(line) {
		return false
	}
	if strings.ContainsAny(strings.TrimRight(line, ".?!"), "?!;") {
		return false
	}
	// One sentence at most: "Mr. Vavasor and His Daughter." but not
	// "It Was Late. Then He Came".
	var buf [2]Sentence
	if len(appendProse(buf[:0], line, Span{0, len(line)}, 0)) > 1 {
		return false
	}
	words := 0
	for i := 0; ; {
		start, stop, ok := nextWord(line, i, len(line))
		if !ok {
			break
		}
		words++
		r, _ := utf8.DecodeRuneInString(line[start:])
		if stop-start >= 4 && !unicode.IsUpper(r) {
			return false
		}
		i = stop
	}
	return words > 0 && words <= maxHeadingWords
}

// isUpperLine reports whether s has an upper-case letter and no lower-case
// one.
func isUpperLine(s string) bool {
	upper := false
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsUpper(r) {
			upper = true
		}
	}
	return upper
}

// isCapitalised reports whether s begins with an upper-case ASCII letter.
func isCapitalised(s string) bool {
	return len(s) > 0 && 'A' <= s[0] && s[0] <= 'Z'
}

// opensWithQuote reports whether s begins with a quotation mark.
func opensWithQuote(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r == '"' || r == '\'' || r == '“' || r == '‘' || r == '«'
}

// firstField splits s at its first run of white space.
func firstField(s string) (first, rest string) {
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimSpace(s[i:])
}

// inFold reports whether s is one of list, ignoring ASCII case. (A word
// of the lists has no letter whose case changes its length in UTF-8.)
func inFold(s string, list []string) bool {
	for _, w := range list {
		if len(s) == len(w) && strings.EqualFold(s, w) {
			return true
		}
	}
	return false
}

// isNumeral reports whether s is an Arabic number of at most four digits or
// a well-formed Roman numeral in one case ("XIV", "xiv", not "DIM").
func isNumeral(s string) bool {
	if s == "" {
		return false
	}
	digits := true
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			digits = false
			break
		}
	}
	if digits {
		return len(s) <= 4
	}
	return isRoman(s)
}

// romanForms are the forms each Roman digit may take, thousands first.
var romanForms = [4][]string{
	{"MMM", "MM", "M"},
	{"CM", "CD", "DCCC", "DCC", "DC", "D", "CCC", "CC", "C"},
	{"XC", "XL", "LXXX", "LXX", "LX", "L", "XXX", "XX", "X"},
	{"IX", "IV", "VIII", "VII", "VI", "V", "III", "II", "I"},
}

// isRoman reports whether s is a Roman numeral from I to MMMCMXCIX, all in
// upper case or all in lower case. It does not allocate.
func isRoman(s string) bool {
	if s == "" || len(s) > 15 {
		return false
	}
	var fold byte // 0 for upper case, 'a'-'A' for lower case
	switch s[0] {
	case 'I', 'V', 'X', 'L', 'C', 'D', 'M':
	case 'i', 'v', 'x', 'l', 'c', 'd', 'm':
		fold = 'a' - 'A'
	default:
		return false
	}
	for _, forms := range romanForms {
	next:
		for _, f := range forms {
			if len(f) > len(s) {
				continue
			}
			for j := 0; j < len(f); j++ {
				if s[j] != f[j]+fold {
					continue next
				}
			}
			s = s[len(f):]
			break
		}
	}
	return s == ""
}

// isEntryNumber reports whether s numbers an entry or a title ("XII.",
// "3."): a numeral, but not a single letter that is more often an initial
// ("M. Riviere", "L. Frank Baum", "C. Smith"), nor a four-digit year.
func isEntryNumber(s string) bool {
	switch {
	case len(s) == 1 && strings.ContainsAny(s, "LCDMlcdm"):
		return false
	case len(s) == 4 && '0' <= s[0] && s[0] <= '9':
		return false // a year: "1847.  Lola Montes became …"
	}
	return isNumeral(s)
}
