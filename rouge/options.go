package rouge

import (
	"errors"

	"github.com/bookalign/bookalign/corpus"
)

// Options say how a run scores summaries with ROUGE-1.5.5: which data it
// reads (ROUGE's -e) and whether stopwords are removed (-s). Stemming (-m)
// is not among them: a run scores each summary both stemmed and not
// (NewScorers, over the Data that ReadData reads).
type Options struct {
	// DataDir holds ROUGE-1.5.5's data files (smart_common_words.txt and the
	// WordNet 2.0 .exc lists), local or gs://, or is BuiltinDir for the
	// copy in the binary. Empty means no exception table.
	DataDir string `json:"data_dir"`
	// RemoveStopwords removes ROUGE's stopwords (-s); it needs DataDir.
	RemoveStopwords bool `json:"stopwords"`
}

// HasStopwords reports whether o gives ROUGE's stopword list: whether it
// names ROUGE data, a directory or the embedded copy (BuiltinDir), of
// which the list is a required file (DataFiles).
func (o Options) HasStopwords() bool { return o.DataDir != "" }

// Check refuses stopword removal without ROUGE data.
func (o Options) Check() error {
	if o.RemoveStopwords && o.DataDir == "" {
		return errors.New("ROUGE stopword removal (-s) needs ROUGE's stopword list: give --rouge-data or BOOKALIGN_ROUGE_DATA")
	}
	return nil
}

// ReadData reads the ROUGE data files of o.DataDir with read, given each
// file's path, or the copy embedded in the binary when DataDir is
// BuiltinDir ("builtin"): the same files, so the same Data; nil without a
// DataDir.
func (o Options) ReadData(read func(path string) ([]byte, error)) (*Data, error) {
	switch o.DataDir {
	case "":
		return nil, nil
	case BuiltinDir:
		return Builtin()
	}
	return ReadData(o.DataDir, func(name string) ([]byte, error) {
		return read(corpus.Join(o.DataDir, name))
	})
}
