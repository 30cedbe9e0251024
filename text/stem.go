package text

// Stem returns word stemmed as ROUGE-1.5.5 stems it: Porter's (1980)
// algorithm as in Martin Porter's reference implementation (with its two
// departures from the paper, -bli to -ble and -logi to -log in step 2), and
// with ROUGE's change to step 4, which lets -ment and -ent come off a word
// whose -ement could not:
//
//  1. the paper's step-4 suffixes, with -ement but without -ment and -ent,
//     are removed when m > 1, as usual;
//  2. then -ment is removed from the result when m > 1;
//  3. then -ent is removed when m > 1, and only when the word does not end
//     in -ent is -ion (after s or t) removed when m > 1.
//
// So "agreement" becomes "agreem" and "argument" "argum", where Porter's
// stemmer keeps both. Here m is the measure of the stem that would remain:
// the number of vowel-consonant sequences in [C](VC)^m[V]. A "y" is a vowel
// when it follows a consonant, so a leading "y" is a consonant.
//
// Words of fewer than three bytes are returned as they are. The stemmer
// expects lower-case ASCII; any other byte is treated as a consonant. Stem
// does not consult the exception table nor the rule that ROUGE stems only
// tokens longer than three bytes; rouge.Scorer applies both.
func Stem(word string) string {
	if len(word) < 3 {
		return word
	}
	b := AppendStem(make([]byte, 0, len(word)), []byte(word))
	if string(b) == word {
		return word
	}
	return string(b)
}

// AppendStem appends the stem of word (as Stem stems it) to dst and
// returns the extended slice. The stem is never longer than word.
func AppendStem(dst, word []byte) []byte {
	n0 := len(dst)
	dst = append(dst, word...)
	if len(word) < 3 {
		return dst
	}
	p := porter{b: dst[n0:], n: len(word)}
	p.step1a()
	p.step1b()
	p.step1c()
	p.step2()
	p.step3()
	p.step4()
	p.step5()
	return dst[:n0+p.n]
}

// porter holds a word being stemmed: the word is b[:n]. The steps shorten n
// and rewrite bytes in place; no step makes the word longer than it was.
type porter struct {
	b []byte
	n int
}

// cons reports whether b[i] is a consonant: a letter other than a, e, i, o
// and u, except a "y" that follows a consonant.
func (p *porter) cons(i int) bool {
	switch p.b[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		return i == 0 || !p.cons(i-1)
	}
	return true
}

// measure returns m for b[:n], the number of VC sequences in [C](VC)^m[V].
func (p *porter) measure(n int) int {
	i := 0
	for i < n && p.cons(i) {
		i++
	}
	m := 0
	for i < n {
		for i < n && !p.cons(i) {
			i++
		}
		if i == n {
			break
		}
		for i < n && p.cons(i) {
			i++
		}
		m++
	}
	return m
}

// hasVowel reports whether b[:n] contains a vowel.
func (p *porter) hasVowel(n int) bool {
	for i := 0; i < n; i++ {
		if !p.cons(i) {
			return true
		}
	}
	return false
}

// cvc reports whether b[:n] ends consonant-vowel-consonant with a last
// consonant other than w, x and y (the *o condition of the paper).
func (p *porter) cvc(n int) bool {
	if n < 3 || !p.cons(n-1) || p.cons(n-2) || !p.cons(n-3) {
		return false
	}
	switch p.b[n-1] {
	case 'w', 'x', 'y':
		return false
	}
	return true
}

// ends reports whether the word ends in suffix.
func (p *porter) ends(suffix string) bool {
	k := len(suffix)
	return p.n >= k && p.b[p.n-1] == suffix[k-1] && string(p.b[p.n-k:p.n]) == suffix
}

// replace replaces the last k bytes of the word with s, which is no longer.
func (p *porter) replace(k int, s string) {
	p.n -= k
	p.n += copy(p.b[p.n:], s)
}

// step1a removes plurals: sses to ss, ies to i, s to nothing (but not ss).
func (p *porter) step1a() {
	switch {
	case p.ends("sses"), p.ends("ies"):
		p.n -= 2
	case p.ends("s") && p.b[p.n-2] != 's':
		p.n--
	}
}

