package rundir

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/bookalign/bookalign/internal/store"
)

// Input is a directory a run reads or writes, named by its flag.
type Input struct {
	// Flag is the command-line flag that gave it ("--corpus").
	Flag string
	// Path is the directory as given; empty for a flag not given.
	Path string
	// Resolved, when set, is Path made absolute with its symbolic links
	// followed, which the comparison uses instead.
	Resolved string
}

// CheckOutside refuses an input directory that lies inside the output
// directory out, is out, or holds out: clearing out would delete the
// inputs, or the outputs would be written among them. Local paths compare
// cleaned (give them absolute and resolved, in Resolved); URLs such as
// gs://bucket/run compare by prefix, and never meet a local path.
func CheckOutside(out Input, inputs []Input) error {
	o := out.key()
	for _, in := range inputs {
		if in.Path == "" {
			continue
		}
		i := in.key()
		switch {
		case i == o:
			return fmt.Errorf("%s is %s: the run would clear and overwrite its own inputs; choose another %s", in.name(), out.name(), out.Flag)
		case within(i, o):
			return fmt.Errorf("%s lies inside %s: clearing the earlier outputs would delete it; move it out, or choose another %s", in.name(), out.name(), out.Flag)
		case within(o, i):
			return fmt.Errorf("%s lies inside %s: the run's outputs would be written among its inputs; choose an %s outside it", out.name(), in.name(), out.Flag)
		}
	}
	return nil
}

// name is the flag and its path for messages, with the path it resolves to
// when that differs.
func (in Input) name() string {
	s := in.Flag + " " + in.Path
	if in.Resolved != "" && in.Resolved != in.Path {
		s += " (" + in.Resolved + ")"
	}
	return s
}

// key is the path compared: URLs without their final '/', local paths
// cleaned.
func (in Input) key() string {
	p := in.Path
	if in.Resolved != "" {
		p = in.Resolved
	}
	if store.IsRemote(p) {
		return strings.TrimRight(p, "/")
	}
	return filepath.Clean(p)
}

// within reports whether path p lies strictly inside directory dir; both
// are keys.
func within(p, dir string) bool {
	sep := "/"
	if !store.IsRemote(dir) {
		sep = string(filepath.Separator)
	}
	if store.IsRemote(p) != store.IsRemote(dir) {
		return false
	}
	return strings.HasPrefix(p, strings.TrimSuffix(dir, sep)+sep)
}
