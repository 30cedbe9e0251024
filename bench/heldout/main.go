// Command heldout splits a corpus into a development part and an unseen
// part, for checking on unseen books that a gain measured by
// cross-validation on the development books carries over (bench/heldout.sh
// runs the whole check).
//
//	go run ./bench/heldout split [-corpus ../shared/corpus] [-unseen 65] [-salt heldout-1] OUT
//	go run ./bench/heldout carry [-method token] DEV_BASE DEV_CAND UNSEEN_BASE UNSEEN_CAND
//
// split writes OUT/dev and OUT/unseen, two corpora in the layout of
// ../shared/corpus (pairs.tsv with the corpus's header and its rows in file
// order; books/ and summaries/ hard links to the corpus's files, copies
// where a link cannot be made), and OUT/split.tsv (id, group, side). The
// rule is deterministic and independent of the folds: books are grouped
// by the fingerprint of their text as the pipeline groups them
// (classify.Book.Fingerprint; a group is named by its smallest id), groups
// are ordered by the SHA-256 of "salt/group name", and whole groups go to
// the unseen part in that order while it holds fewer than -unseen books.
// So books that share a text are always on one side.
//
// carry reads four finished runs (cross-validated runs on the development
// corpus, base and candidate; --test-corpus runs, trained on it and tested
// on the unseen corpus, base and candidate) and prints, for one method and
// each of the four unstemmed columns, the development gain, the unseen
// gain and their ratio where the development gain is positive (carry.go).
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: heldout split|carry [flags] ARGS")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "split":
		err = splitMain(os.Stdout, os.Args[2:])
	case "carry":
		err = carryMain(os.Stdout, os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q: want split or carry", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "heldout:", err)
		os.Exit(1)
	}
}
