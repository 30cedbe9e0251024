package rouge

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
)

func TestReadData(t *testing.T) {
	d, err := ReadData(filepath.Dir(sharedtest.Path(t, "rouge", StopwordFile)), nil)
	if err != nil {
		t.Fatal(err)
	}
	// README.txt of the shared data: 5,930 keys in all.
	if got := len(d.exceptions); got != 5930 {
		t.Errorf("%d exceptions, want 5930", got)
	}
	lookups := []struct{ inflected, base string }{
		{"mice", "mouse"},
		{"better", "well"}, // adj "good", then adv "well"
		{"testes", "testes"},
		{"went", "go"},
		{"aardwolves", "aardwolf"},
	}
	for _, l := range lookups {
		if got, ok := d.Exception(l.inflected); !ok || got != l.base {
			t.Errorf("Exception(%q) = %q, %v; want %q", l.inflected, got, ok, l.base)
		}
	}
	for _, w := range []string{"the", "a", "reuters", "t", "s", "better"} {
		if !d.IsStopword(w) {
			t.Errorf("IsStopword(%q) = false", w)
		}
	}
	for _, w := range []string{"cat", "mice", ""} {
		if d.IsStopword(w) {
			t.Errorf("IsStopword(%q) = true", w)
		}
	}
}

func TestReadDataMissing(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, StopwordFile), []byte("the\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadData(dir, nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ReadData without the exception lists: error %v, want one wrapping os.ErrNotExist", err)
	}
}

var newDataTests = []struct {
	name       string
	stop       string
	adj, verb  string
	wantErr    error
	wantLine   int
	wantFile   string
	stopwords  []string
	exceptions map[string]string
}{
	{
		name:       "later line overrides",
		stop:       "the\r\na\n\nof",
		adj:        "better good well\nbest good\n",
		verb:       "better well\n\n  \nbest well better\n",
		stopwords:  []string{"the", "a", "of"},
		exceptions: map[string]string{"better": "well", "best": "well"},
	},
	{
		name:       "no final newline, tabs",
		adj:        "axes\tax  axis",
		exceptions: map[string]string{"axes": "ax"},
	},
	{
		name:     "one word",
		adj:      "acer acer\nlonely\n",
		wantErr:  ErrExceptionLine,
		wantLine: 2,
		wantFile: "wordnet-2.0-adj.exc",
	},
	{
		name:     "one word in the verbs",
		verb:     "a b\nc d\ne",
		wantErr:  ErrExceptionLine,
		wantLine: 3,
		wantFile: "wordnet-2.0-verb.exc",
	},
}

func TestNewData(t *testing.T) {
	for _, tt := range newDataTests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := NewData(strings.NewReader(tt.stop), strings.NewReader(tt.adj), nil, nil, strings.NewReader(tt.verb))
			if tt.wantErr != nil {
				var pe *ParseError
				if !errors.As(err, &pe) || !errors.Is(err, tt.wantErr) || pe.Line != tt.wantLine || pe.File != tt.wantFile {
					t.Fatalf("error %v, want a ParseError at %s:%d wrapping %v", err, tt.wantFile, tt.wantLine, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(d.stopwords) != len(tt.stopwords) {
				t.Errorf("stopwords %q, want %q", d.stopwords, tt.stopwords)
			}
			for _, w := range tt.stopwords {
				if !d.IsStopword(w) {
					t.Errorf("IsStopword(%q) = false", w)
				}
			}
			if len(d.exceptions) != len(tt.exceptions) {
				t.Errorf("exceptions %q, want %q", d.exceptions, tt.exceptions)
			}
			for k, v := range tt.exceptions {
				if got, _ := d.Exception(k); got != v {
					t.Errorf("Exception(%q) = %q, want %q", k, got, v)
				}
			}
		})
	}
}

func TestNilData(t *testing.T) {
	var d *Data
	if d.HasStopwords() || d.IsStopword("the") {
		t.Error("nil Data has stopwords")
	}
	if _, ok := d.Exception("mice"); ok {
		t.Error("nil Data has exceptions")
	}
	if d.Stopwords() != nil {
		t.Error("nil Data lists stopwords")
	}
	d, err := NewData(nil, nil, nil, nil, nil)
	if err != nil || d.HasStopwords() || d.Stopwords() != nil {
		t.Errorf("NewData(nil...) = %v, %v; want no stopword list", d, err)
	}
}

// TestStopwords checks that the list comes back sorted, each word once.
func TestStopwords(t *testing.T) {
	d, err := NewData(strings.NewReader("the\nof\nthe\na\n"), nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.Stopwords(), []string{"a", "of", "the"}; !slices.Equal(got, want) {
		t.Errorf("Stopwords() = %q, want %q", got, want)
	}
}

// errReader fails after its text.
type errReader struct{ r io.Reader }

var errDisk = errors.New("disk on fire")

func (e errReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		return n, errDisk
	}
	return n, err
}

func TestNewDataReadError(t *testing.T) {
	_, err := NewData(errReader{strings.NewReader("the\nof\n")}, nil, nil, nil, nil)
	var pe *ParseError
	if !errors.As(err, &pe) || !errors.Is(err, errDisk) || pe.File != StopwordFile {
		t.Errorf("error %v, want a ParseError of %s wrapping the read error", err, StopwordFile)
	}
}

func FuzzNewData(f *testing.F) {
	f.Add("the\na\n", "better good well\n")
	f.Add("", "x\n")
	f.Add("\r\n", "a b\r\n\r\n")
	f.Fuzz(func(t *testing.T, stop, exc string) {
		d, err := NewData(strings.NewReader(stop), strings.NewReader(exc), nil, nil, nil)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrExceptionLine) || pe.Line < 1 {
				t.Fatalf("error %v, want a ParseError wrapping ErrExceptionLine", err)
			}
			return
		}
		for w := range d.stopwords {
			if w == "" || strings.ContainsAny(w, "\n") {
				t.Errorf("stopword %q", w)
			}
		}
		for k, v := range d.exceptions {
			if k == "" || v == "" || strings.ContainsAny(k+v, " \t\r\n") {
				t.Errorf("exception %q -> %q", k, v)
			}
		}
	})
}
