package rouge_test

import (
	"slices"
	"testing"

	"github.com/bookalign/bookalign/rouge"
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

func TestTokenize(t *testing.T) {
	for _, tt := range tokenizeTests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rouge.Tokenize(tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("Tokenize(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestEachToken(t *testing.T) {
	var toks []string
	var upper []bool
	rouge.EachToken("Mr. Darcy's X-ray, 7:30 éLan o'NEIL", func(tok []byte, up bool) {
		toks, upper = append(toks, string(tok)), append(upper, up)
	})
	wantToks := []string{"mr", "darcy", "s", "x", "ray", "7", "30", "lan", "o", "neil"}
	wantUpper := []bool{true, true, false, true, false, false, false, true, false, true}
	if !slices.Equal(toks, wantToks) || !slices.Equal(upper, wantUpper) {
		t.Errorf("EachToken: %q %v, want %q %v", toks, upper, wantToks, wantUpper)
	}
}

func FuzzTokenize(f *testing.F) {
	for _, tt := range tokenizeTests {
		f.Add(tt.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		n := 0
		for _, tok := range rouge.Tokenize(text) {
			if tok == "" {
				t.Fatalf("Tokenize(%q) has an empty token", text)
			}
			for i := 0; i < len(tok); i++ {
				if c := tok[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
					t.Fatalf("Tokenize(%q): token %q has byte %q", text, tok, c)
				}
			}
			n += len(tok)
		}
		// Every letter and digit of the text is in exactly one token.
		m := 0
		for i := 0; i < len(text); i++ {
			if c := text[i]; 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
				m++
			}
		}
		if n != m {
			t.Errorf("Tokenize(%q): tokens hold %d bytes, the text %d letters and digits", text, n, m)
		}
		// EachToken sees the tokens of Tokenize.
		var each []string
		rouge.EachToken(text, func(tok []byte, _ bool) { each = append(each, string(tok)) })
		if want := rouge.Tokenize(text); !slices.Equal(each, want) {
			t.Errorf("EachToken(%q) = %q, Tokenize %q", text, each, want)
		}
	})
}
