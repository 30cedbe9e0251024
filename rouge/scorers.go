package rouge

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
)

// Scorers are the two scorers of an evaluation over the same data: Stem,
// ROUGE's -m (the one an oracle maximises), and NoStem, without it.
type Scorers struct {
	Stem, NoStem *Scorer
}

// NewScorers returns the stemmed and unstemmed scorers over data (nil: an
// empty exception table and no stopword list), both removing stopwords
// (ROUGE's -s) when removeStopwords is set.
func NewScorers(data *Data, removeStopwords bool) Scorers {
	return Scorers{
		Stem:   &Scorer{Stem: true, RemoveStopwords: removeStopwords, Data: data},
		NoStem: &Scorer{RemoveStopwords: removeStopwords, Data: data},
	}
}

// DataFiles returns the names of the files of ROUGE's data directory, in
// the order NewData takes them: StopwordFile, then ExceptionFiles.
func DataFiles() []string {
	return append([]string{StopwordFile}, ExceptionFiles[:]...)
}

// ReadData reads ROUGE's data files from dir with read, which returns
// the contents of one file of dir by name (StopwordFile, ExceptionFiles),
// so that a caller can read from any file system; nil reads dir on the
// local one.
func ReadData(dir string, read func(name string) ([]byte, error)) (*Data, error) {
	if read == nil {
		read = func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, name)) }
	}
	var files [5]*bytes.Reader
	for i, name := range DataFiles() {
		b, err := read(name)
		if err != nil {
			return nil, fmt.Errorf("loading ROUGE data: %w", err)
		}
		files[i] = bytes.NewReader(b)
	}
	return NewData(files[0], files[1], files[2], files[3], files[4])
}
