package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/rouge"
)

// updateGolden, when set in the environment, rewrites the golden files.
const updateGolden = "BOOKALIGN_UPDATE_GOLDEN"

// TestRougeGolden runs `bookalign rouge` on the files of testdata and
// compares its output with the golden files there.
func TestRougeGolden(t *testing.T) {
	t.Setenv("BOOKALIGN_ROUGE_DATA", "")
	tests := []struct {
		name   string
		args   []string
		golden string
	}{
		{"pairs", []string{"--pairs", "testdata/rouge_pairs.jsonl"}, "rouge_pairs.golden"},
		{"pairs stem", []string{"--pairs", "testdata/rouge_pairs.jsonl", "--stem"}, "rouge_pairs_stem.golden"},
		{"files", []string{"--candidate", "testdata/rouge_candidate.txt", "--reference", "testdata/rouge_reference.txt"}, "rouge_files.golden"},
		{"files stem", []string{"--stem", "--candidate=testdata/rouge_candidate.txt", "--reference=testdata/rouge_reference.txt"}, "rouge_files_stem.golden"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := runRouge(tt.args, &out); err != nil {
				t.Fatalf("runRouge(%q): %v", tt.args, err)
			}
			path := filepath.Join("testdata", tt.golden)
			if os.Getenv(updateGolden) != "" {
				if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := out.String(); got != string(want) {
				t.Errorf("runRouge(%q):\ngot\n%s\nwant\n%s", tt.args, got, want)
			}
			for i, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
				if !json.Valid([]byte(line)) {
					t.Errorf("line %d is not JSON: %s", i+1, line)
				}
			}
		})
	}
}

// TestRougeConformance scores the shared sample pairs through the command
// and compares every printed value with ROUGE-1.5.5's own.
func TestRougeConformance(t *testing.T) {
	pairs := sharedtest.Path(t, "rouge", "sample-pairs.jsonl")
	dir := filepath.Dir(pairs)
	t.Setenv("BOOKALIGN_ROUGE_DATA", "")
	options := map[string][]string{
		"a":       nil,
		"b":       {"--stem", "--rouge-data", dir},
		"c":       {"--stem", "--stopwords", "--rouge-data", dir},
		"b_noexc": {"--stem"},
	}
	got := map[string]map[string]any{} // by id and option set
	for name, flags := range options {
		var out bytes.Buffer
		if err := runRouge(append([]string{"--pairs", pairs}, flags...), &out); err != nil {
			t.Fatal(err)
		}
		s := bufio.NewScanner(&out)
		for s.Scan() {
			var line map[string]any
			if err := json.Unmarshal(s.Bytes(), &line); err != nil {
				t.Fatalf("%s: %v: %s", name, err, s.Text())
			}
			got[fmt.Sprint(line["id"], "/", name)] = line
		}
	}
	want, err := os.ReadFile(filepath.Join(dir, "sample-expected.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, line := range bytes.Split(bytes.TrimSpace(want), []byte("\n")) {
		var w map[string]any
		if err := json.Unmarshal(line, &w); err != nil {
			t.Fatal(err)
		}
		g, ok := got[fmt.Sprint(w["id"], "/", w["options"])]
		if !ok {
			continue // c_noexc: no flags give stopwords without exceptions
		}
		for _, n := range []string{"1", "2", "l"} {
			for _, k := range []string{"recall", "precision", "f"} {
				key := "rouge_" + n + "_" + k
				if gv, wv := fmt.Sprintf("%.5f", g[key]), fmt.Sprintf("%.5f", w[key]); gv != wv {
					t.Errorf("%s %s %s: got %s, want %s", w["id"], w["flags"], key, gv, wv)
				}
				checked++
			}
		}
	}
	if checked != 38*4*9 {
		t.Errorf("checked %d values, want %d", checked, 38*4*9)
	}
}

// TestRougeErrors checks that bad command lines and bad pairs files give
// clear errors.
func TestRougeErrors(t *testing.T) {
	t.Setenv("BOOKALIGN_ROUGE_DATA", "")
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := `{"id": "x", "candidate": "a b", "reference": "a c"}` + "\n"
	tests := []struct {
		name      string
		args      []string
		wantErr   error  // matched with errors.Is, when not nil
		wantMsg   string // in the error, when not empty
		wantLines int    // JSON lines written before the error
	}{
		{name: "no arguments", wantErr: errUsage},
		{name: "help", args: []string{"-h"}, wantErr: flag.ErrHelp},
		{name: "unknown flag", args: []string{"--bogus"}, wantErr: errUsage},
		{name: "candidate alone", args: []string{"--candidate", "c.txt"}, wantErr: errUsage},
		{name: "both modes", args: []string{"--pairs", "p", "--candidate", "c", "--reference", "r"}, wantErr: errUsage},
		{name: "stray argument", args: []string{"--pairs", "p", "extra"}, wantErr: errUsage},
		{name: "stopwords without data", args: []string{"--pairs", write("ok.jsonl", good), "--stopwords"}, wantErr: rouge.ErrNoStopwords},
		{name: "missing data dir", args: []string{"--pairs", write("ok2.jsonl", good), "--stem", "--rouge-data", filepath.Join(dir, "nope")}, wantErr: os.ErrNotExist},
		{name: "missing candidate file", args: []string{"--candidate", filepath.Join(dir, "nope.txt"), "--reference", write("r.txt", "a")}, wantErr: os.ErrNotExist},
		{name: "missing pairs file", args: []string{"--pairs", filepath.Join(dir, "nope.jsonl")}, wantErr: os.ErrNotExist},
		{
			name:    "bad JSON",
			args:    []string{"--pairs", write("bad.jsonl", good+"\n"+good+"{\"id\": \"y\", \"candidate\": \n"+good)},
			wantMsg: "bad.jsonl: line 4: not a JSON object", wantLines: 2,
		},
		{
			name:    "missing field",
			args:    []string{"--pairs", write("missing.jsonl", good+`{"id": "z", "candidate": "a"}`)},
			wantMsg: `missing.jsonl: line 2: no "reference" string`, wantLines: 1,
		},
		{
			name:    "number id",
			args:    []string{"--pairs", write("num.jsonl", `{"id": 7, "candidate": "a", "reference": "a"}`)},
			wantMsg: "num.jsonl: line 1: not a JSON object", wantLines: 0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			err := runRouge(tt.args, &out)
			if err == nil {
				t.Fatalf("runRouge(%q) succeeded, want an error", tt.args)
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Errorf("runRouge(%q) = %v, want %v", tt.args, err, tt.wantErr)
			}
			if tt.wantMsg != "" && !strings.Contains(err.Error(), tt.wantMsg) {
				t.Errorf("runRouge(%q) = %v, want a message with %q", tt.args, err, tt.wantMsg)
			}
			if n := strings.Count(out.String(), "\n"); n != tt.wantLines {
				t.Errorf("runRouge(%q) wrote %d lines before the error, want %d", tt.args, n, tt.wantLines)
			}
		})
	}
}
