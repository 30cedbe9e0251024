package evaluate

import (
	"errors"

	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/rouge"
)

// Scoring says how a run scores summaries: with which ROUGE data, and
// whether ROUGE's stopwords are removed. It lives here rather than in
// rouge, which scores one summary with the Data it is given: which data
// a run reads, what results.json records of it (Settings) and which
// methods it lets run (Runnable, HasStopwords) are the evaluation's.
type Scoring struct {
	// DataDir holds ROUGE-1.5.5's data files (smart_common_words.txt and the
	// WordNet 2.0 .exc lists), local or gs://, or is rouge.BuiltinDir for
	// the copy in the binary. Empty means no exception table.
	DataDir string `json:"data_dir"`
	// Stopwords removes ROUGE's stopwords (-s); it needs DataDir.
	Stopwords bool `json:"stopwords"`
}

// HasStopwords reports whether s gives ROUGE's stopword list: whether it
// names ROUGE data, a directory or the embedded copy (rouge.BuiltinDir),
// of which the list is a required file (rouge.DataFiles).
func (s Scoring) HasStopwords() bool { return s.DataDir != "" }

// Check refuses stopword removal without ROUGE data.
func (s Scoring) Check() error {
	if s.Stopwords && s.DataDir == "" {
		return errors.New("ROUGE stopword removal (-s) needs ROUGE's stopword list: give --rouge-data or BOOKALIGN_ROUGE_DATA")
	}
	return nil
}

// ReadData reads the ROUGE data files of s.DataDir with read, given each
// file's path, or the copy embedded in the binary when DataDir is
// rouge.BuiltinDir ("builtin"): the same files, so the same Data; nil
// without a DataDir.
func (s Scoring) ReadData(read func(path string) ([]byte, error)) (*rouge.Data, error) {
	switch s.DataDir {
	case "":
		return nil, nil
	case rouge.BuiltinDir:
		return rouge.Builtin()
	}
	return rouge.ReadData(s.DataDir, func(name string) ([]byte, error) {
		return read(corpus.Join(s.DataDir, name))
	})
}

// Settings describe s in results.json: scores stemmed, with the
// exception table when there is ROUGE data.
func (s Scoring) Settings() RougeSettings {
	return RougeSettings{Stem: true, Stopwords: s.Stopwords, Exceptions: s.DataDir != ""}
}
