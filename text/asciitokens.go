package text

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

// ASCIITokens returns the tokens that ROUGE-1.5.5 finds in text, before
// any stopword removal or stemming: the maximal runs of ASCII letters and
// digits, with A-Z lowered to a-z. Every other byte, including each byte of
// a non-ASCII character, separates tokens. Line breaks are not reported;
// an ASCIIScanner gives the line of each token.
//
//	ASCIITokens("Don't stop, Café 7:30!") == []string{"don", "t", "stop", "caf", "7", "30"}
func ASCIITokens(text string) []string {
	var toks []string
	t := ASCIIScanner{text: text}
	for t.Scan() {
		toks = append(toks, string(t.tok))
	}
	return toks
}

// EachASCIIToken calls f with each token of text, in order, as ASCIITokens
// finds them, and whether the token's first byte is an upper-case letter
// A-Z. tok is only valid during the call. ASCIITokens and EachASCIIToken
// see the same tokens: what a caller counts with EachASCIIToken is what
// ROUGE counts.
func EachASCIIToken(text string, f func(tok []byte, upper bool)) {
	t := ASCIIScanner{text: text}
	for t.Scan() {
		c := text[t.start]
		f(t.tok, 'A' <= c && c <= 'Z')
	}
}

// An ASCIIScanner walks the tokens of a text that ASCIITokens finds, and
// the line each is on, as bufio.Scanner walks its tokens:
//
//	t := text.NewASCIIScanner(s)
//	for t.Scan() {
//		use(t.Bytes(), t.Line())
//	}
//
// Reset starts it on another text and keeps its buffer, so that a scanner
// reused across texts does not allocate.
type ASCIIScanner struct {
	text  string
	pos   int    // next byte to read
	line  int    // line of tok: the number of '\n' before it
	start int    // the byte offset of tok in text
	tok   []byte // the current token, lowered; overwritten by Scan
}

// NewASCIIScanner returns a scanner of the tokens of text.
func NewASCIIScanner(text string) ASCIIScanner { return ASCIIScanner{text: text} }

// Reset starts t again on text, keeping its token buffer.
func (t *ASCIIScanner) Reset(text string) { *t = ASCIIScanner{text: text, tok: t.tok[:0]} }

// Bytes is the current token, lowered. It does not allocate: the next call
// to Scan may overwrite it.
func (t *ASCIIScanner) Bytes() []byte { return t.tok }

// Line is the line of the current token: the number of '\n' before it.
func (t *ASCIIScanner) Line() int { return t.line }

// Scan advances to the next token and reports whether there is one.
func (t *ASCIIScanner) Scan() bool {
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