// step1b removes -eed (to -ee when m > 0), -ed and -ing (when the stem has a
// vowel) and then tidies the stem: at, bl and iz gain an e, a double
// consonant other than l, s and z loses one, and a short stem (m = 1 and *o)
// gains an e.
func (p *porter) step1b() {
	if p.ends("eed") {
		if p.measure(p.n-3) > 0 {
			p.n--
		}
		return
	}
	var k int
	switch {
	case p.ends("ed"):
		k = 2
	case p.ends("ing"):
		k = 3
	default:
		return
	}
	if !p.hasVowel(p.n - k) {
		return
	}
	p.n -= k
	switch {
	case p.ends("at"), p.ends("bl"), p.ends("iz"):
		p.replace(0, "e")
	case p.n >= 2 && p.b[p.n-1] == p.b[p.n-2] && !isAny(p.b[p.n-1], "aeiouylsz"):
		// ROUGE's Perl stemmer tests the letters here, as the paper's
		// *d does not quite: a final "yy" is never undoubled.
		p.n--
	case p.measure(p.n) == 1 && p.cvc(p.n):
		p.replace(0, "e")
	}
}

// step1c turns a final y into i when the stem has a vowel.
func (p *porter) step1c() {
	if p.ends("y") && p.hasVowel(p.n-1) {
		p.b[p.n-1] = 'i'
	}
}

// rule replaces suffix by repl.
type rule struct{ suffix, repl string }

// step2Rules are the suffixes of step 2, each listed before any shorter
// suffix that ends it, so that the first that matches is the longest.
var step2Rules = []rule{
	{"ational", "ate"}, {"tional", "tion"},
	{"enci", "ence"}, {"anci", "ance"},
	{"izer", "ize"},
	{"bli", "ble"}, // departure: the paper has abli to able
	{"alli", "al"}, {"entli", "ent"}, {"eli", "e"}, {"ousli", "ous"},
	{"ization", "ize"}, {"ation", "ate"}, {"ator", "ate"},
	{"alism", "al"}, {"iveness", "ive"}, {"fulness", "ful"}, {"ousness", "ous"},
	{"aliti", "al"}, {"iviti", "ive"}, {"biliti", "ble"},
	{"logi", "log"}, // departure: not in the paper
}

// step3Rules are the suffixes of step 3.
var step3Rules = []rule{
	{"icate", "ic"}, {"ative", ""}, {"alize", "al"}, {"iciti", "ic"},
	{"ical", "ic"}, {"ful", ""}, {"ness", ""},
}

// step4Suffixes are the suffixes of step 4 that ROUGE tries first: the
// paper's, with ement but without ment, ent and (s|t)ion. None ends another.
var step4Suffixes = []string{
	"al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement",
	"ou", "ism", "ate", "iti", "ous", "ive", "ize",
}

// applyRules applies the first rule whose suffix ends the word, when the
// stem left has m > 0; a matching rule whose stem is too short stops the
// search.
func (p *porter) applyRules(rules []rule) {
	for _, r := range rules {
		if p.ends(r.suffix) {
			if p.measure(p.n-len(r.suffix)) > 0 {
				p.replace(len(r.suffix), r.repl)
			}
			return
		}
	}
}

// step2 maps double suffixes to single ones (-ization to -ize, ...).
func (p *porter) step2() { p.applyRules(step2Rules) }

// step3 removes or shortens -ic-, -full, -ness and the like.
func (p *porter) step3() { p.applyRules(step3Rules) }

// step4 removes a last suffix when m > 1, with ROUGE's change (see Stem).
func (p *porter) step4() {
	for _, s := range step4Suffixes {
		if p.ends(s) {
			p.cut(len(s), 1)
			break
		}
	}
	if p.ends("ment") {
		p.cut(4, 1)
	}
	if p.ends("ent") {
		p.cut(3, 1)
	} else if p.ends("ion") && p.n >= 4 && (p.b[p.n-4] == 's' || p.b[p.n-4] == 't') {
		p.cut(3, 1)
	}
}

// cut removes the last k bytes when the stem left has m > min.
func (p *porter) cut(k, min int) {
	if p.measure(p.n-k) > min {
		p.n -= k
	}
}

// step5 removes a final e when m > 1, or when m = 1 and the stem is not *o,
// and undoubles a final ll when m > 1.
func (p *porter) step5() {
	if p.ends("e") {
		if m := p.measure(p.n - 1); m > 1 || m == 1 && !p.cvc(p.n-1) {
			p.n--
		}
	}
	if p.ends("ll") && p.measure(p.n) > 1 {
		p.n--
	}
}

// isAny reports whether c is one of the bytes of set.
func isAny(c byte, set string) bool {
	for i := 0; i < len(set); i++ {
		if set[i] == c {
			return true
		}
	}
	return false
}
