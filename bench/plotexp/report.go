package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
)

func sortedInts(x []int) []int {
	slices.Sort(x)
	return x
}

// mean returns the mean score of the books for which in is true.
func mean(s []score, in func(i int) bool) score {
	var m score
	n := 0
	for i, x := range s {
		if in(i) {
			for j := range m {
				m[j] += x[j]
			}
			n++
		}
	}
	for j := range m {
		m[j] /= float64(max(n, 1))
	}
	return m
}

// nested returns, for each fold, the index of the variant its training
// books choose: the best mean content ROUGE-1 + ROUGE-2 over the books of
// the other folds among the variants whose ROUGE-1 and ROUGE-2 with
// stopwords there reach floor (all variants when none does); ties go to
// the earlier variant.
func nested(scores [][]score, fold []int, folds int, floor [2]float64) []int {
	choice := make([]int, folds)
	for k := range folds {
		train := func(i int) bool { return fold[i] != k }
		best, bestFloor := -1, false
		var bestValue float64
		for v := range scores {
			m := mean(scores[v], train)
			ok := m[0] >= floor[0] && m[1] >= floor[1]
			value := m[2] + m[3]
			if best < 0 || (ok && !bestFloor) || (ok == bestFloor && value > bestValue) {
				best, bestFloor, bestValue = v, ok, value
			}
		}
		choice[k] = best
	}
	return choice
}

// nestedScores returns each book's score under its fold's choice.
func nestedScores(scores [][]score, fold, choice []int) []score {
	out := make([]score, len(fold))
	for i, k := range fold {
		out[i] = scores[choice[k]][i]
	}
	return out
}

func row(name string, m score) string {
	return fmt.Sprintf("| %s | %.2f | %.2f | %.2f | %.2f |", name, 100*m[0], 100*m[1], 100*m[2], 100*m[3])
}

// report prints the variants' means and the nested row.
func report(w io.Writer, o *options, c *corpusData, scores [][]score) {
	all := func(int) bool { return true }
	fmt.Fprintf(w, "%d books, %d folds, seed %d, β %g, γ %g, shortest row %d, no prior; unstemmed recall\n\n", len(c.books), o.folds, o.seed, o.cover.Bigram, o.cover.Function, o.cover.MinWords)
	fmt.Fprintln(w, "| plot keys | ROUGE-1 | ROUGE-2 | content ROUGE-1 | content ROUGE-2 |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|")
	for v, p := range o.variants {
		fmt.Fprintln(w, row(p.String(), mean(scores[v], all)))
	}
	choice := nested(scores, c.fold, o.folds, o.floor)
	fmt.Fprintln(w, row("nested", mean(nestedScores(scores, c.fold, choice), all)))
	names := make([]string, len(o.variants))
	for v, p := range o.variants {
		names[v] = p.String()
	}
	printChoices(w, names, choice)
}

// printChoices prints how many folds chose each variant.
func printChoices(w io.Writer, names []string, choice []int) {
	counts := make([]int, len(names))
	for _, v := range choice {
		counts[v]++
	}
	fmt.Fprint(w, "\nchosen by the folds:")
	for v, n := range counts {
		if n > 0 {
			fmt.Fprintf(w, " %s in %d;", names[v], n)
		}
	}
	fmt.Fprintln(w)
}

// writeCSV writes every book's scores under every variant.
func writeCSV(path string, o *options, c *corpusData, scores [][]score) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	fmt.Fprintln(bw, "variant,id,fold,rouge_1_recall_nostem,rouge_2_recall_nostem,rouge_1_recall_content_nostem,rouge_2_recall_content_nostem")
	for v, p := range o.variants {
		for i, bk := range c.books {
			s := scores[v][i]
			fmt.Fprintf(bw, "%q,%s,%d,%.5f,%.5f,%.5f,%.5f\n", p.String(), bk.id, c.fold[i], s[0], s[1], s[2], s[3])
		}
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
