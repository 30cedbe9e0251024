package features

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"reflect"
	"sort"
	"testing"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/internal/classifytest"
	"github.com/bookalign/bookalign/internal/binform"
	"github.com/bookalign/bookalign/text"
)

// TestDecodeCollection checks that the collection decoded from the binary
// form of Counts is the one their Collection makes: the same saved form,
// the vocabulary of a sort of the words by frequency, and the word table
// the maps of a saved collection give (Collection.wordIndex), under
// settings with and without coverage, events and a vocabulary smaller
// and larger than the words.
func TestDecodeCollection(t *testing.T) {
	books := classifytest.CoverageBooks(t, 6)
	c, data := encodedCounts(t, books)
	stop := []string{"a", "of", "the"}
	for _, tc := range []struct {
		name string
		set  Settings
		stop []string
	}{
		{"default", Settings{}, nil},
		{"small vocabulary, events", Settings{Vocabulary: 7, Events: true}, nil},
		{"vocabulary above the words", Settings{Vocabulary: 1 << 20}, nil},
		{"coverage", Settings{Coverage: true, Events: true, Vocabulary: 50}, stop},
		{"coverage, plot", Settings{Coverage: true, CoveragePlot: "names,spread,density", Vocabulary: 50}, stop},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := DecodeCollection(data, tc.set, tc.stop)
			if err != nil {
				t.Fatal(err)
			}
			want, err := c.Collection(tc.set, tc.stop)
			if err != nil {
				t.Fatal(err)
			}
			gotJSON, _ := json.Marshal(got)
			wantJSON, _ := json.Marshal(want)
			if string(gotJSON) != string(wantJSON) {
				t.Fatalf("decoded collection differs from Counts.Collection's")
			}
			// The vocabulary of a sort of every word that is not a stopword.
			var words []string
			for w := range c.Words {
				if !text.IsStopword(w) {
					words = append(words, w)
				}
			}
			sort.Slice(words, func(i, j int) bool {
				fi, fj := c.Words[words[i]].Freq, c.Words[words[j]].Freq
				if fi != fj {
					return fi > fj
				}
				return words[i] < words[j]
			})
			if n := min(len(words), tc.set.vocabulary()); !reflect.DeepEqual(got.Vocabulary, words[:n]) {
				t.Errorf("vocabulary %v, want %v", got.Vocabulary, words[:n])
			}
			// The word table made from the sorted words is the one made
			// from the maps of the saved collection.
			var saved Collection
			if err := json.Unmarshal(gotJSON, &saved); err != nil {
				t.Fatal(err)
			}
			if g, w := got.wordIndex(), saved.wordIndex(); !reflect.DeepEqual(g.words, w.words) || !reflect.DeepEqual(g.stats, w.stats) {
				t.Error("word table differs from the saved collection's")
			}
			for _, b := range books {
				if !reflect.DeepEqual(got.Featurize(b), want.Featurize(b)) {
					t.Fatalf("%s: features differ", b.ID)
				}
			}
		})
	}
}

// TestDecodeCollectionHostile checks what DecodeCollection refuses: every
// truncation, another form, words, terms or bigrams out of order or
// repeated, no books, and the settings and stopwords Collection refuses.
func TestDecodeCollectionHostile(t *testing.T) {
	c, data := encodedCounts(t, classifytest.CoverageBooks(t, 2))
	for cut := range len(data) {
		if _, err := DecodeCollection(data[:cut], Settings{Coverage: true}, nil); !errors.Is(err, classify.ErrBookEncoding) {
			t.Fatalf("cut to %d bytes: error %v", cut, err)
		}
	}
	// counts writes a form of one book "b" with words and terms in the
	// order given, and bigram hashes as the steps given.
	counts := func(words, terms []string, steps []uint64) []byte {
		out := append([]byte{countsFormat}, 1)
		out = binform.AppendString(out, "b")
		out = binary.AppendUvarint(out, uint64(len(words)))
		prev := ""
		for _, w := range words {
			out = binform.AppendFrontCoded(out, prev, w)
			out = append(out, 2, 2, 0) // freq 1, books 1, summaries 0
			prev = w
		}
		out = binary.AppendUvarint(out, uint64(len(terms)))
		prev = ""
		for _, w := range terms {
			out = binform.AppendFrontCoded(out, prev, w)
			out = append(out, 2, 0)
			prev = w
		}
		out = binary.AppendUvarint(out, uint64(len(steps)))
		for _, s := range steps {
			out = binary.AppendUvarint(out, s)
			out = append(out, 12, 0) // 6 books: kept
		}
		return append(out, 0, 0)
	}
	cov := Settings{Coverage: true}
	if col, err := DecodeCollection(counts([]string{"cat", "dog"}, []string{"cat", "dog"}, []uint64{5, 1}), cov, nil); err != nil || len(col.Coverage.Bigrams.Keys) != 2 || col.Books() != 1 {
		t.Fatalf("a well-formed hand-made form: %v", err)
	}
	statsForm, err := (&classify.Stats{ID: "x"}).MarshalBinary() // its first byte names the form
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data []byte
		set  Settings
		stop []string
		want error
	}{
		{"empty", nil, Settings{}, nil, classify.ErrBookEncoding},
		{"another form", append([]byte{statsForm[0]}, data[1:]...), Settings{}, nil, classify.ErrBookEncoding},
		{"words out of order", counts([]string{"dog", "cat"}, nil, nil), Settings{}, nil, classify.ErrBookEncoding},
		{"a word repeated", counts([]string{"cat", "cat"}, nil, nil), Settings{}, nil, classify.ErrBookEncoding},
		{"terms out of order", counts(nil, []string{"dog", "cat"}, nil), cov, nil, classify.ErrBookEncoding},
		{"a bigram repeated", counts(nil, nil, []uint64{5, 0}), cov, nil, classify.ErrBookEncoding},
		{"no books", func() []byte { d, _ := (&Counts{}).MarshalBinary(); return d }(), Settings{}, nil, ErrNoBooks},
		{"trailing bytes", append(counts(nil, nil, nil), 0), Settings{}, nil, classify.ErrBookEncoding},
	} {
		if _, err := DecodeCollection(tc.data, tc.set, tc.stop); !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		}
	}
	for _, tc := range []struct {
		name string
		set  Settings
		stop []string
	}{
		{"negative vocabulary", Settings{Vocabulary: -1}, nil},
		{"stopwords without coverage", Settings{}, []string{"a"}},
		{"stopwords unsorted", cov, []string{"the", "a"}},
		{"unknown plot", Settings{Coverage: true, CoveragePlot: "colour"}, nil},
	} {
		_, err := DecodeCollection(data, tc.set, tc.stop)
		_, want := c.Collection(tc.set, tc.stop)
		if err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("%s: error %v, Counts.Collection's %v", tc.name, err, want)
		}
	}
}

// encodedCounts returns the counts of books and their binary form.
func encodedCounts(t *testing.T, books []*classify.Book) (*Counts, []byte) {
	t.Helper()
	var c Counts
	for _, b := range books {
		if err := c.Add(b.Stats()); err != nil {
			t.Fatal(err)
		}
	}
	data, err := c.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return &c, data
}
