package text

import (
	"errors"
	"reflect"
	"testing"
)

func mustParse(t testing.TB, raw string, book bool) *Document {
	t.Helper()
	parse := ParseSummary
	if book {
		parse = ParseBook
	}
	doc, err := parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestDocumentRoundTrip checks that decoding an encoded document gives it
// back exactly, for every seed text that parses.
func TestDocumentRoundTrip(t *testing.T) {
	for _, raw := range fuzzSeeds {
		for _, book := range []bool{true, false} {
			doc, err := ParseBook(raw)
			if !book {
				doc, err = ParseSummary(raw)
			}
			if err != nil {
				continue
			}
			data, err := doc.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var got Document
			if err := got.UnmarshalBinary(data); err != nil {
				t.Fatalf("%q: %v", raw, err)
			}
			if !reflect.DeepEqual(&got, doc) {
				t.Errorf("%q: decoded %+v, want %+v", raw, got, *doc)
			}
		}
	}
}

// TestDocumentTruncated checks that every proper prefix of an encoding, and
// the encoding with a byte too many, is refused with ErrEncoding.
func TestDocumentTruncated(t *testing.T) {
	doc := mustParse(t, fuzzSeeds[2], true)
	data, err := doc.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(data) {
		var d Document
		if err := d.UnmarshalBinary(data[:n]); !errors.Is(err, ErrEncoding) {
			t.Fatalf("%d of %d bytes: %v", n, len(data), err)
		}
	}
	var d Document
	if err := d.UnmarshalBinary(append(data, 0)); !errors.Is(err, ErrEncoding) {
		t.Errorf("a byte too many: %v", err)
	}
}

// TestDocumentBadSpans checks that spans outside the text, a bad kind and
// text that is not UTF-8 are refused.
func TestDocumentBadSpans(t *testing.T) {
	good := mustParse(t, "One. Two.", false)
	for name, edit := range map[string]func(d *Document){
		"body past the end":        func(d *Document) { d.Body.End = len(d.Text) + 1 },
		"sentence past the end":    func(d *Document) { d.Sentences[1].End = len(d.Text) + 3 },
		"sentence before the text": func(d *Document) { d.Sentences[0].Start = -1 },
		"reversed sentence":        func(d *Document) { d.Sentences[1].Start = d.Sentences[1].End + 1 },
		"unknown kind":             func(d *Document) { d.Sentences[0].Kind = Apparatus + 1 },
		"not UTF-8":                func(d *Document) { d.Text = "One.\xff Two." },
	} {
		d := *good
		d.Sentences = append([]Sentence(nil), good.Sentences...)
		edit(&d)
		data, err := d.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		var got Document
		if err := got.UnmarshalBinary(data); !errors.Is(err, ErrEncoding) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// FuzzDocumentEncoding checks that decoding any bytes never panics, that
// what decodes encodes and decodes to itself, and that the encoding of any
// parsed text decodes to it.
func FuzzDocumentEncoding(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
		if doc, err := ParseBook(s); err == nil {
			data, _ := doc.MarshalBinary()
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d Document
		if err := d.UnmarshalBinary(data); err == nil {
			again, err := d.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var d2 Document
			if err := d2.UnmarshalBinary(again); err != nil || !reflect.DeepEqual(d, d2) {
				t.Fatalf("re-encoded document: %v\n%+v\n%+v", err, d, d2)
			}
		}
		if doc, err := ParseBook(string(data)); err == nil {
			enc, err := doc.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			var got Document
			if err := got.UnmarshalBinary(enc); err != nil || !reflect.DeepEqual(&got, doc) {
				t.Fatalf("parsed document: %v", err)
			}
		}
	})
}

// BenchmarkDocumentEncoding compares ParseBook with decoding the encoded
// document, which the pipeline's stages do instead of parsing again, and
// reports the encoding's size.
func BenchmarkDocumentEncoding(b *testing.B) {
	for _, id := range benchBooks {
		raw := readBenchBook(b, id)
		doc := mustParse(b, raw, true)
		data, err := doc.MarshalBinary()
		if err != nil {
			b.Fatal(err)
		}
		b.Run(id+"/parse", func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParseBook(raw); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(id+"/encode", func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := doc.MarshalBinary(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(data)-len(raw)), "structure-bytes")
		})
		b.Run(id+"/decode", func(b *testing.B) {
			b.SetBytes(int64(len(raw)))
			b.ReportAllocs()
			for b.Loop() {
				var d Document
				if err := d.UnmarshalBinary(data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
