// Package pairids reads the pair ids of a corpus for the bench commands.
package pairids

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/bookalign/bookalign/corpus"
)

// Read returns the ids of dir/pairs.tsv, in file order. A bad row is an
// error: the bench commands measure the whole corpus or nothing.
func Read(dir string) ([]string, error) {
	f, err := os.Open(filepath.Join(dir, "pairs.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	pairs, bad, err := corpus.ParsePairs(f)
	if err != nil {
		return nil, err
	}
	if len(bad) > 0 {
		return nil, fmt.Errorf("pairs.tsv: %d bad rows, the first: %v", len(bad), bad[0])
	}
	ids := make([]string, len(pairs))
	for i, p := range pairs {
		ids[i] = p.ID
	}
	return ids, nil
}
