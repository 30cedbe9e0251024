package text

import (
	"strings"
	"testing"
)

func TestGutenbergBody(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		want string // the body's text
	}{
		{"no boilerplate", "Call me Ishmael.\n", "Call me Ishmael.\n"},
		{"empty", "", ""},
		{"byte order mark", bom + "Call me Ishmael.", "Call me Ishmael."},
		{"modern markers", "The Project Gutenberg EBook of Moby Dick\r\n\r\n" +
			"*** START OF THIS PROJECT GUTENBERG EBOOK MOBY DICK ***\r\n\r\n\r\n" +
			"Call me Ishmael.\r\n\r\n" +
			"*** END OF THIS PROJECT GUTENBERG EBOOK MOBY DICK ***\r\n\r\nlicence\r\n",
			"Call me Ishmael."},
		{"2020s markers", "Title: X\n\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\nBody.\n*** END OF THE PROJECT GUTENBERG EBOOK X ***\n",
			"Body."},
		{"no spaces, lower case", "h\n***start of the project gutenberg ebook x***\nBody.\n***end of the project gutenberg ebook x***\n",
			"Body."},
		{"marker wrapped over two lines",
			"h\n*** START OF THIS PROJECT GUTENBERG EBOOK THE MYSTERY OF\n“THE YELLOW ROOM” ***\n\nBody.\n" +
				"*** END OF THIS PROJECT GUTENBERG EBOOK THE MYSTERY OF THE “YELLOW ROOM” ***\n",
			"Body."},
		{"footer line before end marker", "h\n*** START OF THIS PROJECT GUTENBERG EBOOK X ***\n\nBody.\n\n\n" +
			"End of the Project Gutenberg EBook of X, by Y\n\n*** END OF THIS PROJECT GUTENBERG EBOOK X ***\n",
			"Body."},
		{"End of Project Gutenberg's", "h\n*** START OF THIS PROJECT GUTENBERG EBOOK X ***\nBody.\n" +
			"End of Project Gutenberg's X, by Y\n", "Body."},
		{"End of Project Gutenberg’s", "h\n*** START OF THIS PROJECT GUTENBERG EBOOK X ***\nBody.\n" +
			"End of Project Gutenberg’s X, by Y\n", "Body."},
		{"End of The Project Gutenberg Etext", "h\n*** START OF THIS PROJECT GUTENBERG EBOOK X ***\nBody.\n" +
			"End of The Project Gutenberg Etext of X by Y\n", "Body."},
		{"produced by", "h\n*** START OF THIS PROJECT GUTENBERG EBOOK X ***\n\n\n\n\nProduced by A. Volunteer and the Online\n" +
			"Distributed Proofreading Team\n\n\n\n\nCHAPTER I\n\nBody.\n*** END OF THIS PROJECT GUTENBERG EBOOK X ***\n",
			"CHAPTER I\n\nBody."},
		{"transcribed from", "h\n***START OF THE PROJECT GUTENBERG EBOOK X***\n\n\nTranscribed from the 1920 John Murray edition by David Price, email\n" +
			"ccx074@pglaf.org\n\n     [Picture: X]\n\n***END OF THE PROJECT GUTENBERG EBOOK X***\n",
			"[Picture: X]"},
		{"two credit paragraphs", "h\n*** START OF THIS PROJECT GUTENBERG EBOOK X ***\nProduced by A\n\nHTML version by B.\n\nBody.\n",
			"Body."},
		{"1990s small print", "The Project Gutenberg Etext of Mary Barton\n\n**Welcome To The World of Free Plain Vanilla Electronic Texts**\n\n" +
			"***START**THE SMALL PRINT!**FOR PUBLIC DOMAIN ETEXTS**START***\nlawyers.\n" +
			"*END*THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.04.29.93*END*\n\n\n\n" +
			"This etext was prepared by Les Bowler, St. Ives, Dorset.\nAdditional proof reading by J. E. L.\n\n\n\n" +
			"MARY BARTON\n\nThere are some fields near Manchester.\n\n\n\n" +
			"End of The Project Gutenberg Etext of Mary Barton, by Elizabeth Gaskell\n",
			"MARY BARTON\n\nThere are some fields near Manchester."},
		{"small print in the footer only", "h\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\nBody.\n" +
			"*** END OF THE PROJECT GUTENBERG EBOOK X ***\n*END*THE SMALL PRINT! FOR PUBLIC DOMAIN EBOOKS*Ver.02/11/02*END*\n",
			"Body."},
		{"footer only", "Body.\n\nEnd of the Project Gutenberg EBook of X\n", "Body."},
		{"a long credit is kept", "h\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\nPrepared by\n1\n2\n3\n4\n5\n6\n7\n8\n",
			"Prepared by\n1\n2\n3\n4\n5\n6\n7\n8"},
		{"start marker late in the text is not a header", "Body one.\nBody two.\nBody three, which is long enough.\n" +
			"*** START OF THE PROJECT GUTENBERG EBOOK X ***\nmore\n",
			"Body one.\nBody two.\nBody three, which is long enough.\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\nmore\n"},
		{"mention in prose", "He read the Project Gutenberg edition.\n", "He read the Project Gutenberg edition.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := GutenbergBody(tt.raw)
			if b.Start < 0 || b.Start > b.End || b.End > len(tt.raw) {
				t.Fatalf("GutenbergBody = %v, out of range for %d bytes", b, len(tt.raw))
			}
			if got := tt.raw[b.Start:b.End]; got != tt.want {
				t.Errorf("GutenbergBody(%q) = %q, want %q", tt.raw, got, tt.want)
			}
		})
	}
}

