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

func TestLocate(t *testing.T) {
	body := "It was a dark night. No.\nThe wind\n  howled. No. She said\r\nno more. The end."
	for _, tc := range []struct {
		name, summary string
		want          []string
		missing       int
	}{
		{"lines in order", "It was a dark night.\nThe wind howled.\nThe end.\n", []string{"It was a dark night.", "The wind\n  howled.", "The end."}, 0},
		{"adjacent lines merge", "The wind howled.\nNo.\n", []string{"The wind\n  howled. No."}, 0},
		{"a short line is found after the one before", "The wind howled.\nNo.\nThe end.", []string{"The wind\n  howled. No.", "The end."}, 0},
		{"whole words only", "dark\nhowl\n", []string{"dark"}, 1},
		{"not in the book", "A sentence from elsewhere.\n", nil, 1},
		{"a multi-line first-words summary", "It was a dark night. No.\nThe wind\n", []string{"It was a dark night. No.\nThe wind"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spans, missing := locate(body, tc.summary)
			var got []string
			for _, s := range spans {
				got = append(got, body[s[0]:s[1]])
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") || missing != tc.missing {
				t.Errorf("got %q, %d missing; want %q, %d", got, missing, tc.want, tc.missing)
			}
		})
	}
}

func FuzzLocate(f *testing.F) {
	f.Add("It was a dark night. No.\r\nThe end.", "No.\nThe end.")
	f.Add("a  b\tc", "b c\n\nc")
	f.Add("𝔊 x", "x")
	f.Fuzz(func(t *testing.T, body, summary string) {
		spans, missing := locate(body, summary)
		last := 0
		for _, s := range spans {
			if s[0] < 0 || s[1] > len(body) || s[1] <= s[0] {
				t.Fatalf("bad span %v of a %d-byte body", s, len(body))
			}
			_ = last
			last = s[1]
		}
		if missing < 0 {
			t.Fatal("negative missing")
		}
		// Every span maps to a text the browser can slice.
		b := newBodyText(body, 0, len(body))
		for _, s := range spans {
			if us, ue, ok := b.Span(s[0], s[1]); ok && (us < 0 || ue > b.Len() || ue < us) {
				t.Fatalf("span %v → [%d, %d) outside [0, %d)", s, us, ue, b.Len())
			}
		}
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
