package reprocess

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/bookalign/bookalign/wiki"
)

// ErrIncomplete: a dump is cut short, corrupt, or does not match its
// published checksum. Such a dump is refused: it is neither processed nor
// recorded, so that the complete file is processed when it arrives.
var ErrIncomplete = errors.New("dump incomplete or corrupt")

// mediawikiEnd closes every MediaWiki XML export.
const mediawikiEnd = "</mediawiki>"

// CheckEnd checks that the dump named name, of size bytes read through
// ra, ends as a whole dump does: a .bz2 dump ends with a bzip2
// end-of-stream marker after a last block that decompresses with its CRC
// (wiki.LastBzip2Block), and its text, like a plain .xml dump's, ends with
// </mediawiki>. It reads at most a few megabytes from the end of the file.
func CheckEnd(name string, ra io.ReaderAt, size int64) error {
	var tail []byte
	if strings.HasSuffix(name, ".bz2") {
		b, err := wiki.LastBzip2Block(ra, size)
		if errors.Is(err, wiki.ErrBzip2End) {
			return fmt.Errorf("%w: %s: %v", ErrIncomplete, name, strings.TrimPrefix(err.Error(), "wiki: "))
		}
		if err != nil {
			return err
		}
		tail = b
	} else {
		n := min(size, 4096)
		tail = make([]byte, n)
		if _, err := ra.ReadAt(tail, size-n); err != nil && err != io.EOF {
			return err
		}
	}
	if !bytes.HasSuffix(bytes.TrimSpace(tail), []byte(mediawikiEnd)) {
		return fmt.Errorf("%w: %s: the XML does not end with %s (the file is cut short?)", ErrIncomplete, name, mediawikiEnd)
	}
	return nil
}

// CheckIndex checks a multistream dump of size bytes, read through ra,
// against the stream offsets of its index: each stream the index names
// must start inside the file, and the last one with a bzip2 stream header.
// A dump cut short fails the first test, one whose index belongs to
// another file the second, almost always.
func CheckIndex(name string, ra io.ReaderAt, size int64, offsets []int64) error {
	if len(offsets) == 0 {
		return fmt.Errorf("%w: %s: its index names no stream", ErrIncomplete, name)
	}
	last := offsets[len(offsets)-1]
	if last >= size {
		past := 0
		for _, o := range offsets {
			if o >= size {
				past++
			}
		}
		return fmt.Errorf("%w: %s has %d bytes, but its index names %d streams at or past that (the last at byte %d): the file is cut short", ErrIncomplete, name, size, past, last)
	}
	head := make([]byte, 4)
	if _, err := ra.ReadAt(head, last); err != nil && err != io.EOF {
		return err
	}
	if !wiki.IsBzip2(head) {
		return fmt.Errorf("%w: %s: no bzip2 stream starts at byte %d, where its index puts the last stream", ErrIncomplete, name, last)
	}
	return nil
}

// ChecksumFiles are the names of the checksum files Wikimedia publishes
// beside the dumps of a date, best first: "enwiki-20240601-sha1sums.txt"
// and "enwiki-20240601-md5sums.txt".
func ChecksumFiles(date string) []string {
	return []string{"enwiki-" + date + "-sha1sums.txt", "enwiki-" + date + "-md5sums.txt"}
}

var checksumLine = regexp.MustCompile(`^([0-9a-fA-F]{32}|[0-9a-fA-F]{40})[ \t]+\*?(\S+)$`)

// ParseChecksums reads a checksum file as sha1sum and md5sum write it
// ("<hex digest>  <file name>" lines) and returns the digests, lower-case,
// by file name. Blank lines are skipped; any other line is an error.
func ParseChecksums(r io.Reader) (map[string]string, error) {
	sums := map[string]string{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		m := checksumLine.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("line %d is not \"<digest>  <file>\": %.60q", n, line)
		}
		sums[m[2]] = strings.ToLower(m[1])
	}
	return sums, sc.Err()
}

// ContentKey identifies the content of a dump file cheaply: its size, its
// modification time (zero when the filesystem does not tell) and a digest
// of its first and last bytes. An edit that keeps the length changes the
// time, unless the time is put back by hand, and an edit near either end
// changes the digest; a published checksum, when there is one, covers the
// rest (see Job's verification).
func ContentKey(size int64, modified time.Time, head, tail []byte) string {
	var mtime int64
	if !modified.IsZero() {
		mtime = modified.UnixNano()
	}
	h := sha256.New()
	fmt.Fprintf(h, "%d\n%d\n%d:", size, mtime, len(head))
	h.Write(head)
	fmt.Fprintf(h, "\n%d:", len(tail))
	h.Write(tail)
	return hex.EncodeToString(h.Sum(nil))[:24]
}
