package wiki

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/internal/testcorpus"
)

// TestLastBzip2Block checks the end of the real dump fixture and of a
// multistream file made here: the last block comes back as the text the
// whole file ends with, and every cut of the file is refused.
func TestLastBzip2Block(t *testing.T) {
	fixture, err := os.ReadFile(sharedtest.Path(t, "wikidump", fixtureBz2))
	if err != nil {
		t.Fatal(err)
	}
	var page strings.Builder
	for i := range 3000 {
		page.WriteString("<page><title>P</title><ns>0</ns><id>1</id><revision><text>")
		page.WriteString(strings.Repeat("word ", i%50+1))
		page.WriteString("</text></revision></page>\n")
	}
	multi := append(testcorpus.Bzip2(t, "<mediawiki>\n"+page.String()), testcorpus.Bzip2(t, "</mediawiki>\n")...)
	for _, tt := range []struct {
		name string
		data []byte
	}{{"fixture", fixture}, {"multistream", multi}} {
		t.Run(tt.name, func(t *testing.T) {
			whole, err := io.ReadAll(mustDecompress(t, tt.data))
			if err != nil {
				t.Fatal(err)
			}
			block, err := LastBzip2Block(bytes.NewReader(tt.data), int64(len(tt.data)))
			if err != nil {
				t.Fatal(err)
			}
			if len(block) == 0 || !bytes.HasSuffix(whole, block) {
				t.Errorf("last block (%d bytes) is not the end of the text: %.80q", len(block), block)
			}
			for _, cut := range []int{len(tt.data) - 1, len(tt.data) - 5, len(tt.data) - 11, len(tt.data) * 2 / 3, len(tt.data) / 2, 100, 3} {
				short := tt.data[:cut]
				if _, err := LastBzip2Block(bytes.NewReader(short), int64(cut)); !errors.Is(err, ErrBzip2End) {
					t.Errorf("cut at %d of %d: err %v, want ErrBzip2End", cut, len(tt.data), err)
				}
			}
		})
	}
	// A flipped bit in the last block: the marker is there, the CRC fails.
	bad := bytes.Clone(multi)
	bad[len(bad)-20] ^= 0x10
	if _, err := LastBzip2Block(bytes.NewReader(bad), int64(len(bad))); !errors.Is(err, ErrBzip2End) {
		t.Errorf("corrupt last block: err %v, want ErrBzip2End", err)
	}
}

func mustDecompress(t *testing.T, b []byte) io.Reader {
	t.Helper()
	r, err := Decompress(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// BenchmarkLastBzip2Block checks the end of the dump fixture, against
// decompressing the whole of it.
func BenchmarkLastBzip2Block(b *testing.B) {
	data, err := os.ReadFile(sharedtest.Path(b, "wikidump", fixtureBz2))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("last-block", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := LastBzip2Block(bytes.NewReader(data), int64(len(data))); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("whole", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			r, err := Decompress(bytes.NewReader(data))
			if err != nil {
				b.Fatal(err)
			}
			if _, err := io.Copy(io.Discard, r); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// FuzzLastBzip2Block feeds arbitrary endings to the end check: it returns
// the text of a block or ErrBzip2End, and never panics.
func FuzzLastBzip2Block(f *testing.F) {
	whole := testcorpus.Bzip2(f, "<mediawiki>\n<page><title>A</title></page>\n</mediawiki>\n")
	f.Add(whole)
	f.Add(whole[:len(whole)-1])
	f.Add([]byte("BZh9"))
	f.Fuzz(func(t *testing.T, b []byte) {
		text, err := LastBzip2Block(bytes.NewReader(b), int64(len(b)))
		if err != nil && !errors.Is(err, ErrBzip2End) {
			t.Errorf("error %v is not ErrBzip2End", err)
		}
		if err == nil && len(text) > maxTailText {
			t.Errorf("%d bytes of text", len(text))
		}
	})
}
