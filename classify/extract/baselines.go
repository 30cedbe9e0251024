package extract

import (
	"hash/fnv"
	"math/rand/v2"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/internal/tables"
)

// NameScores returns the score of each row of b under the "names"
// heuristic: how many capitalised tokens it holds of the book's n most
// frequent capitalised words, frequency counting only the capitalised
// occurrences that do not start a sentence (classify.Book.NameCount) and leaving out
// "I". Ties in frequency go to the word first in byte order. n <= 0 means
// features.DefaultNames. The heuristic needs no training and no alignment.
func NameScores(b *classify.Book, n int) []float64 {
	if n <= 0 {
		n = features.DefaultNames
	}
	rank := tables.TopRanks(len(b.Words), n, func(k int) float64 {
		if b.Words[k] == "i" {
			return 0
		}
		return float64(b.NameCount[k])
	})
	scores := make([]float64, b.Rows())
	for i := range scores {
		words, caps := b.Row(i)
		for j, k := range words {
			if rank[k] >= 0 {
				scores[i] += float64(caps[j])
			}
		}
	}
	return scores
}

// Names returns the summary of b by the "names" heuristic: the rows ranked
// by NameScores with features.DefaultNames names, extracted within budget words by
// Top (earlier rows first among equal scores).
func Names(b *classify.Book, budget int) []int {
	return Top(b, NameScores(b, features.DefaultNames), budget)
}

// RandomScores returns a random score for each row of b, from a generator
// seeded by seed and the book's ID alone.
func RandomScores(b *classify.Book, seed uint64) []float64 {
	id := fnv.New64a() // the FNV-1a hash of the ID, as cv.Folds ranks books by
	id.Write([]byte(b.ID))
	rng := rand.New(rand.NewPCG(seed, id.Sum64()))
	scores := make([]float64, b.Rows())
	for i := range scores {
		scores[i] = rng.Float64()
	}
	return scores
}

// Random returns a summary of b of rows in random order, extracted within
// budget words by Top; see RandomScores.
func Random(b *classify.Book, seed uint64, budget int) []int {
	return Top(b, RandomScores(b, seed), budget)
}
