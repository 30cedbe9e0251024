package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/transforms"
)

const rougeUsage = `usage: bookalign rouge --candidate C.txt --reference R.txt [--stem=false] [--stopwords] [--rouge-data DIR]
       bookalign rouge --pairs FILE.jsonl [--stem=false] [--stopwords] [--rouge-data DIR]

Scores summaries as ROUGE-1.5.5 -c 95 -r 1000 -n 2 -a [-m] [-s] does with one
reference: ROUGE-1, ROUGE-2 and ROUGE-L recall, precision and F, printed with
five decimals as ROUGE prints them. Each line of a text is one sentence.

It stems (-m) by default, as a run's main columns do, with the same WordNet
exception table (the copy in the binary unless --rouge-data or
$BOOKALIGN_ROUGE_DATA names another): its ROUGE-1 and ROUGE-2 recall are a
run's R-1 and R-2, and with --stopwords its R-1 -s and R-2 -s. --stem=false
scores the words as written, as a run's "no stem" columns.

With --candidate and --reference, prints one JSON object. With --pairs, reads
one JSON object a line, {"id": ..., "candidate": ..., "reference": ...}, and
prints one line {"id": ..., "rouge_1_recall": ..., ...} for each, in order;
blank lines are skipped, and a line that cannot be read stops the run with an
error naming its number, after the lines before it have been printed.

Flags:
`

// runRouge is `bookalign rouge`: it scores a candidate file against a
// reference file, or each pair of a JSON lines file, and writes the scores to
// stdout as JSON. Usage errors are printed on stderr and reported as errUsage.
func runRouge(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("rouge", flag.ContinueOnError)
	candidate := fs.String("candidate", "", "candidate summary `FILE`, one sentence a line")
	reference := fs.String("reference", "", "reference summary `FILE`, one sentence a line")
	pairs := fs.String("pairs", "", "JSON lines `FILE` of {\"id\", \"candidate\", \"reference\"} to score")
	stem := fs.Bool("stem", true, "stem as ROUGE's -m does (WordNet exceptions from --rouge-data, then Porter), as run's main columns; --stem=false: no stemming")
	stopwords := fs.Bool("stopwords", false, "remove stopwords as ROUGE's -s does (with the stopword list of the ROUGE data, --rouge-data)")
	dataDir := fs.String("rouge-data", os.Getenv(rougeDataEnv), rougeDataUsage)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), rougeUsage)
		fs.VisitAll(func(f *flag.Flag) { fmt.Fprintln(fs.Output(), flagLine(f)) })
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errUsage // the flag package has printed the error and the usage
	}
	usageError := func(msg string) error {
		fmt.Fprintf(fs.Output(), "bookalign rouge: %s\n\n", msg)
		fs.Usage()
		return errUsage
	}
	switch apart := boolValueApart(fs, args); {
	case apart != "":
		return usageError(fmt.Sprintf("--%s takes its value after \"=\": --%s=%s", apart, apart, fs.Arg(0)))
	case fs.NArg() > 0:
		return usageError(fmt.Sprintf("unexpected arguments %q", fs.Args()))
	case *pairs != "" && (*candidate != "" || *reference != ""):
		return usageError("give --pairs or --candidate and --reference, not both")
	case *pairs == "" && (*candidate == "" || *reference == ""):
		return usageError("give --candidate and --reference, or --pairs")
	}

	opts := rouge.Options{DataDir: rougeData(fs, *dataDir)}
	if !*stem && !*stopwords {
		opts.DataDir = "" // the data is not used
	}
	data, err := transforms.ReadRougeData(context.Background(), opts)
	if err != nil {
		return fmt.Errorf("--rouge-data %q: %w%s", opts.DataDir, err, rouge.BuiltinHint(opts.DataDir))
	}
	sc := rouge.NewScorers(data, *stopwords)
	s := sc.NoStem
	if *stem {
		s = sc.Stem
	}
	if *stopwords && s.Data == nil {
		return fmt.Errorf("%w (--rouge-data \"\" gives none: leave --rouge-data and $%s out for the copy in the binary, or name a DIR)", rouge.ErrNoStopwords, rougeDataEnv)
	}

	w := bufio.NewWriter(stdout)
	if *pairs != "" {
		err = scorePairs(s, *pairs, w)
	} else {
		err = scoreFiles(s, *candidate, *reference, w)
	}
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	return err
}

