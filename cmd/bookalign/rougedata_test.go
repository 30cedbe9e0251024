package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/pipelines"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/rundir"
	"github.com/bookalign/bookalign/transforms"
)

// environWithout is the test's environment with the variables named
// unset.
func environWithout(names ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		keep := true
		for _, n := range names {
			keep = keep && name != n
		}
		if keep {
			env = append(env, kv)
		}
	}
	return slices.Clip(env)
}

// runSample runs methods, baselines that need no training, on the sample
// corpus in the environment environ with the extra flags, and returns the
// output directory.
func runSample(t *testing.T, environ []string, methods string, extra ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	args := append([]string{"run", "--corpus", filepath.Join("..", "..", "sample"), "--out", out, "--folds", "6",
		"--methods", methods, "--report=false", "--quiet"}, extra...)
	if _, stderr, code := bookalignIn(t, environ, args...); code != 0 {
		t.Fatalf("bookalign %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
	}
	return out
}

// readOut reads the file name of the output directory out.
func readOut(t *testing.T, out, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRunBuiltinRougeData checks that a run given neither --rouge-data nor
// $BOOKALIGN_ROUGE_DATA scores with the copy of ROUGE's data in the
// binary: its table has the content-word columns, and its results are
// those of a run with the ROUGE distribution's files (same fingerprint,
// same scores); --rouge-data "" and BOOKALIGN_ROUGE_DATA="" run without.
func TestRunBuiltinRougeData(t *testing.T) {
	const content, none = "## Content words (ROUGE -s)\n", "Content words (ROUGE -s): not measured"
	unset := environWithout("BOOKALIGN_ROUGE_DATA", "BOOKALIGN_CORPUS")
	const methods = "first1000,oracle-content"
	byDefault := runSample(t, unset, methods)
	table := readOut(t, byDefault, "table.md")
	if !strings.Contains(table, content) || strings.Contains(table, none) {
		t.Fatalf("a run with no --rouge-data has no content-word columns:\n%s", table)
	}
	if !strings.Contains(readOut(t, byDefault, "results.json"), "stopwords_sha256") {
		t.Errorf("results.json records no stopword list")
	}
	for _, tc := range []struct {
		name    string
		environ []string
		extra   []string
	}{
		{"--rouge-data empty", unset, []string{"--rouge-data", ""}},
		{"BOOKALIGN_ROUGE_DATA empty", append(unset, "BOOKALIGN_ROUGE_DATA="), nil},
	} {
		if table := readOut(t, runSample(t, tc.environ, "first1000", tc.extra...), "table.md"); !strings.Contains(table, none) {
			t.Errorf("%s: the run measured content words:\n%s", tc.name, table)
		}
	}

	shared := sharedtest.Path(t, "rouge")
	for _, tc := range []struct {
		name    string
		environ []string
		extra   []string
	}{
		{"--rouge-data DIR", unset, []string{"--rouge-data", shared}},
		{"BOOKALIGN_ROUGE_DATA=DIR", append(unset, "BOOKALIGN_ROUGE_DATA="+shared), nil},
		{"--rouge-data builtin", append(unset, "BOOKALIGN_ROUGE_DATA="+shared), []string{"--rouge-data", "builtin"}},
	} {
		out := runSample(t, tc.environ, methods, tc.extra...)
		for _, name := range []string{"results.json", "per_book.csv", "table.md"} {
			if got, want := readOut(t, out, name), readOut(t, byDefault, name); got != want {
				t.Errorf("%s: %s differs from the run with the built-in data:\n%s\nwant\n%s", tc.name, name, got, want)
			}
		}
	}
}

// TestBuiltinRougeFingerprint checks that the copy of ROUGE's data in the
// binary loads as the ROUGE distribution's files do: the fingerprint that
// results.json records is the same.
func TestBuiltinRougeFingerprint(t *testing.T) {
	ctx := context.Background()
	builtin, err := transforms.ReadRougeData(ctx, rouge.Options{DataDir: "builtin"})
	if err != nil {
		t.Fatal(err)
	}
	files, err := transforms.ReadRougeData(ctx, rouge.Options{DataDir: sharedtest.Path(t, "rouge")})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := builtin.Fingerprint(), files.Fingerprint(); got != want || got.Stopwords == "" {
		t.Errorf("built-in data fingerprint %+v, the distribution's %+v", got, want)
	}
}

// TestRougeDataValues checks what run makes of each --rouge-data before
// any pipeline work (pipelines.CheckInputs, rundir.CheckDirs): builtin is the copy in
// the binary, never a path (so never inside --out), and a value that is
// not a whole data directory is refused, with a hint for one that looks
// like builtin.
func TestRougeDataValues(t *testing.T) {
	dir := t.TempDir()
	partial := filepath.Join(dir, "partial")
	if err := os.MkdirAll(partial, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(partial, "smart_common_words.txt"), []byte("the\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, data, out, want string
	}{
		{"builtin", "builtin", filepath.Join(dir, "out"), ""},
		{"builtin, --out holding the working directory", "builtin", filepath.Dir(wd), ""},
		{"none", "", filepath.Join(dir, "out"), ""},
		{"a file", file, filepath.Join(dir, "out"), "ROUGE data file " + file + "/smart_common_words.txt missing"},
		{"a directory missing four files", partial, filepath.Join(dir, "out"), "wordnet-2.0-adj.exc missing"},
		{"upper case", "BUILTIN", filepath.Join(dir, "out"), "the copy in the binary is named builtin"},
		{"a space before", " builtin", filepath.Join(dir, "out"), "the copy in the binary is named builtin"},
		{"a directory named builtin", "./builtin", filepath.Join(dir, "out"), `missing (--rouge-data "./builtin")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := pipelines.Config{Out: tc.out, Rouge: rouge.Options{DataDir: tc.data}}
			err := rundir.CheckDirs(cfg.Out, runDirs(cfg))
			if err == nil {
				err = pipelines.CheckInputs(context.Background(), cfg)
			}
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("--rouge-data %q refused: %v", tc.data, err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("--rouge-data %q: %v, want an error with %q", tc.data, err, tc.want)
			}
		})
	}
}
