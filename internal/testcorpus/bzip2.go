package testcorpus

import (
	"bytes"
	"io"
	"testing"

	dsbzip2 "github.com/dsnet/compress/bzip2"
)

// Bzip2 compresses data as one bzip2 stream. The standard library has no
// bzip2 writer, so tests use github.com/dsnet/compress's.
func Bzip2(tb testing.TB, data string) []byte {
	tb.Helper()
	var b bytes.Buffer
	w, err := dsbzip2.NewWriter(&b, &dsbzip2.WriterConfig{Level: 1})
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := io.WriteString(w, data); err != nil {
		tb.Fatal(err)
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}
