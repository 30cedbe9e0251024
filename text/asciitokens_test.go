package text_test

import (
	"slices"
	"testing"

	"github.com/bookalign/bookalign/text"
)

var tokenizeTests = []struct {
	name string
	text string
	want []string
}{
	{"empty", "", nil},
	{"punctuation only", "!!! ... ??? --- ;;;", nil},
	{"lowered", "In FACT, the Farmer", []string{"in", "fact", "the", "farmer"}},
	{"apostrophes", "Don't O'Neil's we'd've", []string{"don", "t", "o", "neil", "s", "we", "d", "ve"}},
	{"curly apostrophe", "don’t", []string{"don", "t"}},
	{"hyphens", "well-known -- brother-in-law", []string{"well", "known", "brother", "in", "law"}},
	{"digits", "7:30 p.m. $1,250 3.5% 3rd 1990s", []string{"7", "30", "p", "m", "1", "250", "3", "5", "3rd", "1990s"}},
	{"non-ASCII bytes separate", "café Zürich naïve", []string{"caf", "z", "rich", "na", "ve"}},
	{"non-ASCII letters are not lowered", "Ångström ÉCOLE", []string{"ngstr", "m", "cole"}},
	{"Kelvin sign is not k", "\u212Aelvin", []string{"elvin"}},
	{"whitespace and lines", " a\tb\r\n\nc  ", []string{"a", "b", "c"}},
	{"invalid UTF-8", "a\xffb\xc0", []string{"a", "b"}},
}

func TestASCIITokens(t *testing.T) {
	for _, tt := range tokenizeTests {
		t.Run(tt.name, func(t *testing.T) {
			if got := text.ASCIITokens(tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("ASCIITokens(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestEachASCIIToken(t *testing.T) {
	var toks []string
	var upper []bool
	text.EachASCIIToken("Mr. Darcy's X-ray, 7:30 éLan o'NEIL", func(tok []byte, up bool) {
		toks, upper = append(toks, string(tok)), append(upper, up)
	})
	wantToks := []string{"mr", "darcy", "s", "x", "ray", "7", "30", "lan", "o", "neil"}
	wantUpper := []bool{true, true, false, true, false, false, false, true, false, true}
	if !slices.Equal(toks, wantToks) || !slices.Equal(upper, wantUpper) {
		t.Errorf("EachASCIIToken: %q %v, want %q %v", toks, upper, wantToks, wantUpper)
	}
}

func FuzzASCIITokens(f *testing.F) {
	for _, tt := range tokenizeTests {
		f.Add(tt.text)
	}
	f.Fuzz(func(t *testing.T, in string) {
		n := 0
		for _, tok := range text.ASCIITokens(in) {
			if tok == "" {
				t.Fatalf("ASCIITokens(%q) has an empty token", in)
			}
			for i := 0; i < len(tok); i++ {
				if c := tok[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
					t.Fatalf("ASCIITokens(%q): token %q has byte %q", in, tok, c)
				}
			}
			n += len(tok)
		}
		// Every letter and digit of the text is in exactly one token.
		m := 0
		for i := 0; i < len(in); i++ {
			if c := in[i]; 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
				m++
			}
		}
		if n != m {
			t.Errorf("ASCIITokens(%q): tokens hold %d bytes, the text %d letters and digits", in, n, m)
		}
		// EachASCIIToken sees the tokens of ASCIITokens.
		var each []string
		text.EachASCIIToken(in, func(tok []byte, _ bool) { each = append(each, string(tok)) })
		if want := text.ASCIITokens(in); !slices.Equal(each, want) {
			t.Errorf("EachASCIIToken(%q) = %q, ASCIITokens %q", in, each, want)
		}
	})
}
