package reprocess

import (
	"bytes"
	"compress/bzip2"
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/wiki"
)

// ErrUndated: a dump has no date in its name and none could be read from
// its content.
var ErrUndated = errors.New("dump with no date")

// timestampRE is a revision's time in a MediaWiki export.
var timestampRE = regexp.MustCompile(`<timestamp>(\d{4})-(\d\d)-(\d\d)T\d\d:\d\d:\d\dZ</timestamp>`)

// NewestRevision returns the latest revision time in the text of a
// MediaWiki export, "2016-05-01T07:08:29Z", and its date, "20160501"; ok
// is false when the text has no valid one.
func NewestRevision(text []byte) (stamp, date string, ok bool) {
	for _, m := range timestampRE.FindAllSubmatch(text, -1) {
		d := string(m[1]) + string(m[2]) + string(m[3])
		if s := string(m[0][len("<timestamp>") : len(m[0])-len("</timestamp>")]); s > stamp && validDate(d) {
			stamp, date = s, d
		}
	}
	return stamp, date, stamp != ""
}

// maxDatingText bounds the text read to date a dump: a multistream
// dump's last stream holds about 100 pages.
const maxDatingText = 64 << 20

// dateDump gives a dump whose name says "latest" the date of the newest
// revision at its end: in the last stream its multistream index names,
// else in its last bzip2 block, else (a plain .xml) in its last 2 MiB.
// Each page of a pages-articles dump holds its latest revision, and the
// pages at its end are the newest, so that date is the day the dump was
// made, or a little before: the same file always gets the same date, and
// a later dump a later one or the same. It reads a few megabytes. An
// error wraps ErrIncomplete when the end of the dump cannot be read, as
// when the file is cut short, or ErrUndated when it has no <timestamp>
// or its newest is after tomorrow (no dump is made in the future, and a
// date too late would keep every later dump from being processed).
func (j *Job) dateDump(ctx context.Context, d *Dump) error {
	path := corpus.Join(j.Dumps, d.Name)
	size, err := store.Size(ctx, path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	ra := store.ReaderAt(ctx, path)
	var text []byte
	var where string
	switch {
	case d.Index != "":
		streams, err := j.readIndex(ctx, corpus.Join(j.Dumps, d.Index))
		if err != nil || len(streams) == 0 {
			return fmt.Errorf("%w: the index %s cannot be read to date %s: %v", ErrIncomplete, d.Index, d.Name, err)
		}
		last := streams[len(streams)-1].Offset
		if last >= size {
			return fmt.Errorf("%w: %s has %d bytes, but its index puts its last stream at byte %d", ErrIncomplete, d.Name, size, last)
		}
		text, err = io.ReadAll(io.LimitReader(bzip2.NewReader(io.NewSectionReader(ra, last, size-last)), maxDatingText))
		if err != nil {
			return fmt.Errorf("%w: %s: the last stream its index names, at byte %d: %v", ErrIncomplete, d.Name, last, err)
		}
		where = "the last stream its index names"
	case strings.HasSuffix(d.Name, ".bz2"):
		text, err = wiki.LastBzip2Block(ra, size)
		if errors.Is(err, wiki.ErrBzip2End) {
			return fmt.Errorf("%w: %s: %v", ErrIncomplete, d.Name, strings.TrimPrefix(err.Error(), "wiki: "))
		}
		if err != nil {
			return err
		}
		where = "its last bzip2 block"
	default:
		n := min(size, 2<<20)
		text = make([]byte, n)
		if _, err := ra.ReadAt(text, size-n); err != nil && err != io.EOF {
			return err
		}
		where = "its last 2 MiB"
	}
	stamp, date, ok := NewestRevision(text)
	if !ok {
		if !bytes.Contains(text, []byte("<page>")) && !bytes.Contains(text, []byte(mediawikiEnd)) {
			return fmt.Errorf("%w: %s: its end is not MediaWiki XML", ErrIncomplete, d.Name)
		}
		return fmt.Errorf("%w: %s has \"latest\" for a date in its name and no revision <timestamp> in %s to date it by: rename it with the dump's date (enwiki-YYYYMMDD-…)",
			ErrUndated, d.Name, where)
	}
	if tomorrow := time.Now().UTC().AddDate(0, 0, 1).Format("20060102"); date > tomorrow {
		return fmt.Errorf("%w: %s has \"latest\" for a date in its name, and its newest revision, %s in %s, is after today: rename it with the dump's date (enwiki-YYYYMMDD-…)",
			ErrUndated, d.Name, stamp, where)
	}
	d.Date = date
	d.DatedBy = "its newest revision, " + stamp + ", in " + where
	return nil
}
