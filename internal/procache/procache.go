package procache

import (
	"encoding/json"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/internal/process"
)

// A Collection is a training set's collection as the process shares it,
// with the key of the statistics and settings it was built from.
type Collection struct {
	*classify.Collection
	key process.Key
}

var (
	// collections holds the collections built in this process.
	collections process.Cache[classify.Collection]
	// setsIndexes holds the sets indexes built in this process: an index
	// copies its collections' tables' union (tens of MB each for the 245
	// books, hundreds at four times the corpus).
	setsIndexes process.Cache[classify.SetsIndex]
)

// SharedCollection returns the collection of a training set's encoded
// statistics data under settings and the coverage stopwords stop
// (classify.DecodeCollection), built once in the process while a bundle
// uses it.
func SharedCollection(data []byte, settings classify.Settings, stop []string) (Collection, error) {
	js, err := json.Marshal(struct {
		Settings  classify.Settings
		Stopwords []string
	}{settings, stop})
	if err != nil {
		return Collection{}, err
	}
	key := process.KeyOf(js, data)
	col, err := collections.Get(key, func() (*classify.Collection, error) {
		return classify.DecodeCollection(data, settings, stop)
	})
	if err != nil {
		return Collection{}, err
	}
	return Collection{Collection: col, key: key}, nil
}

// SharedSetsIndex returns the index of cols, in their order
// (classify.NewSetsIndex), built once in the process while a bundle uses
// it. It is keyed by the keys of the collections: collections of the same
// keys hold the same statistics under the same settings, so their index
// is the same.
func SharedSetsIndex(cols []Collection) (*classify.SetsIndex, error) {
	keys := make([][]byte, len(cols))
	in := make([]*classify.Collection, len(cols))
	for i := range cols {
		keys[i], in[i] = cols[i].key[:], cols[i].Collection
	}
	return setsIndexes.Get(process.KeyOf(keys...), func() (*classify.SetsIndex, error) {
		return classify.NewSetsIndex(in), nil
	})
}
