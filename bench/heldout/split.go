package main

import (
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/bookalign/bookalign/bench/internal/pairids"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/internal/parallel"
	"github.com/bookalign/bookalign/text"
)

func splitMain(w io.Writer, args []string) error {
	fs := flag.NewFlagSet("split", flag.ContinueOnError)
	corpus := fs.String("corpus", "../shared/corpus", "corpus `DIR`")
	unseen := fs.Int("unseen", 65, "books in the unseen part (whole groups are added until it holds at least this many)")
	salt := fs.String("salt", "heldout-1", "salt of the order of the groups; another salt, another split")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("split: want one output directory")
	}
	ids, err := pairids.Read(*corpus)
	if err != nil {
		return err
	}
	if *unseen < 1 || *unseen >= len(ids) {
		return fmt.Errorf("split: -unseen %d: want 1 to %d", *unseen, len(ids)-1)
	}
	groups, err := textGroups(*corpus, ids)
	if err != nil {
		return err
	}
	side := assign(ids, groups, *unseen, *salt)
	return writeSplit(w, *corpus, fs.Arg(0), ids, groups, side)
}

// textGroups returns each book's group: the smallest id among the books
// whose text has its fingerprint, as the pipeline's plan names groups.
func textGroups(dir string, ids []string) ([]string, error) {
	fp := make([]uint64, len(ids))
	err := parallel.For(len(ids), runtime.GOMAXPROCS(0), func(i int) error {
		raw, err := os.ReadFile(filepath.Join(dir, "books", ids[i]+".txt"))
		if err != nil {
			return err
		}
		doc, err := text.ParseBook(string(raw))
		if err != nil {
			return fmt.Errorf("%s: %w", ids[i], err)
		}
		fp[i] = classify.NewBook(ids[i], doc).Fingerprint()
		return nil
	})
	if err != nil {
		return nil, err
	}
	name := make(map[uint64]string)
	for i, id := range ids {
		if n, ok := name[fp[i]]; !ok || id < n {
			name[fp[i]] = id
		}
	}
	groups := make([]string, len(ids))
	for i := range ids {
		groups[i] = name[fp[i]]
	}
	return groups, nil
}

// assign returns, per book, whether it is unseen: groups in the order of
// SHA-256("salt/group"), whole, until at least n books are unseen.
func assign(ids, groups []string, n int, salt string) []bool {
	members := make(map[string][]int)
	var names []string
	for i, g := range groups {
		if _, ok := members[g]; !ok {
			names = append(names, g)
		}
		members[g] = append(members[g], i)
	}
	key := func(g string) string {
		h := sha256.Sum256([]byte(salt + "/" + g))
		return string(h[:])
	}
	slices.SortFunc(names, func(a, b string) int { return strings.Compare(key(a), key(b)) })
	side := make([]bool, len(ids))
	count := 0
	for _, g := range names {
		if count >= n {
			break
		}
		for _, i := range members[g] {
			side[i] = true
			count++
		}
	}
	return side
}

// writeSplit writes out/dev, out/unseen and out/split.tsv.
func writeSplit(w io.Writer, corpus, out string, ids, groups []string, unseen []bool) error {
	raw, err := os.ReadFile(filepath.Join(corpus, "pairs.tsv"))
	if err != nil {
		return err
	}
	lines := strings.SplitAfter(string(raw), "\n")
	row := make(map[string]string)
	for _, l := range lines[1:] {
		if id, _, ok := strings.Cut(l, "\t"); ok {
			row[id] = l
		}
	}
	parts := [2]string{filepath.Join(out, "dev"), filepath.Join(out, "unseen")}
	var tsv [2]strings.Builder
	var count [2]int
	for p := range parts {
		for _, sub := range []string{"books", "summaries"} {
			if err := os.MkdirAll(filepath.Join(parts[p], sub), 0o755); err != nil {
				return err
			}
		}
		tsv[p].WriteString(lines[0])
	}
	var list strings.Builder
	list.WriteString("id\tgroup\tside\n")
	for i, id := range ids {
		p := 0
		if unseen[i] {
			p = 1
		}
		l, ok := row[id]
		if !ok {
			return fmt.Errorf("split: no row of %q in pairs.tsv", id)
		}
		if !strings.HasSuffix(l, "\n") {
			l += "\n"
		}
		tsv[p].WriteString(l)
		count[p]++
		for _, sub := range []string{"books", "summaries"} {
			if err := linkOrCopy(filepath.Join(corpus, sub, id+".txt"), filepath.Join(parts[p], sub, id+".txt")); err != nil {
				return err
			}
		}
		fmt.Fprintf(&list, "%s\t%s\t%s\n", id, groups[i], filepath.Base(parts[p]))
	}
	for p := range parts {
		if err := os.WriteFile(filepath.Join(parts[p], "pairs.tsv"), []byte(tsv[p].String()), 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(out, "split.tsv"), []byte(list.String()), 0o644); err != nil {
		return err
	}
	shared := 0
	for i, id := range ids {
		if groups[i] != id {
			shared++
		}
	}
	_, err = fmt.Fprintf(w, "dev %d books, unseen %d books; %d books share another's text\n", count[0], count[1], shared)
	return err
}

// linkOrCopy hard-links src to dst, or copies it when it cannot; an
// existing dst is replaced.
func linkOrCopy(src, dst string) error {
	if err := os.Remove(dst); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if os.Link(src, dst) == nil {
		return nil
	}
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}
