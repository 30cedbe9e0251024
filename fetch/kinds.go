package fetch

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// A Kind is a kind of source. Each has a size cap (Limits) and a check of
// its content that a download must pass before it is kept (Check).
type Kind string

// The kinds of source a fetch downloads.
const (
	// KindCatalog is Project Gutenberg's CSV catalog.
	KindCatalog Kind = "catalog"
	// KindArchive is the CMU Book Summary Dataset archive.
	KindArchive Kind = "archive"
	// KindSummaries is a summaries TSV: one given with --summaries, or
	// booksummaries.txt as extracted from the archive.
	KindSummaries Kind = "summaries"
	// KindBook is the plain text of one ebook.
	KindBook Kind = "book"
	// KindThesaurus is Roget's Thesaurus.
	KindThesaurus Kind = "thesaurus"
)

// Kinds are the kinds of source, in the order they are listed.
var Kinds = []Kind{KindCatalog, KindArchive, KindSummaries, KindBook, KindThesaurus}

// Errors that a download refused for its size or content wraps.
var (
	// ErrTooLarge: the body is larger than the cap of its kind.
	ErrTooLarge = errors.New("larger than the size cap")
	// ErrInvalid: the body is not what its kind must be (an HTML error
	// page where a catalog should be, an archive without the summaries).
	ErrInvalid = errors.New("not usable")
	// ErrTimeout: no whole answer came within the Client's Timeout.
	ErrTimeout = errors.New("timed out")
)

// Limits caps the size of each kind of source, in bytes. A kind it does
// not name has its DefaultLimits cap; a cap of 0 means none.
type Limits map[Kind]int64

// DefaultLimits are the caps a fetch applies unless told otherwise, with
// ample room over the sources' sizes (in 2026-11: the Gutenberg catalog
// about 15 MB, the CMU archive 16 MB and its booksummaries.txt some 40 MB,
// a book at most a few MB, the thesaurus under 2 MB), so that only a
// runaway body reaches them. The summaries' cap also bounds the memory
// that matching them takes, about five times their size (with
// MaxSummaryRows).
var DefaultLimits = Limits{
	KindCatalog:   200e6,
	KindArchive:   500e6,
	KindSummaries: 200e6,
	KindBook:      64e6,
	KindThesaurus: 64e6,
}

// Max returns the cap of kind k: its entry in l, else its default, else 0
// (none).
func (l Limits) Max(k Kind) int64 {
	if n, ok := l[k]; ok {
		return n
	}
	return DefaultLimits[k]
}

// String lists the caps l sets, as Set reads them: "book=64.0MB,catalog=…".
func (l Limits) String() string {
	var parts []string
	for k, n := range l {
		parts = append(parts, string(k)+"="+sizeString(n))
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

// Set reads caps, "KIND=SIZE[,KIND=SIZE…]", into l (which must not be
// nil), as the value of a flag: KIND is one of Kinds and SIZE a number of
// bytes with an optional unit kB, MB or GB (powers of 1000), 0 for none.
func (l Limits) Set(s string) error {
	for _, item := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok {
			return fmt.Errorf("%q is not KIND=SIZE", item)
		}
		kind := Kind(strings.ToLower(strings.TrimSpace(k)))
		if _, known := DefaultLimits[kind]; !known {
			return fmt.Errorf("unknown kind %q (one of %s)", k, kindList())
		}
		n, err := ParseSize(v)
		if err != nil {
			return err
		}
		l[kind] = n
	}
	return nil
}

func kindList() string {
	names := make([]string, len(Kinds))
	for i, k := range Kinds {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}

// sizeUnits are the units ParseSize reads, longest first.
var sizeUnits = []struct {
	suffix string
	scale  int64
}{{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"k", 1e3}, {"m", 1e6}, {"g", 1e9}, {"b", 1}}

// ParseSize reads a size: a whole number of bytes with an optional unit,
// kB, MB or GB (powers of 1000, in any case, "1.5GB" allowed).
func ParseSize(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	scale := int64(1)
	for _, u := range sizeUnits {
		if strings.HasSuffix(t, u.suffix) {
			t, scale = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.scale
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	// NaN fails every comparison: the test passes only a number in range.
	if err != nil || !(v >= 0 && v*float64(scale) <= 1<<62) {
		return 0, fmt.Errorf("size %q: want a number of bytes, with kB, MB or GB if you like", s)
	}
	return int64(v * float64(scale)), nil
}

// sizeString formats a cap as ParseSize reads it: "64.0MB", "0" for none.
func sizeString(n int64) string {
	if n <= 0 {
		return "0"
	}
	return strings.ReplaceAll(Bytes(n), " ", "")
}

// An Expect says what a download must be to be kept: at most Max bytes
// (0: any size), and content that Check, if set, accepts. Kind names it in
// messages.
type Expect struct {
	Kind  Kind
	Max   int64
	Check func(name string) error
}

// tooLarge is the error of a body over x's cap.
func (x Expect) tooLarge(rawURL, detail string) error {
	what := string(x.Kind)
	if what == "" {
		what = "file"
	}
	return fmt.Errorf("GET %s: %w of %s for a %s (%s)", rawURL, ErrTooLarge, Bytes(x.Max), what, detail)
}
