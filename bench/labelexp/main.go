// Command labelexp measures why the trained summarizers do (or do not) beat
// the Names heuristic (issue 4): it aligns every pair of the corpus once
// with the three aligners and caches the alignments, then cross-validates
// the summarizer under variants of the label rule, the regularisation and
// the extraction rule, reusing the cached alignments and each fold's
// features.
//
//	go run ./bench/labelexp align [-corpus ../shared/corpus] [-thesaurus ../shared/thesaurus] [-cache /tmp/labelexp]
//	go run ./bench/labelexp eval  [-corpus ...] [-cache ...] [-rouge-data ../shared/rouge] -variants LABELS/TRAINER,...
//	go run ./bench/labelexp compare [-csv /tmp/labelexp/results.csv] A=B ...
//	go run ./bench/labelexp verify [-books 5] [-top 1]
//	go run ./bench/labelexp cover [-methods passage,token,jing] [-bigram 1,2,3,4] [-prior 0,0.01,0.03,0.1] [-min-words 15] [-function 0.1,0.2,0.3] [-criterion all|content|content-r2] [-floor 0.52,0.115] [-nested]
//	go run ./bench/labelexp plot [-labels passage/top1] [-trainer 1e-4|auto] [-features counts,counts+events+lengthfine,counts+woverlap,counts+pairs20+l1e-3,...] [-segments 0,5,10,20] [-redundancy 0,0.5,1,2]
//
// See docs/experiment.md, "Why the summarizers did not beat Names, and what
// fixes it".
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: labelexp align|eval [flags]")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "align":
		err = runAlign(os.Args[2:])
	case "eval":
		err = runEval(os.Args[2:])
	case "compare":
		err = runCompare(os.Args[2:])
	case "plot":
		err = runPlot(os.Args[2:])
	case "cover":
		err = runCover(os.Args[2:])
	case "verify":
		err = runVerify(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "labelexp:", err)
		os.Exit(1)
	}
}
