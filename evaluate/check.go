package evaluate

import (
	"errors"
	"fmt"
	"sort"
)

// ErrBadResults means a results.json holds what no run writes: a recall
// outside [0, 1], a method listed twice, a book without the columns of
// its method. Such a file was edited or damaged.
var ErrBadResults = errors.New("not the results of a run")

// CheckPerBook returns an error wrapping ErrBadResults unless the
// per-book recall of r is what a run writes: each method once, with at
// least one book; every column of every book a recall in [0, 1] (not NaN);
// the content-word columns (ROUGE -s) in every book of a method that has
// them. The error names the method, the book and the column as
// results.json does. Books and methods are checked in a fixed order, so
// that the error is the same from run to run.
func (r *Results) CheckPerBook() error {
	seen := map[string]bool{}
	for _, m := range r.Methods {
		if seen[m.Name] {
			return fmt.Errorf("%w: method %q is listed twice", ErrBadResults, m.Name)
		}
		seen[m.Name] = true
		if len(m.PerBook) == 0 {
			return fmt.Errorf("%w: method %q has no per_book recall", ErrBadResults, m.Name)
		}
		content := m.ContentRecall != nil
		ids := keys(m.PerBook)
		sort.Strings(ids)
		for _, id := range ids {
			b := m.PerBook[id]
			if content && b.BookContent == nil {
				return fmt.Errorf("%w: method %q, book %q: no rouge_1_recall_content and the other content-word columns, which the method's averages have", ErrBadResults, m.Name, id)
			}
			for _, col := range Measures(content) {
				if v := col.Of(b); !(v >= 0 && v <= 1) {
					return fmt.Errorf("%w: method %q, book %q: %s is %g, not a recall in [0, 1]", ErrBadResults, m.Name, id, col.Key, v)
				}
			}
		}
	}
	return nil
}
