package rouge_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/rouge"
)

// BenchmarkSamplePairs scores the 38 sample pairs under the five option sets
// of sample-expected.jsonl: 190 ROUGE runs per op.
func BenchmarkSamplePairs(b *testing.B) {
	pairs := samplePairs(b)
	scorers := optionSets(b)
	b.ResetTimer()
	for b.Loop() {
		for _, s := range scorers {
			for _, p := range pairs {
				if _, err := s.Score(p.Candidate, p.Reference); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkLong scores a 1,000-word candidate against a 400-word reference,
// one sentence a line, and the same texts each on a single line (one LCS
// table of 400 x 1,000). "Score" prepares the reference each time;
// "Prepared" reuses it, as a greedy oracle does.
func BenchmarkLong(b *testing.B) {
	rng := rand.New(rand.NewPCG(2013, 1))
	words := pseudoWords(rng, 3000)
	zipf := rand.NewZipf(rand.New(rand.NewPCG(7, 7)), 1.1, 2, uint64(len(words)-1))
	cand, ref := pseudoText(rng, zipf, words, 1000), pseudoText(rng, zipf, words, 400)
	data := loadData(b)
	for _, layout := range []struct {
		name      string
		cand, ref string
	}{
		{"lines", cand, ref},
		{"oneline", strings.ReplaceAll(cand, "\n", " "), strings.ReplaceAll(ref, "\n", " ")},
	} {
		for _, opt := range []struct {
			name string
			s    *rouge.Scorer
		}{
			{"none", &rouge.Scorer{}},
			{"m", &rouge.Scorer{Stem: true, Data: data}},
			{"ms", &rouge.Scorer{Stem: true, RemoveStopwords: true, Data: data}},
		} {
			b.Run(layout.name+"/"+opt.name+"/Score", func(b *testing.B) {
				for b.Loop() {
					if _, err := opt.s.Score(layout.cand, layout.ref); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(layout.name+"/"+opt.name+"/Prepared", func(b *testing.B) {
				r, err := opt.s.Prepare(layout.ref)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					r.Score(layout.cand)
				}
			})
		}
	}
}

// pseudoWords makes n distinct English-looking words, with common function
// words first so that the Zipf draw favours them.
func pseudoWords(rng *rand.Rand, n int) []string {
	words := strings.Fields("the of and to a in was he that it his her had with as for she on at by " +
		"not be but from which they you were all this have him one said an so there")
	seen := map[string]bool{}
	for _, w := range words {
		seen[w] = true
	}
	onsets := strings.Fields("b c d f g h j k l m n p r s t v w st tr pl gr ch sh th br")
	vowels := strings.Fields("a e i o u ea ou ai")
	endings := strings.Fields("ed ing s ment ness ly er ation al ive")
	for len(words) < n {
		var w strings.Builder
		for range 1 + rng.IntN(3) {
			w.WriteString(onsets[rng.IntN(len(onsets))])
			w.WriteString(vowels[rng.IntN(len(vowels))])
		}
		if rng.IntN(2) == 0 {
			w.WriteString(endings[rng.IntN(len(endings))])
		}
		if s := w.String(); !seen[s] {
			seen[s] = true
			words = append(words, s)
		}
	}
	return words
}

// pseudoText draws n words, in sentences of 8 to 30 words, one a line.
func pseudoText(rng *rand.Rand, zipf *rand.Zipf, words []string, n int) string {
	var b strings.Builder
	for n > 0 {
		k := min(8+rng.IntN(23), n)
		for i := range k {
			if i > 0 {
				b.WriteByte(' ')
			}
			w := words[zipf.Uint64()]
			if i == 0 {
				w = strings.ToUpper(w[:1]) + w[1:]
			}
			b.WriteString(w)
		}
		b.WriteString(".\n")
		n -= k
	}
	return b.String()
}
