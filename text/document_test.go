package text

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name   string
		parse  func(string) (*Document, error)
		in     string
		err    error
		offset int
	}{
		{"book invalid UTF-8", ParseBook, "Good.\n\nBad \xff here.", ErrInvalidUTF8, 11},
		{"summary invalid UTF-8", ParseSummary, "ok \xe2\x80 cut", ErrInvalidUTF8, 3},
		{"invalid UTF-8 in the header", ParseBook, "h\xff\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\nBody.\n", ErrInvalidUTF8, 1},
		{"empty book", ParseBook, "", ErrEmpty, 0},
		{"punctuation only", ParseSummary, " -- ... !", ErrEmpty, 0},
		{"byte order mark only", ParseSummary, bom, ErrEmpty, 3},
		{"boilerplate only", ParseBook, "The Project Gutenberg EBook of X\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\n\n*** END OF THE PROJECT GUTENBERG EBOOK X ***\nlicence words\n",
			ErrEmpty, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := tt.parse(tt.in)
			if doc != nil {
				t.Errorf("got a document %v", doc)
			}
			if !errors.Is(err, tt.err) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %T, want *ParseError", err)
			}
			if tt.err == ErrInvalidUTF8 && pe.Offset != tt.offset {
				t.Errorf("Offset = %d, want %d", pe.Offset, tt.offset)
			}
			if tt.err == ErrEmpty && tt.offset != 0 && pe.Offset != tt.offset {
				t.Errorf("Offset = %d, want %d", pe.Offset, tt.offset)
			}
			if !strings.HasPrefix(err.Error(), "text: ") || !strings.Contains(err.Error(), "byte") {
				t.Errorf("Error() = %q", err.Error())
			}
		})
	}
}

func TestParseSummary(t *testing.T) {
	const in = bom + "Ishmael goes to sea. He meets Ahab.\n"
	doc, err := ParseSummary(in)
	if err != nil {
		t.Fatal(err)
	}
	if doc.Text != in || doc.Body != (Span{3, len(in)}) {
		t.Errorf("Text, Body = %q, %v", doc.Text, doc.Body)
	}
	if got, want := render(in, doc.Sentences), []string{"Ishmael goes to sea.", "He meets Ahab."}; !reflect.DeepEqual(got, want) {
		t.Errorf("sentences %q, want %q", got, want)
	}
	if got := doc.Str(doc.Sentences[1].Span); got != "He meets Ahab." {
		t.Errorf("Str = %q", got)
	}
	var words []string
	for _, tok := range doc.Tokens(1) {
		words = append(words, tok.Lower)
	}
	if want := []string{"he", "meets", "ahab"}; !reflect.DeepEqual(words, want) {
		t.Errorf("Tokens(1) = %q, want %q", words, want)
	}
	// A summary with "boilerplate" is not cleaned.
	const pg = "*** START OF THE PROJECT GUTENBERG EBOOK X ***\nA summary."
	if doc, err := ParseSummary(pg); err != nil || doc.Body != (Span{0, len(pg)}) {
		t.Errorf("ParseSummary(%q) = %v, %v", pg, doc, err)
	}
}

func TestParseBook(t *testing.T) {
	const in = "The Project Gutenberg EBook of Cat\r\n\r\n*** START OF THIS PROJECT GUTENBERG EBOOK CAT ***\r\n\r\n" +
		"Produced by Someone\r\n\r\nTHE CAT\r\n\r\nCHAPTER I\r\n\r\nThe cat sat on the mat. It slept.\r\n\r\n" +
		"End of the Project Gutenberg EBook of Cat\r\n\r\n*** END OF THIS PROJECT GUTENBERG EBOOK CAT ***\r\n"
	doc, err := ParseBook(in)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"A:THE CAT", "H:CHAPTER I", "The cat sat on the mat.", "It slept."}
	if got := render(in, doc.Sentences); !reflect.DeepEqual(got, want) {
		t.Errorf("sentences %q, want %q", got, want)
	}
	if got := render(in, doc.Prose()); !reflect.DeepEqual(got, want[2:]) {
		t.Errorf("Prose() = %q, want %q", got, want[2:])
	}
}
