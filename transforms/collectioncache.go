package transforms

import (
	"encoding/json"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/internal/process"
)

// collections holds the collections built in this process, shared by its
// bundles (process.Cache): a training set's collection is tens of
// megabytes for a large corpus (the document frequency of every word).
var collections process.Cache[classify.Collection]

// sharedCollection returns the collection of a training set's encoded
// statistics data under settings and the coverage stopwords stop, built
// once in the process while a bundle uses it.
func sharedCollection(data []byte, settings classify.Settings, stop []string) (*classify.Collection, error) {
	js, err := json.Marshal(struct {
		Settings  classify.Settings
		Stopwords []string
	}{settings, stop})
	if err != nil {
		return nil, err
	}
	return collections.Get(process.KeyOf(js, data), func() (*classify.Collection, error) {
		return classify.DecodeCollection(data, settings, stop)
	})
}