// boolValueApart returns the name of the boolean flag of fs that args,
// which fs has parsed, give a value apart ("--stem false"), which the flag
// package reads as the flag alone and a stray argument; "" when the first
// argument left is not a boolean's value after such a flag.
func boolValueApart(fs *flag.FlagSet, args []string) string {
	i := len(args) - fs.NArg()
	if i == 0 || i >= len(args) {
		return ""
	}
	if _, err := strconv.ParseBool(args[i]); err != nil {
		return ""
	}
	name := strings.TrimLeft(args[i-1], "-")
	f := fs.Lookup(name)
	if f == nil || strings.Contains(name, "=") || !strings.HasPrefix(args[i-1], "-") {
		return ""
	}
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
		return ""
	}
	return name
}

// scoreFiles scores the candidate file against the reference file and
// writes one JSON object.
func scoreFiles(s *rouge.Scorer, candidate, reference string, w io.Writer) error {
	cand, err := candidateInput().read(candidate)
	if err != nil {
		return err
	}
	ref, err := referenceInput().read(reference)
	if err != nil {
		return err
	}
	res, err := s.Score(string(cand), string(ref))
	if err != nil {
		return err
	}
	_, err = w.Write(appendScores(nil, nil, res))
	return err
}

// A rougeLine is a line of a --pairs file of `bookalign rouge`: a
// candidate summary and its reference, not a pair of the corpus. A nil
// field was missing.
type rougeLine struct {
	ID        *string `json:"id"`
	Candidate *string `json:"candidate"`
	Reference *string `json:"reference"`
}

// scorePairs scores each pair of the JSON lines file at path and writes one
// JSON line for each. It stops at the first line that is not a pair.
func scorePairs(s *rouge.Scorer, path string, w io.Writer) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	var out []byte
	for n := 1; ; n++ {
		line, err := readLineMax(r, capPairsLine())
		if errors.Is(err, errLongLine) {
			return pairsLineInput().tooLarge(path, fmt.Sprintf(" line %d", n))
		}
		if err != nil && err != io.EOF {
			return fmt.Errorf("%s: line %d: %w", path, n, err)
		}
		if n == 1 {
			line = bytes.TrimPrefix(line, []byte("\ufeff"))
		}
		if len(bytes.TrimSpace(line)) > 0 {
			p, perr := parseRougeLine(line)
			if perr != nil {
				return fmt.Errorf("%s: line %d: %w", path, n, perr)
			}
			res, serr := s.Score(*p.Candidate, *p.Reference)
			if serr != nil {
				return serr
			}
			out = appendScores(out[:0], p.ID, res)
			if _, werr := w.Write(out); werr != nil {
				return werr
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// parseRougeLine decodes one line of a --pairs file.
func parseRougeLine(line []byte) (rougeLine, error) {
	var p rougeLine
	if err := json.Unmarshal(line, &p); err != nil {
		return p, fmt.Errorf("not a JSON object {\"id\", \"candidate\", \"reference\"}: %w", err)
	}
	for _, f := range []struct {
		name string
		v    *string
	}{{"id", p.ID}, {"candidate", p.Candidate}, {"reference", p.Reference}} {
		if f.v == nil {
			return p, fmt.Errorf("no %q string", f.name)
		}
	}
	return p, nil
}

// appendScores appends to b one line of JSON holding id, when not nil, and
// the nine scores of res with five decimals, as ROUGE-1.5.5 prints them.
func appendScores(b []byte, id *string, res rouge.Result) []byte {
	b = append(b, '{')
	if id != nil {
		q, _ := json.Marshal(*id) // a string always marshals
		b = append(b, `"id": `...)
		b = append(b, q...)
		b = append(b, ", "...)
	}
	for i, m := range []struct {
		name string
		m    rouge.Measure
	}{{"rouge_1", res.ROUGE1}, {"rouge_2", res.ROUGE2}, {"rouge_l", res.ROUGEL}} {
		if i > 0 {
			b = append(b, ", "...)
		}
		for j, v := range []struct {
			name string
			x    float64
		}{{"recall", m.m.Recall}, {"precision", m.m.Precision}, {"f", m.m.F}} {
			if j > 0 {
				b = append(b, ", "...)
			}
			b = append(b, '"')
			b = append(b, m.name...)
			b = append(b, '_')
			b = append(b, v.name...)
			b = append(b, `": `...)
			b = strconv.AppendFloat(b, v.x, 'f', 5, 64)
		}
	}
	return append(b, "}\n"...)
}
