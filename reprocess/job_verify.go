package reprocess

import (
	"context"
	"crypto/md5"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"slices"
	"strings"

	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/wiki"
)

// keyBytes is how much of each end of a dump goes into its content key.
const keyBytes = 1 << 20

// contentKey returns the ContentKey of the file at path.
func (j *Job) contentKey(ctx context.Context, path string) (string, error) {
	size, err := store.Size(ctx, path)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	modified, err := store.LastModified(ctx, path)
	if err != nil {
		return "", err
	}
	head, err := store.ReadRange(ctx, path, 0, min(size, keyBytes))
	if err != nil {
		return "", err
	}
	tailStart := max(0, size-keyBytes)
	tail, err := store.ReadRange(ctx, path, tailStart, size-tailStart)
	if err != nil {
		return "", err
	}
	return ContentKey(size, modified, head, tail), nil
}

// verifyDump checks the dump before it is processed and returns what was
// checked, in words. An error wrapping ErrIncomplete means the dump is cut
// short, corrupt or not the file its checksum file describes.
//
//   - The end of the file: the bzip2 end-of-stream marker, the last block
//     decompressed with its CRC, and </mediawiki> at the end of the text
//     (CheckEnd; a few megabytes read, whatever the size).
//   - With a multistream index: the whole index is read (so a truncated
//     or corrupt index fails its bzip2 CRCs), every stream it names must
//     start inside the dump and the last with a bzip2 header.
//   - With Wikimedia's checksum file for the date beside the dumps
//     (enwiki-DATE-sha1sums.txt, else -md5sums.txt): it must list the
//     dump, and the digest of the whole dump (and of the index, when
//     listed) must match. This reads every byte once. A dump named
//     "latest" has no checksum file of its own.
func (j *Job) verifyDump(ctx context.Context, names []string) (string, error) {
	path := corpus.Join(j.Dumps, j.dump.Name)
	size, err := store.Size(ctx, path)
	if err != nil {
		return "", err
	}
	ra := store.ReaderAt(ctx, path)
	if err := CheckEnd(j.dump.Name, ra, size); err != nil {
		return "", err
	}
	checked := []string{"end of data (" + endChecks(j.dump.Name) + ")"}
	if j.dump.Index != "" {
		streams, err := j.readIndex(ctx, corpus.Join(j.Dumps, j.dump.Index))
		if err != nil {
			return "", fmt.Errorf("%w: the index %s cannot be read: %v", ErrIncomplete, j.dump.Index, err)
		}
		offsets := make([]int64, len(streams))
		for i, st := range streams {
			offsets[i] = st.Offset
		}
		if err := CheckIndex(j.dump.Name, ra, size, offsets); err != nil {
			return "", err
		}
		checked = append(checked, fmt.Sprintf("index (%d streams)", len(offsets)))
	}
	for _, sums := range ChecksumFiles(j.dump.Date) {
		// The date of a latest dump is its content's: a checksum file of
		// that date may belong to another dump.
		if j.dump.Latest || !slices.Contains(names, sums) {
			continue
		}
		b, err := store.ReadFile(ctx, corpus.Join(j.Dumps, sums))
		if err != nil {
			return "", err
		}
		digests, err := ParseChecksums(strings.NewReader(string(b)))
		if err != nil {
			return "", fmt.Errorf("%w: checksum file %s: %v", ErrIncomplete, sums, err)
		}
		if _, ok := digests[j.dump.Name]; !ok {
			return "", fmt.Errorf("%w: the checksum file %s does not list %s", ErrIncomplete, sums, j.dump.Name)
		}
		files := []string{j.dump.Name}
		if _, ok := digests[j.dump.Index]; ok && j.dump.Index != "" {
			files = append(files, j.dump.Index)
		}
		for _, name := range files {
			j.logf("checking %s against %s (reads the whole file)\n", name, sums)
			got, err := j.digestFile(ctx, corpus.Join(j.Dumps, name), len(digests[name]))
			if err != nil {
				return "", err
			}
			if got != digests[name] {
				return "", fmt.Errorf("%w: %s has digest %s, but %s gives %s", ErrIncomplete, name, got, sums, digests[name])
			}
		}
		checked = append(checked, fmt.Sprintf("%s of %s", strings.TrimSuffix(strings.TrimPrefix(sums, "enwiki-"+j.dump.Date+"-"), "sums.txt"), strings.Join(files, " and ")))
		break
	}
	return strings.Join(checked, "; "), nil
}

// endChecks says in words what CheckEnd checks of the dump named name.
func endChecks(name string) string {
	if strings.HasSuffix(name, ".bz2") {
		return "bzip2 end marker, last block CRC, " + mediawikiEnd
	}
	return mediawikiEnd
}

// readIndex returns the streams of a multistream index (plain or bzip2).
func (j *Job) readIndex(ctx context.Context, path string) ([]wiki.IndexStream, error) {
	r, err := store.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return wiki.ReadIndex(r)
}

// digestFile returns the hex SHA-1 (hexLen 40) or MD5 (32) of a file.
func (j *Job) digestFile(ctx context.Context, path string, hexLen int) (string, error) {
	var h hash.Hash
	switch hexLen {
	case 40:
		h = sha1.New()
	case 32:
		h = md5.New()
	default:
		return "", errors.New("unknown digest")
	}
	r, err := store.Open(ctx, path)
	if err != nil {
		return "", err
	}
	defer r.Close()
	if _, err := io.Copy(h, r); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
