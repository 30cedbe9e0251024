package pipelines

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/store"
)

// checkTestCorpus refuses a test corpus that is the training corpus (the
// same directory once its path is cleaned and, for a local corpus, its
// links resolved), that shares a pair id with it (the two pairs would
// share one work file, and a book would be scored by a model trained on
// it), or, for local corpora, that holds a book file of the training
// corpus under another id (the same SHA-256).
func checkTestCorpus(cfg Config, train, test []corpus.Pair) error {
	if store.SameDir(cfg.Corpus, cfg.TestCorpus) {
		return fmt.Errorf("--test-corpus %s is the same corpus as --corpus %s: the summarizers would be scored on the books they were trained on", cfg.TestCorpus, cfg.Corpus)
	}
	trainIDs := map[string]bool{}
	for _, p := range train {
		trainIDs[p.ID] = true
	}
	var shared []string
	for _, p := range test {
		if trainIDs[p.ID] {
			shared = append(shared, strconv.Quote(p.ID))
		}
	}
	if len(shared) > 0 {
		return fmt.Errorf("--test-corpus %s and --corpus %s both hold the pair %s %s: a test book must not be a training book", cfg.TestCorpus, cfg.Corpus, plural(len(shared), "id"), listSome(shared, 10))
	}
	if store.IsRemote(cfg.Corpus) || store.IsRemote(cfg.TestCorpus) {
		return nil // reading every book up front is for local corpora
	}
	trainTexts, err := bookPrints(cfg.Corpus, train, cfg.AllowOutsideSymlinks)
	if err != nil {
		return err
	}
	testTexts, err := bookPrints(cfg.TestCorpus, test, cfg.AllowOutsideSymlinks)
	if err != nil {
		return err
	}
	var same []string
	for _, p := range test {
		if id, ok := trainTexts[testTexts[p.ID]]; ok && testTexts[p.ID] != "" {
			same = append(same, fmt.Sprintf("test %q is training %q", p.ID, id))
		}
	}
	if len(same) > 0 {
		return fmt.Errorf("--test-corpus %s holds the same book text as --corpus %s under other ids (%s): a test book must not be a training book", cfg.TestCorpus, cfg.Corpus, listSome(same, 10))
	}
	return nil
}

// bookPrints returns the SHA-256 of the book file of each pair of the
// local corpus dir, keyed by id, and the first id of each SHA-256 keyed by
// it. A book that is missing, unreadable or refused (store.CheckInput:
// a FIFO, a link out of the corpus) has none: the pipeline rejects its
// pair.
func bookPrints(dir string, pairs []corpus.Pair, allowOutside bool) (map[string]string, error) {
	prints := map[string]string{}
	for _, p := range pairs {
		path := corpus.Layout{Dir: dir}.Book(p.ID)
		if store.CheckInput(path, dir, allowOutside) != nil {
			continue
		}
		sum, err := fileSHA256(path)
		if err != nil {
			continue
		}
		prints[p.ID] = sum
		if _, ok := prints[sum]; !ok {
			prints[sum] = p.ID
		}
	}
	return prints, nil
}

// fileSHA256 returns the SHA-256 of the file at path, in hex.
func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// listSome joins the first n of items, saying how many there are in all
// when there are more.
func listSome(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s, … (%d in all)", strings.Join(items[:n], ", "), len(items))
}

// plural is n and noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}
