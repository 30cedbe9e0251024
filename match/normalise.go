package match

import (
	"strings"
	"unicode"
)

// fold maps the Latin letters with diacritics, and the ligatures, of
// Latin-1 and Latin Extended-A to ASCII, lower-case.
var fold = func() map[rune]string {
	m := map[rune]string{'æ': "ae", 'œ': "oe", 'ß': "ss", 'þ': "th", 'ð': "d", 'ĳ': "ij"}
	for base, letters := range map[string]string{
		"a": "àáâãäåāăą", "c": "çćĉċč", "d": "ďđ", "e": "èéêëēĕėęě",
		"g": "ĝğġģ", "h": "ĥħ", "i": "ìíîïĩīĭįı", "j": "ĵ", "k": "ķ",
		"l": "ĺļľŀł", "n": "ñńņňŉ", "o": "òóôõöøōŏő", "r": "ŕŗř",
		"s": "śŝşšſ", "t": "ţťŧ", "u": "ùúûüũūŭůűų", "w": "ŵ", "y": "ýÿŷ",
		"z": "źżž",
	} {
		for _, r := range letters {
			m[r] = base
		}
	}
	return m
}()

// words lower-cases s, folds diacritics ("é" is "e", "æ" is "ae"), drops
// apostrophes ("Alice's" is "alices"), reads "&" as "and", and returns the
// runs of letters and digits.
func words(s string) []string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r == '\'' || r == '’' || r == 'ʼ' || r == '‘':
			continue
		case r == '&':
			b.WriteString(" and ")
		case fold[r] != "":
			b.WriteString(fold[r])
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		default:
			b.WriteByte(' ')
		}
	}
	return strings.Fields(b.String())
}

// articles are dropped from the start of a title.
var articles = map[string]bool{"the": true, "a": true, "an": true}

// NormTitle returns the key under which titles are compared: lower-case,
// diacritics folded, apostrophes dropped, other punctuation a space, "&"
// read as "and", and one leading English article (the, a, an) dropped
// when more words follow. So "The Time Machine", "Time Machine" and
// "TIME-MACHINE" share a key, and so do "Alice's Adventures" and "Alices
// Adventures"; "A" alone stays "a".
func NormTitle(title string) string {
	w := words(title)
	if len(w) > 1 && articles[w[0]] {
		w = w[1:]
	}
	return strings.Join(w, " ")
}

// MainTitle returns the title less any subtitle: the part before the first
// line break, colon, semicolon, " — ", or " (" . "Frankenstein; Or, The
// Modern Prometheus" is "Frankenstein". The result is not normalised.
func MainTitle(title string) string {
	end := len(title)
	for _, sep := range []string{"\n", "\r", ":", ";", " — ", " -- ", " ("} {
		if i := strings.Index(title, sep); i > 0 && i < end {
			end = i
		}
	}
	return strings.TrimSpace(title[:end])
}

// nameSuffixes are dropped from the end of an author's name.
var nameSuffixes = map[string]bool{"jr": true, "sr": true, "ii": true, "iii": true, "iv": true}

// nameWords returns the words of a person's name, less a trailing "Jr.",
// "Sr." or numeral and any parenthesised part.
func nameWords(name string) []string {
	for {
		i := strings.Index(name, "(")
		j := strings.Index(name, ")")
		if i < 0 || j < i {
			break
		}
		name = name[:i] + " " + name[j+1:]
	}
	w := words(name)
	for len(w) > 1 && nameSuffixes[w[len(w)-1]] {
		w = w[:len(w)-1]
	}
	return w
}

// SplitAuthors splits a summary's author field into names at " and ", "&",
// ";" and ",": "Terry Pratchett and Neil Gaiman" is two names.
func SplitAuthors(s string) []string {
	s = strings.NewReplacer(" and ", ";", "&", ";", ",", ";").Replace(s)
	var out []string
	for _, n := range strings.Split(s, ";") {
		if n = strings.TrimSpace(n); n != "" && len(nameWords(n)) > 0 {
			out = append(out, n)
		}
	}
	return out
}

// SurnameMatch reports whether name (as a summary writes it: "Mary
// Shelley", "Baroness Emma Orczy") names catalog author a, and says how:
//
//   - "surname": the words of a's surname end name ("Shelley" in "Mary
//     Shelley", "Cervantes Saavedra" in "Miguel de Cervantes Saavedra");
//   - "first word of surname": name's last word is the first word of a
//     longer surname ("Cervantes" for "Cervantes Saavedra").
//
// A surname that is only a first name in name ("Henry" in "Henry James")
// does not match.
func SurnameMatch(name string, a Author) (ok bool, how string) {
	n := nameWords(name)
	s := nameWords(a.Surname)
	if len(n) == 0 || len(s) == 0 {
		return false, ""
	}
	if len(s) <= len(n) && strings.Join(n[len(n)-len(s):], " ") == strings.Join(s, " ") {
		return true, "surname"
	}
	if len(s) > 1 && n[len(n)-1] == s[0] {
		return true, "first word of surname"
	}
	return false, ""
}
