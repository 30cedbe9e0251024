package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/classify/logistic"
	"github.com/bookalign/bookalign/config"
)

// The sentence model (-labels): each fold's logistic model, trained as
// `bookalign run` trains the Word HMM summarizer's (the default settings'
// features, the labels of a finished run's token alignments), gives its
// test books' row log-odds: the prior (α) and the link scores of the
// variants that ask for them. The test books' log-odds come from a model
// that never saw their labels.

// readLabels returns, by book, the sentences the token aligner labelled in
// the finished run dir (alignments/token/ID.jsonl: book_sentences).
func readLabels(dir string, bk *book) ([]int, error) {
	f, err := os.Open(filepath.Join(dir, "alignments", "token", bk.id+".jsonl"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []int
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var line struct {
			Sentences []int `json:"book_sentences"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name(), err)
		}
		out = append(out, line.Sentences...)
	}
	return out, sc.Err()
}

// foldLogits trains the logistic model of the books train and returns the
// row log-odds of each of the books test, by book index.
func (c *corpusData) foldLogits(train, test []int) (map[int][]float64, error) {
	def := config.Default()
	// The logistic model's features only: coverage is the harness's.
	set := features.Settings{Vocabulary: def.Summarizer.Vocabulary, Names: def.Summarizer.Names, Counts: def.Summarizer.Counts, Events: def.Summarizer.Events}
	var counts features.Counts
	for _, i := range train {
		if err := counts.Add(c.books[i].b.Stats()); err != nil {
			return nil, err
		}
	}
	col, err := counts.Collection(set, nil)
	if err != nil {
		return nil, err
	}
	feats := make([]*features.Features, len(train))
	if err := parallel(len(train), func(j int) error {
		bk := c.books[train[j]]
		f := col.Featurize(bk.b)
		f.Label = bk.b.Labels(bk.labels)
		feats[j] = f
		return nil
	}); err != nil {
		return nil, err
	}
	tr := logistic.Trainer{Lambda: def.Lambda, Seed: def.Seed, SelectTolerance: def.LambdaTolerance}
	models, err := tr.Train(col, feats)
	if err != nil {
		return nil, err
	}
	out := make(map[int][]float64, len(test))
	logits := make([][]float64, len(test))
	if err := parallel(len(test), func(j int) error {
		logits[j] = models[0].Logits(col.Featurize(c.books[test[j]].b))
		return nil
	}); err != nil {
		return nil, err
	}
	for j, i := range test {
		out[i] = logits[j]
	}
	return out, nil
}
