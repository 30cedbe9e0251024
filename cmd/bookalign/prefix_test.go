package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/rouge"
)

// TestErrorPrefixNamesCommand checks that an error names its subcommand,
// also for the commands that parse Beam's global flags.
func TestErrorPrefixNamesCommand(t *testing.T) {
	empty := t.TempDir()
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--corpus", empty, "--out", filepath.Join(empty, "out")}, "bookalign run: no corpus index"},
		{[]string{"report", "--out", empty}, "bookalign report: "},
		{[]string{"wiki-extract", "--dump", filepath.Join(empty, "nope.xml"), "--out", filepath.Join(empty, "w")}, "bookalign wiki-extract: "},
	} {
		_, stderr, code := bookalign(t, tt.args...)
		if code != 1 || !strings.HasPrefix(stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want it to start with %q", tt.args[0], code, stderr, tt.want)
		}
	}
}

// TestErrorsAddContextOnce runs commands that fail in the packages under
// them (rouge, report, config, classify) and checks that no layer repeats
// what the one above said: no "bookalign rouge: rouge:", no "PATH: open
// PATH:", no part of the message given twice.
func TestErrorsAddContextOnce(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cand, ref := write("c.txt", "a b c\n"), write("r.txt", "a b d\n")
	bad := filepath.Join(dir, "baddata")
	for _, f := range rouge.DataFiles() {
		write(filepath.Join("baddata", f), "the\n")
	}
	write(filepath.Join("baddata", rouge.ExceptionFiles[0]), "oneword\n")
	sample := filepath.Join("..", "..", "sample")
	for _, tt := range []struct {
		args []string
		want string // a part of the message that says what failed
	}{
		{[]string{"rouge", "--candidate", cand, "--reference", ref, "--stopwords"}, "bookalign rouge: removing stopwords"},
		{[]string{"rouge", "--candidate", cand, "--reference", ref, "--stem", "--rouge-data", filepath.Join(dir, "none")}, "bookalign rouge: --rouge-data \"" + filepath.Join(dir, "none") + "\": loading ROUGE data"},
		{[]string{"rouge", "--candidate", cand, "--reference", ref, "--stem", "--rouge-data", bad}, "bookalign rouge: --rouge-data \"" + bad + "\": ROUGE data file " + rouge.ExceptionFiles[0] + " line 1"},
		{[]string{"run", "--corpus", sample, "--out", filepath.Join(dir, "out"), "--methods", "first1000", "--rouge-data", bad}, "bookalign run: --rouge-data \"" + bad + "\": ROUGE data file " + rouge.ExceptionFiles[0] + " line 1"},
		{[]string{"report", "--out", dir}, "bookalign report: " + filepath.Join(dir, "results.json") + ": no such file"},
		{[]string{"config", "--set", "lambda=abc"}, "bookalign config: --set lambda=abc: lambda: want"},
		{[]string{"config", "--config", cand}, "bookalign config: --config " + cand + ": not JSON"},
		{[]string{"summarize", "--model", write("model.json", "{}"), cand}, "bookalign summarize: "},
		{[]string{"compare", dir, dir}, "bookalign compare: " + dir + " is not a bookalign run"},
	} {
		_, stderr, code := bookalign(t, tt.args...)
		lines := strings.Split(strings.TrimSpace(stderr), "\n")
		line := lines[len(lines)-1] // the error, after any warning
		if code == 0 || !strings.Contains(line, tt.want) {
			t.Errorf("bookalign %s: exit %d, stderr %q; want a failure saying %q", strings.Join(tt.args, " "), code, stderr, tt.want)
		}
		if rep := repeatedContext(line); rep != "" {
			t.Errorf("bookalign %s: %q repeats %q", strings.Join(tt.args, " "), line, rep)
		}
	}
}

// repeatedContext returns the part of an error line that a layer repeats,
// empty when none does: parts split at ": ", one equal to another, or one
// that ends the part before it ("bookalign rouge: rouge:") or ends with it
// ("PATH: open PATH:").
func repeatedContext(line string) string {
	parts := strings.Split(line, ": ")
	for i, p := range parts {
		for _, q := range parts[:i] {
			if p == q {
				return p
			}
		}
		if i == 0 {
			continue
		}
		prev := parts[i-1]
		if strings.HasSuffix(prev, " "+p) {
			return p
		}
		if strings.HasSuffix(p, " "+prev) {
			return prev
		}
	}
	return ""
}

// TestRepeatedContext checks the detector on lines that repeat and lines
// that do not.
func TestRepeatedContext(t *testing.T) {
	for line, want := range map[string]string{
		"bookalign rouge: rouge: removing stopwords":                          "rouge",
		"bookalign report: report: x":                                         "report",
		"bookalign report: a/results.json: open a/results.json: no such file": "a/results.json",
		"bookalign config: --set x=1: --set x=1: unknown":                     "--set x=1",
		"bookalign config: --set lambda=abc: lambda: want a number":           "",
		"bookalign rouge: loading ROUGE data: open d/s.txt: no such file":     "",
	} {
		if got := repeatedContext(line); got != want {
			t.Errorf("repeatedContext(%q) = %q, want %q", line, got, want)
		}
	}
}
