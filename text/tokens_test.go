package text

import (
	"reflect"
	"strings"
	"testing"
)

func TestTokens(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string // token text as written, then Lower after "="
	}{
		{"empty", "", nil},
		{"punctuation only", " ,.;—-- \"' ’ ", nil},
		{"simple", "The cat sat.", []string{"The=the", "cat=cat", "sat=sat"}},
		{"contraction", "Don't go", []string{"Don't=don't", "go=go"}},
		{"typographic apostrophe", "o’clock", []string{"o’clock=o'clock"}},
		{"leading apostrophe", "'tis ’twas", []string{"tis=tis", "twas=twas"}},
		{"trailing apostrophe", "the boys' hats", []string{"the=the", "boys=boys", "hats=hats"}},
		{"quoted", "'Hello,' she said", []string{"Hello=hello", "she=she", "said=said"}},
		{"two apostrophes", "rock'n'roll", []string{"rock'n'roll=rock'n'roll"}},
		{"double apostrophe splits", "a''b", []string{"a=a", "b=b"}},
		{"hyphen splits", "well-known", []string{"well=well", "known=known"}},
		{"digits", "In 1848, 3rd", []string{"In=in", "1848=1848", "3rd=3rd"}},
		{"accented", "Café NAÏVE", []string{"Café=café", "NAÏVE=naïve"}},
		{"combining mark", "Cafe\u0301 x", []string{"Cafe\u0301=cafe\u0301", "x=x"}},
		{"mark does not start", "\u0301a", []string{"a=a"}},
		{"underscore splits", "_italic_ word", []string{"italic=italic", "word=word"}},
		{"em dash", "yes—no", []string{"yes=yes", "no=no"}},
		{"greek", "λόγος", []string{"λόγος=λόγος"}},
		{"apostrophe at end", "dogs'", []string{"dogs=dogs"}},
		{"invalid utf8", "a\xffb", []string{"a=a", "b=b"}},
		{"apostrophe reference", "Henry&#39;s DON&apos;T o&rsquo;clock", []string{"Henry&#39;s=henry's", "DON&apos;T=don't", "o&rsquo;clock=o'clock"}},
		{"hex apostrophe reference", "it&#x27;s", []string{"it&#x27;s=it's"}},
		{"other references separate", "&#34;Go&#34;&mdash;now&nbsp;", []string{"Go=go", "now=now"}},
		{"reference at the end", "Henry&#39;", []string{"Henry=henry"}},
		{"not a reference", "AT&T &c. &zz; &#;", []string{"AT=at", "T=t", "c=c", "zz=zz"}},
		{"unterminated reference", "x&#39 y", []string{"x=x", "39=39", "y=y"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, tok := range Tokens(tt.in, Span{0, len(tt.in)}) {
				got = append(got, tt.in[tok.Start:tok.End]+"="+tok.Lower)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Tokens(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if n := BudgetWords(tt.in); n != len(tt.want) {
				t.Errorf("BudgetWords(%q) = %d, want %d", tt.in, n, len(tt.want))
			}
		})
	}
}

func TestTokensSubspan(t *testing.T) {
	const s = "abc def, ghi"
	got := Tokens(s, Span{1, 10})
	want := []Token{{Span{1, 3}, "bc"}, {Span{4, 7}, "def"}, {Span{9, 10}, "g"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Tokens(%q, {1 10}) = %v, want %v", s, got, want)
	}
	dst := AppendTokens(got[:1], s, Span{0, 3})
	if len(dst) != 2 || dst[1].Lower != "abc" {
		t.Errorf("AppendTokens kept %v, want the first token then abc", dst)
	}
}

func TestSpanPanics(t *testing.T) {
	for _, s := range []Span{{-1, 2}, {2, 1}, {0, 4}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Tokens(%v) did not panic", s)
				}
			}()
			Tokens("abc", s)
		}()
	}
}

