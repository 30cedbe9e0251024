package rouge

// lower maps a byte to the byte it becomes in a token: A-Z to a-z, a-z and
// 0-9 to themselves, and every other byte to 0, which separates tokens.
var lower = func() (t [256]byte) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = byte(c)
		t[c-'a'+'A'] = byte(c)
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = byte(c)
	}
	return t
}()

// Tokenize returns the tokens that ROUGE-1.5.5 finds in text, before any
// stopword removal or stemming: the maximal runs of ASCII letters and digits,
// with A-Z lowered to a-z. Every other byte, including each byte of a
// non-ASCII character, separates tokens. Line breaks are not reported; see
// Scorer.Analyze for the sentences.
//
//	Tokenize("Don't stop, Café 7:30!") == []string{"don", "t", "stop", "caf", "7", "30"}
func Tokenize(text string) []string {
	var toks []string
	t := tokenizer{text: text}
	for t.next() {
		toks = append(toks, string(t.tok))
	}
	return toks
}

// EachToken calls f with each token of text, in order, as Tokenize finds
// them, and whether the token's first byte is an upper-case letter A-Z.
// tok is only valid during the call. Tokenize and EachToken see the same
// tokens: what a caller counts with EachToken is what ROUGE counts.
func EachToken(text string, f func(tok []byte, upper bool)) {
	t := tokenizer{text: text}
	for t.next() {
		c := text[t.start]
		f(t.tok, 'A' <= c && c <= 'Z')
	}
}

// A tokenizer walks the tokens of a text and the line each is on.
//
//	t := tokenizer{text: s}
//	for t.next() {
//		use(t.tok, t.line)
//	}
type tokenizer struct {
	text  string
	pos   int    // next byte to read
	line  int    // line of tok: the number of '\n' before it
	start int    // the byte offset of tok in text
	tok   []byte // the current token, lowered; overwritten by next
}

// next advances to the next token and reports whether there is one.
func (t *tokenizer) next() bool {
	s := t.text
	i := t.pos
	for i < len(s) && lower[s[i]] == 0 {
		if s[i] == '\n' {
			t.line++
		}
		i++
	}
	if i == len(s) {
		t.pos = i
		return false
	}
	t.tok = t.tok[:0]
	t.start = i
	for ; i < len(s); i++ {
		c := lower[s[i]]
		if c == 0 {
			break
		}
		t.tok = append(t.tok, c)
	}
	t.pos = i
	return true
}
