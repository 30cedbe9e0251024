package transforms

import (
	"encoding/json"

	"github.com/bookalign/bookalign/classify/features"
	"github.com/bookalign/bookalign/internal/process"
)

// collections holds the collections built in this process, shared by its
// bundles (process.Cache): a training set's collection is tens of
// megabytes for a large corpus (the document frequency of every word).
var collections process.Cache[features.Collection]

// sharedCollection returns the collection of a training set's encoded
// statistics data under settings and the coverage stopwords stop, built
// once in the process while a bundle uses it.
func sharedCollection(data []byte, settings features.Settings, stop []string) (*features.Collection, error) {
	js, err := json.Marshal(struct {
		Settings  features.Settings
		Stopwords []string
	}{settings, stop})
	if err != nil {
		return nil, err
	}
	return collections.Get(process.KeyOf(js, data), func() (*features.Collection, error) {
		return features.DecodeCollection(data, settings, stop)
	})
}