func TestStopwords(t *testing.T) {
	if len(Stopwords) != 179 {
		t.Errorf("len(Stopwords) = %d, want 179", len(Stopwords))
	}
	seen := map[string]bool{}
	for _, w := range Stopwords {
		if seen[w] {
			t.Errorf("duplicate stopword %q", w)
		}
		seen[w] = true
		if w != strings.ToLower(w) || strings.Contains(w, rightQuote) {
			t.Errorf("stopword %q is not a Token.Lower form", w)
		}
		if !IsStopword(w) {
			t.Errorf("IsStopword(%q) = false", w)
		}
		if len(w) > maxStopwordLen {
			t.Errorf("stopword %q is longer than maxStopwordLen", w)
		}
	}
	for _, w := range []string{"", "The", "cat", "don’t", "yourselvess", "whom'"} {
		if IsStopword(w) {
			t.Errorf("IsStopword(%q) = true", w)
		}
	}
}

func TestCountWords(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"The cat sat on the mat.", 3},
		{"I DON’T know, said Yourselves.", 2}, // know, said
		{"Shouldn't; SHOULDN'T; couldn’t", 0},
		{"Mr. Darcy's house", 3}, // mr, darcy's, house
		{"naïve café", 2},
		{"DON&#39;T &mdash; Henry&#39;s &#34;house&#34;", 2}, // henry's, house
	}
	for _, tt := range tests {
		if got := CountWords(tt.in); got != tt.want {
			t.Errorf("CountWords(%q) = %d, want %d", tt.in, got, tt.want)
		}
		// CountWords must agree with Tokens and IsStopword.
		n := 0
		for _, tok := range Tokens(tt.in, Span{0, len(tt.in)}) {
			if !IsStopword(tok.Lower) {
				n++
			}
		}
		if n != tt.want {
			t.Errorf("Tokens+IsStopword(%q) = %d, want %d", tt.in, n, tt.want)
		}
	}
}

func TestPrefixWords(t *testing.T) {
	const s = "  One, two; three four.  "
	tests := []struct {
		span Span
		n    int
		want string
	}{
		{Span{0, len(s)}, 0, ""},
		{Span{0, len(s)}, -3, ""},
		{Span{0, len(s)}, 1, "  One"},
		{Span{0, len(s)}, 3, "  One, two; three"},
		{Span{0, len(s)}, 4, "  One, two; three four"},
		{Span{0, len(s)}, 5, s},
		{Span{7, 16}, 1, "two"},
		{Span{7, 16}, 9, "two; thre"},
	}
	for _, tt := range tests {
		got := PrefixWords(s, tt.span, tt.n)
		if got.Start != tt.span.Start || s[got.Start:got.End] != tt.want {
			t.Errorf("PrefixWords(%v, %d) = %q, want %q", tt.span, tt.n, s[got.Start:got.End], tt.want)
		}
		if tt.n > 0 && tt.n <= BudgetWords(s[tt.span.Start:tt.span.End]) {
			if b := BudgetWords(s[got.Start:got.End]); b != tt.n {
				t.Errorf("PrefixWords(%v, %d) holds %d words", tt.span, tt.n, b)
			}
		}
	}
}

func TestCountWordsAllocs(t *testing.T) {
	const s = "Mr. Darcy DON’T know what YOURSELVES naïve café 1848 shouldn't"
	if a := testing.AllocsPerRun(100, func() { CountWords(s); BudgetWords(s) }); a != 0 {
		t.Errorf("CountWords and BudgetWords allocate %v times per call", a)
	}
	if a := testing.AllocsPerRun(100, func() { IsStopword("yourselves") }); a != 0 {
		t.Errorf("IsStopword allocates %v times per call", a)
	}
}

func TestWithoutPossessive(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"darcy's", "darcy"}, {"darcy", "darcy"}, {"'s", "'s"}, {"a's", "a"},
		{"o'brien", "o'brien"}, {"bennets", "bennets"}, {"s", "s"}, {"", ""},
	} {
		if got := WithoutPossessive(c.in); got != c.want {
			t.Errorf("WithoutPossessive(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// The typographic apostrophe: Tokens writes it as ', so both spellings
	// give one form.
	for _, s := range []string{"Darcy’s letter", "Darcy's letter"} {
		toks := Tokens(s, Span{0, len(s)})
		if got := WithoutPossessive(toks[0].Lower); got != "darcy" {
			t.Errorf("%q: form %q, want darcy", s, got)
		}
	}
}
