package rouge

import (
	"errors"
	"strings"
	"testing"
)

// TestOptions checks what a run's ROUGE options mean: the stopword list
// comes with any ROUGE data, and stopword removal needs it.
func TestOptions(t *testing.T) {
	for _, tc := range []struct {
		name      string
		o         Options
		stopwords bool
		refused   string
	}{
		{"none", Options{}, false, ""},
		{"a directory", Options{DataDir: "rouge"}, true, ""},
		{"builtin, -s", Options{DataDir: "builtin", RemoveStopwords: true}, true, ""},
		{"-s without data", Options{RemoveStopwords: true}, false, "--rouge-data"},
	} {
		if got := tc.o.HasStopwords(); got != tc.stopwords {
			t.Errorf("%s: HasStopwords() = %v, want %v", tc.name, got, tc.stopwords)
		}
		if err := tc.o.Check(); (err != nil) != (tc.refused != "") || err != nil && !strings.Contains(err.Error(), tc.refused) {
			t.Errorf("%s: Check() = %v, want an error naming %q: %v", tc.name, err, tc.refused, tc.refused != "")
		}
	}
}

// TestOptionsReadData: no data without a DataDir, the embedded copy for
// BuiltinDir, and a directory's files read by their paths under it.
func TestOptionsReadData(t *testing.T) {
	if d, err := (Options{}).ReadData(nil); d != nil || err != nil {
		t.Errorf("no DataDir: ReadData = %v, %v, want nil, nil", d, err)
	}
	builtin, err := Options{DataDir: BuiltinDir}.ReadData(nil)
	if err != nil || !builtin.HasStopwords() {
		t.Fatalf("builtin: ReadData = %v, %v, want the embedded data", builtin, err)
	}
	var paths []string
	_, err = Options{DataDir: "gs://b/rouge/"}.ReadData(func(path string) ([]byte, error) {
		paths = append(paths, path)
		return nil, errNotHere
	})
	if err == nil || len(paths) != 1 || paths[0] != "gs://b/rouge/"+StopwordFile {
		t.Errorf("gs:// DataDir: read %q, err %v; want %q first and its error", paths, err, "gs://b/rouge/"+StopwordFile)
	}
}

var errNotHere = errors.New("not here")
