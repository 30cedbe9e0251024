package procache

import (
	"encoding/json"

	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/internal/process"
)

// A Collection is a training set's collection as the process shares it,
// with the key of the statistics and settings it was built from.
type Collection struct {
	*features.Collection
	key process.Key
}

var (
	// collections holds the collections built in this process.
	collections process.Cache[features.Collection]
	// setsIndexes holds the sets indexes built in this process: an index
	// copies its collections' tables' union (tens of MB each for the 245
	// books, hundreds at four times the corpus).
	setsIndexes process.Cache[features.SetsIndex]
)

// SharedCollection returns the collection of a training set's encoded
// statistics data under settings and the coverage stopwords stop
// (features.DecodeCollection), built once in the process while a bundle
// uses it.
func SharedCollection(data []byte, settings features.Settings, stop []string) (Collection, error) {
	js, err := json.Marshal(struct {
		Settings  features.Settings
		Stopwords []string
	}{settings, stop})
	if err != nil {
		return Collection{}, err
	}
	key := process.KeyOf(js, data)
	col, err := collections.Get(key, func() (*features.Collection, error) {
		return features.DecodeCollection(data, settings, stop)
	})
	if err != nil {
		return Collection{}, err
	}
	return Collection{Collection: col, key: key}, nil
}

// SharedSetsIndex returns the index of cols, in their order
// (features.NewSetsIndex), built once in the process while a bundle uses
// it. It is keyed by the keys of the collections: collections of the same
// keys hold the same statistics under the same settings, so their index
// is the same.
func SharedSetsIndex(cols []Collection) (*features.SetsIndex, error) {
	keys := make([][]byte, len(cols))
	in := make([]*features.Collection, len(cols))
	for i := range cols {
		keys[i], in[i] = cols[i].key[:], cols[i].Collection
	}
	return setsIndexes.Get(process.KeyOf(keys...), func() (*features.SetsIndex, error) {
		return features.NewSetsIndex(in), nil
	})
}