// footerOnly is the one book that book_meta.tsv lists without a Gutenberg
// header but which keeps the Gutenberg footer line.
const footerOnly = "uncle-silas"

// TestCorpusGutenbergBody checks that GutenbergBody leaves the 224 books
// whose boilerplate was already removed as they are (less a byte order mark;
// one keeps a footer line, which goes) and takes header and footer off the
// 21 raw Project Gutenberg files.
func TestCorpusGutenbergBody(t *testing.T) {
	t.Parallel()
	const near = 2000 // bytes at either end of a body that must not mention PG
	var raw, clean int
	for _, b := range loadCorpus(t) {
		body := GutenbergBody(b.raw)
		start := 0
		if strings.HasPrefix(b.raw, bom) {
			start = len(bom)
		}
		if !b.header {
			clean++
			want := Span{start, len(b.raw)}
			if b.id == footerOnly {
				// The book's last line is "End of the Project Gutenberg
				// EBook of Uncle Silas, by J. S. LeFanu".
				want.End = strings.LastIndex(b.raw, "End of the Project Gutenberg EBook")
				want = trimSpan(b.raw, want)
			}
			if body != want {
				t.Errorf("%s: GutenbergBody = %v of %d bytes, want %v", b.id, body, len(b.raw), want)
			}
			continue
		}
		raw++
		text := b.raw[body.Start:body.End]
		if body.Len() < len(b.raw)*7/10 {
			t.Errorf("%s: body %v keeps only %d of %d bytes", b.id, body, body.Len(), len(b.raw))
		}
		head, tail := text[:min(near, len(text))], text[max(0, len(text)-near):]
		for _, s := range []string{head, tail} {
			if i := strings.Index(strings.ToLower(s), "gutenberg"); i >= 0 {
				t.Errorf("%s: body still mentions Gutenberg near an end: %q", b.id, s[max(0, i-100):min(len(s), i+50)])
			}
		}
		if strings.Contains(strings.ToLower(head), "produced by") {
			t.Errorf("%s: production credits left at the start of the body", b.id)
		}
	}
	if raw != 21 || clean != 224 {
		t.Errorf("corpus has %d raw and %d clean books, want 21 and 224", raw, clean)
	}
}
