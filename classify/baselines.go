package classify

import (
	"math/rand/v2"
)

// NameScores returns the score of each row of b under the "names"
// heuristic: how many capitalised tokens it holds of the book's n most
// frequent capitalised words, frequency counting only the capitalised
// occurrences that do not start a sentence (Book.NameCount) and leaving out
// "I". Ties in frequency go to the word first in byte order. n <= 0 means
// DefaultNames. The heuristic needs no training and no alignment.
func NameScores(b *Book, n int) []float64 {
	if n <= 0 {
		n = DefaultNames
	}
	rank := topRanks(len(b.Words), n, func(k int) float64 {
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
// by NameScores with DefaultNames names, extracted within budget words by
// Book.Extract (earlier rows first among equal scores).
func Names(b *Book, budget int) []int {
	return b.Extract(NameScores(b, DefaultNames), budget)
}

// RandomScores returns a random score for each row of b, from a generator
// seeded by seed and the book's ID alone.
func RandomScores(b *Book, seed uint64) []float64 {
	rng := rand.New(rand.NewPCG(seed, hashString(b.ID)))
	scores := make([]float64, b.Rows())
	for i := range scores {
		scores[i] = rng.Float64()
	}
	return scores
}

// Random returns a summary of b of rows in random order, extracted within
// budget words by Book.Extract; see RandomScores.
func Random(b *Book, seed uint64, budget int) []int {
	return b.Extract(RandomScores(b, seed), budget)
}
