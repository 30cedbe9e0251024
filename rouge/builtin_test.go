package rouge

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
)

// TestBuiltin checks the embedded data files: their digests are those
// data/README.md states, they load, and they are the files of the ROUGE
// distribution in ../shared/rouge.
func TestBuiltin(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("data", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range DataFiles() {
		b, err := BuiltinFile(name)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		if line := hex.EncodeToString(sum[:]) + "  " + name; !bytes.Contains(readme, []byte(line)) {
			t.Errorf("data/README.md does not list %q", line)
		}
	}
	d, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if !d.HasStopwords() || len(d.Stopwords()) != 596 {
		t.Errorf("the built-in stopword list has %d words, want the 596 distinct words of ROUGE's 598 lines", len(d.Stopwords()))
	}
	if base, ok := d.Exception("better"); !ok || base == "" {
		t.Errorf("the built-in exception table has no entry for better")
	}
	shared := sharedtest.Path(t, "rouge")
	for _, name := range DataFiles() {
		want, err := os.ReadFile(filepath.Join(shared, name))
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := BuiltinFile(name); !bytes.Equal(got, want) {
			t.Errorf("%s differs from the ROUGE distribution's copy in %s", name, shared)
		}
	}
}
