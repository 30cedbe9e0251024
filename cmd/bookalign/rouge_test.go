package main

import (
	"bufio"
	"bytes"
	"encoding/csv"
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
		{"pairs", []string{"--pairs", "testdata/rouge_pairs.jsonl", "--stem=false"}, "rouge_pairs.golden"},
		{"pairs stem", []string{"--pairs", "testdata/rouge_pairs.jsonl", "--stem"}, "rouge_pairs_stem.golden"},
		{"pairs stem by default", []string{"--pairs", "testdata/rouge_pairs.jsonl"}, "rouge_pairs_stem.golden"},
		{"files", []string{"--candidate", "testdata/rouge_candidate.txt", "--reference", "testdata/rouge_reference.txt", "--stem=0"}, "rouge_files.golden"},
		{"files stem", []string{"--stem", "--candidate=testdata/rouge_candidate.txt", "--reference=testdata/rouge_reference.txt"}, "rouge_files_stem.golden"},
		{"files stem by default", []string{"--candidate=testdata/rouge_candidate.txt", "--reference=testdata/rouge_reference.txt"}, "rouge_files_stem.golden"},
		{"the last --stem wins", []string{"--stem=false", "--stem", "--candidate=testdata/rouge_candidate.txt", "--reference=testdata/rouge_reference.txt"}, "rouge_files_stem.golden"},
		{"the last --stem wins, off", []string{"--stem", "--stem=false", "--candidate=testdata/rouge_candidate.txt", "--reference=testdata/rouge_reference.txt"}, "rouge_files.golden"},
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
		"a":       {"--stem=false"},
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
		{name: "stopwords without data, unstemmed", args: []string{"--pairs", write("ok3.jsonl", good), "--stopwords", "--stem=false"}, wantErr: rouge.ErrNoStopwords},
		{name: "stem not a boolean", args: []string{"--pairs", write("ok4.jsonl", good), "--stem=maybe"}, wantErr: errUsage},
		{name: "stem empty", args: []string{"--pairs", write("ok5.jsonl", good), "--stem="}, wantErr: errUsage},
		{name: "stem value apart", args: []string{"--pairs", write("ok6.jsonl", good), "--stem", "false"}, wantErr: errUsage},
		{name: "missing data dir, stemmed by default", args: []string{"--pairs", write("ok7.jsonl", good), "--rouge-data", filepath.Join(dir, "nope")}, wantErr: os.ErrNotExist},
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

// TestRougeStemValueApart checks the message of a boolean flag given its
// value apart ("--stem false"), which the flag package takes for --stem
// and a stray argument: it says to write --stem=false. A stray word that
// is no boolean, or follows a flag that is not one, stays an unexpected
// argument.
func TestRougeStemValueApart(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"rouge", "--stem", "false", "--pairs", "p.jsonl"}, `--stem takes its value after "=": --stem=false`},
		{[]string{"rouge", "--pairs", "p.jsonl", "-stem", "0"}, `--stem takes its value after "=": --stem=0`},
		{[]string{"rouge", "--stopwords", "true", "--pairs", "p.jsonl"}, `--stopwords takes its value after "=": --stopwords=true`},
		{[]string{"rouge", "--stem", "--", "false"}, `unexpected arguments ["false"]`},
		{[]string{"rouge", "--pairs", "p.jsonl", "false"}, `unexpected arguments ["false"]`},
		{[]string{"rouge", "--stem", "no"}, `unexpected arguments ["no"]`},
	} {
		stdout, stderr, code := bookalign(t, tc.args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "usage: bookalign rouge") {
			t.Errorf("%q: exit %d, want 2 saying %q and the usage:\n%s%s", tc.args, code, tc.want, stdout, stderr)
		}
	}
}

// TestRougeDefaultIsRunsHeadline checks that `bookalign rouge` scores a
// summary as `bookalign run` does: by default stemmed with the binary's
// ROUGE data, run's; with --stem=false its "no stem" columns;
// with --stopwords its content-word columns, stemmed or not. It runs First
// 1000 on the sample corpus and scores each of its summaries again.
func TestRougeDefaultIsRunsHeadline(t *testing.T) {
	out := runSample(t, environWithout(rougeDataEnv, "BOOKALIGN_CORPUS"), "first1000")
	t.Setenv(rougeDataEnv, "")
	os.Unsetenv(rougeDataEnv) // the default: the copy in the binary
	rows, err := csv.NewReader(strings.NewReader(readOut(t, out, "per_book.csv"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var pairs bytes.Buffer
	for _, row := range rows[1:] {
		cand := readOut(t, out, filepath.Join("summaries", "first1000", row[1]+".txt"))
		ref, err := os.ReadFile(filepath.Join("..", "..", "sample", "summaries", row[1]+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		line, _ := json.Marshal(map[string]string{"id": row[1], "candidate": cand, "reference": string(ref)})
		pairs.Write(append(line, '\n'))
	}
	path := filepath.Join(t.TempDir(), "pairs.jsonl")
	if err := os.WriteFile(path, pairs.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		flags []string
		col   int // of ROUGE-1 recall in per_book.csv; ROUGE-2's follows
	}{
		{nil, 2}, {[]string{"--stem=false"}, 4}, {[]string{"--stopwords"}, 6}, {[]string{"--stopwords", "--stem=false"}, 8},
	} {
		var got bytes.Buffer
		if err := runRouge(append([]string{"--pairs", path}, tc.flags...), &got); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(got.String()), "\n")
		if len(lines) != len(rows)-1 {
			t.Fatalf("%q: %d lines for %d books", tc.flags, len(lines), len(rows)-1)
		}
		for i, line := range lines {
			var s map[string]any
			if err := json.Unmarshal([]byte(line), &s); err != nil {
				t.Fatal(err)
			}
			row := rows[i+1]
			for k, key := range []string{"rouge_1_recall", "rouge_2_recall"} {
				if g := fmt.Sprintf("%.5f", s[key]); g != row[tc.col+k] {
					t.Errorf("%q, %s: %s %s, run's %s %s", tc.flags, row[1], key, g, rows[0][tc.col+k], row[tc.col+k])
				}
			}
		}
	}
}
