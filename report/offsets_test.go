package report

import (
	"strings"
	"testing"
	"unicode/utf16"
)

// utf16Slice returns s[start:end] in UTF-16 code units, as JavaScript would.
func utf16Slice(s string, start, end int) string {
	u := utf16.Encode([]rune(s))
	return string(utf16.Decode(u[start:end]))
}

func TestBodyTextSpans(t *testing.T) {
	crlf := strings.NewReplacer("\r\n", "\n", "\r", "\n")
	for _, tc := range []struct {
		name, raw  string
		start, end int
	}{
		{"plain", "Call me Ishmael. Some years ago.", 0, 32},
		{"header", "HEADER\n\nCall me Ishmael.\nSome years ago.", 8, 40},
		{"crlf", "One line.\r\nTwo lines.\r\n\r\nA paragraph.", 0, 37},
		{"lone cr", "Old Mac.\rNew line.\r\rEnd.", 0, 24},
		{"astral", "The 𝔊𝔬𝔱𝔥𝔦𝔠 word, café and 😀 here.\r\nNext.", 0, 46},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBodyText(tc.raw, tc.start, tc.end)
			if want := crlf.Replace(tc.raw[tc.start:tc.end]); b.Text != want {
				t.Fatalf("text %q, want %q", b.Text, want)
			}
			if n := len(utf16.Encode([]rune(b.Text))); b.Len() != n {
				t.Errorf("Len %d, want %d", b.Len(), n)
			}
			// Every span between rune starts maps to the same text.
			for s := tc.start; s <= tc.end; s++ {
				for e := s + 1; e <= tc.end; e++ {
					if !isRuneStart(tc.raw, s) || !isRuneStart(tc.raw, e) {
						continue
					}
					us, ue, ok := b.Span(s, e)
					want := crlf.Replace(tc.raw[s:e])
					if splitsCRLF(tc.raw, s) || splitsCRLF(tc.raw, e) {
						continue // half of a "\r\n": the pair is one character
					}
					if !ok {
						if want != "" {
							t.Errorf("span [%d, %d) lost", s, e)
						}
						continue
					}
					if got := utf16Slice(b.Text, us, ue); got != want {
						t.Errorf("span [%d, %d) → [%d, %d) = %q, want %q", s, e, us, ue, got, want)
					}
				}
			}
		})
	}
}

func splitsCRLF(s string, i int) bool { return i > 0 && i < len(s) && s[i-1] == '\r' && s[i] == '\n' }

func isRuneStart(s string, i int) bool {
	return i == len(s) || i < len(s) && (s[i] < 0x80 || s[i] >= 0xC0)
}

func TestBodyTextClips(t *testing.T) {
	raw := "HEADER\nBody text here.\nFOOTER"
	b := newBodyText(raw, 7, 22)
	for _, tc := range []struct {
		s, e int
		want string
		ok   bool
	}{
		{0, 7, "", false},       // all in the header
		{0, 11, "Body", true},   // starts in the header
		{17, 29, "here.", true}, // ends in the footer
		{23, 29, "", false},     // all in the footer
		{12, 12, "", false},     // empty
	} {
		s, e, ok := b.Span(tc.s, tc.e)
		if ok != tc.ok || ok && utf16Slice(b.Text, s, e) != tc.want {
			t.Errorf("Span(%d, %d) = %d, %d, %v; want %q, %v", tc.s, tc.e, s, e, ok, tc.want, tc.ok)
		}
	}
}

// TestBodySpans checks that selected byte spans become the page's spans:
// trimmed of white space, clipped to the body, and joined when only white
// space separates them.
func TestBodySpans(t *testing.T) {
	raw := "HEADER It was a dark night. No.\nThe wind\n  howled. No. She said\r\nno more. The end."
	body := 7
	span := func(s string) [2]int {
		i := strings.Index(raw, s)
		return [2]int{i, i + len(s)}
	}
	for _, tc := range []struct {
		name  string
		spans [][2]int
		want  []string
	}{
		{"sentences in order", [][2]int{span("It was a dark night."), span("The wind\n  howled."), span("The end.")}, []string{"It was a dark night.", "The wind\n  howled.", "The end."}},
		{"adjacent sentences join", [][2]int{span("The wind\n  howled."), span("No. She")}, []string{"The wind\n  howled. No. She"}},
		{"white space at the ends is left out", [][2]int{span(" No.\nThe wind\n ")}, []string{"No.\nThe wind"}},
		{"clipped to the body", [][2]int{span("HEADER It was")}, []string{"It was"}},
		{"a line end inside", [][2]int{span("said\r\nno more.")}, []string{"said\nno more."}},
		{"outside the file or empty", [][2]int{{-5, 3}, {4, 4}, {len(raw), len(raw) + 9}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBodyText(raw, body, len(raw))
			var got []string
			for _, s := range b.Spans(raw, tc.spans) {
				got = append(got, utf16Slice(b.Text, s[0], s[1]))
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("got %q; want %q", got, tc.want)
			}
		})
	}
}

// FuzzBodySpans checks that any spans map to spans the browser can slice.
func FuzzBodySpans(f *testing.F) {
	f.Add("It was a dark night. No.\r\nThe end.", 2, 0, 12, 20, 40)
	f.Add("𝔊 x", 0, 1, 3, 2, 5)
	f.Fuzz(func(t *testing.T, raw string, body, s1, e1, s2, e2 int) {
		body = min(max(body, 0), len(raw))
		b := newBodyText(raw, body, len(raw))
		last := 0
		for _, s := range b.Spans(raw, [][2]int{{s1, e1}, {s2, e2}}) {
			if s[0] < 0 || s[1] > b.Len() || s[1] <= s[0] {
				t.Fatalf("span %v outside [0, %d)", s, b.Len())
			}
			last = s[1]
		}
		_ = last
	})
}

func TestChunks(t *testing.T) {
	for _, tc := range []struct {
		text string
		size int
		want []string
	}{
		{"", 4, nil},
		{"short", 10, []string{"short"}},
		{"aaaa\n\nbb\n\ncccccc\n\nd", 4, []string{"aaaa\n\n", "bb\n\ncccccc\n\n", "d"}},
		{"no blank line at all in a long text", 4, []string{"no blank line at all in a long text"}},
	} {
		got := chunks(tc.text, tc.size)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || strings.Join(got, "") != tc.text {
			t.Errorf("chunks(%q, %d) = %q, want %q", tc.text, tc.size, got, tc.want)
		}
	}
}

func TestReflow(t *testing.T) {
	prose := "It was the best of times, it was the worst of times, it was the age\nof wisdom, it was the age of foolishness, it was the epoch of belief,\nit was the epoch of incredulity."
	verse := "Tyger Tyger, burning bright,\nIn the forests of the night;\nWhat immortal hand or eye,\nCould frame thy fearful symmetry?"
	for _, tc := range []struct{ name, in, want string }{
		{"prose joins", prose, strings.ReplaceAll(prose, "\n", " ")},
		{"verse keeps its lines", verse, verse},
		{"paragraphs stay apart", prose + "\n\n" + verse + "\n\n\n" + prose,
			strings.ReplaceAll(prose, "\n", " ") + "\n\n" + verse + "\n\n\n" + strings.ReplaceAll(prose, "\n", " ")},
		{"one line", "CHAPTER I", "CHAPTER I"},
		{"empty", "", ""},
	} {
		got := reflow(tc.in)
		if got != tc.want {
			t.Errorf("%s: reflow(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
		if len(got) != len(tc.in) {
			t.Errorf("%s: length %d, want %d", tc.name, len(got), len(tc.in))
		}
	}
}
