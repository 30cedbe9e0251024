package fetch

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bookalign/bookalign/internal/store"
)

// MissingFile lists, in a fetch directory, the URLs at which a book was
// not found (HTTP 404 or 410), so that a rerun does not ask for it again.
const MissingFile = "missing.tsv"

// MissingHeader is the first line of MissingFile: one row per URL, with
// the ebook it was to give and the day (UTC, YYYY-MM-DD) it last answered
// 404 or 410.
const MissingHeader = "ebook\tchecked\turl"

// ErrMissingList: a missing list does not start with MissingHeader.
var ErrMissingList = errors.New("fetch: missing list does not start with the header " + strconv.Quote(MissingHeader))

// A MissingList is what MissingFile holds: the URLs that did not have a
// book, each with the ebook and the day it was last asked for.
type MissingList struct {
	rows map[string]missingRow
}

// missingRow is one URL of a MissingList.
type missingRow struct {
	ebook   int
	checked string
}

// NewMissingList returns an empty list.
func NewMissingList() *MissingList { return &MissingList{rows: map[string]missingRow{}} }

// ParseMissingList reads a missing list. Rows that are not well formed
// are skipped.
func ParseMissingList(r io.Reader) (*MissingList, error) {
	l := NewMissingList()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	if !sc.Scan() || strings.TrimRight(sc.Text(), "\r") != MissingHeader {
		if err := sc.Err(); err != nil {
			return nil, err
		}
		return nil, ErrMissingList
	}
	for sc.Scan() {
		f := strings.Split(strings.TrimRight(sc.Text(), "\r"), "\t")
		if len(f) != 3 || f[2] == "" {
			continue
		}
		n, err := strconv.Atoi(f[0])
		if _, derr := time.Parse(time.DateOnly, f[1]); err != nil || n <= 0 || derr != nil {
			continue
		}
		l.rows[f[2]] = missingRow{ebook: n, checked: f[1]}
	}
	return l, sc.Err()
}

// ReadMissingList reads the missing list at name; no file is an empty
// list.
func ReadMissingList(name string) (*MissingList, error) {
	f, err := os.Open(name)
	if errors.Is(err, os.ErrNotExist) {
		return NewMissingList(), nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	l, err := ParseMissingList(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return l, nil
}

// Known reports whether every one of urls is listed, and the last day one
// of them was asked for.
func (l *MissingList) Known(urls []string) (checked string, ok bool) {
	for _, u := range urls {
		r, listed := l.rows[escapeURL(u)]
		if !listed {
			return "", false
		}
		checked = max(checked, r.checked)
	}
	return checked, len(urls) > 0
}

// Add lists urls as not having ebook, asked for on day.
func (l *MissingList) Add(ebook int, day string, urls []string) {
	for _, u := range urls {
		l.rows[escapeURL(u)] = missingRow{ebook: ebook, checked: day}
	}
}

// Remove drops every URL of ebook, and reports whether there was one.
func (l *MissingList) Remove(ebook int) bool {
	removed := false
	for u, r := range l.rows {
		if r.ebook == ebook {
			delete(l.rows, u)
			removed = true
		}
	}
	return removed
}

// Marshal returns the list as a file: the header and one row per URL,
// sorted by ebook and URL.
func (l *MissingList) Marshal() []byte {
	urls := make([]string, 0, len(l.rows))
	for u := range l.rows {
		urls = append(urls, u)
	}
	sort.Slice(urls, func(i, j int) bool {
		a, b := l.rows[urls[i]], l.rows[urls[j]]
		if a.ebook != b.ebook {
			return a.ebook < b.ebook
		}
		return urls[i] < urls[j]
	})
	var b bytes.Buffer
	b.WriteString(MissingHeader + "\n")
	for _, u := range urls {
		fmt.Fprintf(&b, "%d\t%s\t%s\n", l.rows[u].ebook, l.rows[u].checked, u)
	}
	return b.Bytes()
}

// Save writes the list to name, or removes name if the list is empty.
func (l *MissingList) Save(ctx context.Context, name string) error {
	if len(l.rows) == 0 {
		if err := os.Remove(name); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	return store.WriteFile(ctx, name, l.Marshal())
}

// escapeURL keeps a URL on one row of a tab-separated file.
func escapeURL(u string) string {
	return strings.NewReplacer("\t", "%09", "\n", "%0A", "\r", "%0D").Replace(u)
}
