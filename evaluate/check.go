package evaluate

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/bookalign/bookalign/internal/jsonmsg"
)

// ParseResults reads results.json for a reader that trusts its per-book
// recall (bookalign compare): the file decoded, every book of every
// method holding each column of its kind as a number (a key deleted or
// set to null would otherwise read as a recall of 0), and CheckPerBook.
// Every error wraps ErrBadResults and names keys as the file does.
func ParseResults(b []byte) (*Results, error) {
	var res Results
	if err := json.Unmarshal(b, &res); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadResults, jsonmsg.Plain(err))
	}
	var raw struct {
		Methods []struct {
			Name    string                         `json:"name"`
			PerBook map[string]map[string]*float64 `json:"per_book"`
		} `json:"methods"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadResults, jsonmsg.Plain(err))
	}
	all := Measures(true)
	for _, m := range raw.Methods {
		ids := keys(m.PerBook)
		sort.Strings(ids)
		for _, id := range ids {
			cols := m.PerBook[id]
			need := Measures(false)
			for _, col := range all[len(need):] {
				if _, ok := cols[col.Key]; ok {
					need = all // a content column: all four are needed
				}
			}
			for _, col := range need {
				if cols[col.Key] == nil {
					return nil, fmt.Errorf("%w: method %q, book %q: no %s", ErrBadResults, m.Name, id, col.Key)
				}
			}
		}
	}
	if err := res.CheckPerBook(); err != nil {
		return nil, err
	}
	return &res, nil
}

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
			if content && b.BookContentRecall == nil {
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
