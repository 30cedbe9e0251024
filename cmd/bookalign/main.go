// Command bookalign learns what makes a sentence of a novel summary-worthy:
// it aligns books with their plot summaries, trains an extractive summarizer
// and scores summaries with ROUGE, as in Bamman and Smith (2013).
//
// Usage:
//
//	bookalign run   --corpus DIR --out DIR [--config FILE.json] [--preset paper] [--set KEY=VALUE] [--methods LIST] [--folds 10] [--test-corpus DIR] [--rouge-data DIR] [--thesaurus DIR] [--runner prism|direct|universal ...]
//	bookalign config [--preset paper] [--config FILE.json] [--set KEY=VALUE]
//	bookalign compare OUT_A OUT_B
//	bookalign align --method passage|token|jing --book B.txt --summary S.txt [--seed N] [--iterations N] [--thesaurus DIR]
//	bookalign summarize --model OUT/models/passage.json [--words 1000] BOOK.txt
//	bookalign report --out DIR [--corpus DIR]
//	bookalign rouge --candidate C.txt --reference R.txt [--stem=false] [--stopwords] [--rouge-data DIR]
//	bookalign rouge --pairs FILE.jsonl [--stem=false] [--stopwords] [--rouge-data DIR]
//	bookalign wiki-extract --dump D.xml.bz2 --out DIR [--index I.txt.bz2]
//	bookalign match --summaries S.tsv --catalog pg_catalog.csv --books MIRROR --out CORPUS [--decisions F]
//	bookalign reprocess --dumps DIR --state DIR --out DIR --catalog CSV --books MIRROR [run flags]
//	bookalign version
//	bookalign fetch --out DIR [--cmu URL | --summaries FILE|URL] [--catalog URL] [--gutenberg BASE | --mirror BASE] [--thesaurus URL]
//
// `run` builds one Apache Beam pipeline. Beam's own flags (--runner,
// --endpoint, --environment_type, --project, --region, ...) go with the
// subcommand's flags: the default runner is prism, in process; use
// --runner=universal --endpoint=HOST:PORT --environment_type=LOOPBACK for a
// portable job server, --runner=flink or --runner=dataflow for a cluster
// (see docs/running.md).
package main

import (
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
)

// commands are bookalign's commands, as its usage lists them: a name and
// what it does.
var commands = [][2]string{
	{"run", "run the experiment pipeline on a corpus (bookalign run -h)"},
	{"config", "print the settings of a run as JSON, for --config (bookalign config -h)"},
	{"compare", "compare two runs of the same books with paired tests (bookalign compare -h)"},
	{"align", "align one plot summary with its book (bookalign align -h)"},
	{"summarize", "summarize any book with a model a run saved (bookalign summarize -h)"},
	{"report", "rebuild the HTML report of a finished run (bookalign report -h)"},
	{"rouge", "score summaries with ROUGE-1.5.5 rules (bookalign rouge -h)"},
	{"wiki-extract", "extract book plot summaries from a Wikipedia dump (bookalign wiki-extract -h)"},
	{"match", "pair summaries with Gutenberg books into a corpus (bookalign match -h)"},
	{"reprocess", "rebuild corpus and results from the newest dump (bookalign reprocess -h)"},
	{"fetch", "build a corpus from the public sources: CMU summaries, Gutenberg (bookalign fetch -h)"},
	{"version", "print bookalign's module version and the commit it was built from"},
}

// usage is bookalign's usage: what it does, then its commands in one
// column and what each does in the next.
var usage = commandsUsage("bookalign: align books with plot summaries, learn to summarize, score with ROUGE.", commands)

// commandsUsage is title, then "Commands:" and a line for each command,
// its description starting in the same column on every line.
func commandsUsage(title string, cmds [][2]string) string {
	width := 0
	for _, c := range cmds {
		width = max(width, len(c[0]))
	}
	var b strings.Builder
	b.WriteString(title + "\n\nCommands:\n")
	for _, c := range cmds {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, c[0], c[1])
	}
	return b.String()
}

// errUsage reports a command line that could not be understood; the message
// has already been printed.
var errUsage = errors.New("usage")

func main() {
	// Beam's INFO logging is noise on a terminal; --verbose turns it back on.
	log.SetupLogging("warn", "text")
	recordBeamFlags()
	// Asked for (-h, --help), the usage goes to stdout and bookalign exits
	// 0; after a command line it cannot parse, to stderr with exit 2.
	flag.Usage = func() { fmt.Fprint(usageOutput(os.Args[1:]), usage) }
	flag.Parse()
	// Workers started by a runner re-enter here with --worker and no command:
	// beam.Init serves them and never returns.
	beam.Init()

	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	// `run` parses its flags into flag.CommandLine, after which flag.Arg(0)
	// no longer names the command: keep it for the error prefix.
	cmd, args := flag.Arg(0), flag.Args()[1:]
	// Beam's and the runner's warnings as plain lines of this command
	// (--verbose puts Beam's own logging back, at INFO).
	slog.SetDefault(slog.New(newPlainLog(os.Stderr, cmd)))
	var err error
	switch cmd {
	case "run":
		err = runExperiment(args)
	case "config":
		err = runConfig(args, os.Stdout)
	case "compare":
		err = runCompare(args, os.Stdout)
	case "report":
		err = runReport(args)
	case "rouge":
		err = runRouge(args, os.Stdout)
	case "align":
		err = runAlign(args, os.Stdout, os.Stderr)
	case "summarize":
		err = runSummarize(args, os.Stdout, os.Stderr)
	case "wiki-extract":
		err = runWikiExtract(args)
	case "match":
		err = runMatch(args)
	case "reprocess":
		err = runReprocess(args)
	case "fetch":
		err = runFetch(args)
	case "version":
		err = runVersion(args, os.Stdout)
	case "help":
		fmt.Fprint(os.Stdout, usage)
		return
	default:
		fmt.Fprintf(os.Stderr, "bookalign: unknown command %q\n\n%s", cmd, usage)
		os.Exit(2)
	}
	switch {
	case errors.Is(err, flag.ErrHelp):
	case errors.Is(err, errUsage):
		os.Exit(2)
	case err != nil:
		fmt.Fprintf(os.Stderr, "bookalign %s: %v\n", cmd, err)
		os.Exit(1)
	}
}
