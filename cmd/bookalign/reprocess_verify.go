package main

import (
	"context"
	"crypto/md5"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/reprocess"
	"github.com/bookalign/bookalign/transforms"
)

// keyBytes is how much of each end of a dump goes into its content key.
const keyBytes = 1 << 20

// contentKey returns the reprocess.ContentKey of the file at path.
func contentKey(ctx context.Context, path string) (string, error) {
	size, err := transforms.FileSize(ctx, path)
	if err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	modified, err := lastModified(ctx, path)
	if err != nil {
		return "", err
	}
	head, err := transforms.ReadRange(ctx, path, 0, min(size, keyBytes))
	if err != nil {
		return "", err
	}
	tailStart := max(0, size-keyBytes)
	tail, err := transforms.ReadRange(ctx, path, tailStart, size-tailStart)
	if err != nil {
		return "", err
	}
	return reprocess.ContentKey(size, modified, head, tail), nil
}

// lastModified returns when the file at path was last changed, or the
// zero time where its filesystem does not say.
func lastModified(ctx context.Context, path string) (time.Time, error) {
	if isLocal(path) {
		st, err := os.Stat(path)
		if err != nil {
			return time.Time{}, err
		}
		return st.ModTime(), nil
	}
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return time.Time{}, err
	}
	defer fs.Close()
	if lm, ok := fs.(filesystem.LastModifiedGetter); ok {
		t, err := lm.LastModified(ctx, path)
		if err != nil {
			return time.Time{}, fmt.Errorf("%s: %w", path, err)
		}
		return t, nil
	}
	return time.Time{}, nil
}

// verifyDump checks the dump before it is processed and returns what was
// checked, in words. An error wrapping reprocess.ErrIncomplete means the
// dump is cut short, corrupt or not the file its checksum file describes.
//
//   - The end of the file: the bzip2 end-of-stream marker, the last block
//     decompressed with its CRC, and </mediawiki> at the end of the text
//     (reprocess.CheckEnd; a few megabytes read, whatever the size).
//   - With a multistream index: the whole index is read (so a truncated
//     or corrupt index fails its bzip2 CRCs), every stream it names must
//     start inside the dump and the last with a bzip2 header.
//   - With Wikimedia's checksum file for the date beside the dumps
//     (enwiki-DATE-sha1sums.txt, else -md5sums.txt): it must list the
//     dump, and the digest of the whole dump (and of the index, when
//     listed) must match. This reads every byte once.
func (j *reprocessJob) verifyDump(ctx context.Context, names []string) (string, error) {
	path := corpus.Join(j.Dumps, j.dump.Name)
	size, err := transforms.FileSize(ctx, path)
	if err != nil {
		return "", err
	}
	ra := &rangeReaderAt{ctx: ctx, path: path}
	if err := reprocess.CheckEnd(j.dump.Name, ra, size); err != nil {
		return "", err
	}
	checked := []string{"end of data (" + mediawikiEnd(j.dump.Name) + ")"}
	if j.dump.Index != "" {
		streams, err := transforms.ReadIndex(ctx, corpus.Join(j.Dumps, j.dump.Index))
		if err != nil {
			return "", fmt.Errorf("%w: the index %s cannot be read: %v", reprocess.ErrIncomplete, j.dump.Index, err)
		}
		offsets := make([]int64, len(streams))
		for i, st := range streams {
			offsets[i] = st.Offset
		}
		if err := reprocess.CheckIndex(j.dump.Name, ra, size, offsets); err != nil {
			return "", err
		}
		checked = append(checked, fmt.Sprintf("index (%d streams)", len(offsets)))
	}
	for _, sums := range reprocess.ChecksumFiles(j.dump.Date) {
		if !slices.Contains(names, sums) {
			continue
		}
		b, err := transforms.ReadFile(ctx, corpus.Join(j.Dumps, sums))
		if err != nil {
			return "", err
		}
		digests, err := reprocess.ParseChecksums(strings.NewReader(string(b)))
		if err != nil {
			return "", fmt.Errorf("%w: checksum file %s: %v", reprocess.ErrIncomplete, sums, err)
		}
		if _, ok := digests[j.dump.Name]; !ok {
			return "", fmt.Errorf("%w: the checksum file %s does not list %s", reprocess.ErrIncomplete, sums, j.dump.Name)
		}
		files := []string{j.dump.Name}
		if _, ok := digests[j.dump.Index]; ok && j.dump.Index != "" {
			files = append(files, j.dump.Index)
		}
		for _, name := range files {
			j.logf("checking %s against %s (reads the whole file)\n", name, sums)
			got, err := digestFile(ctx, corpus.Join(j.Dumps, name), len(digests[name]))
			if err != nil {
				return "", err
			}
			if got != digests[name] {
				return "", fmt.Errorf("%w: %s has digest %s, but %s gives %s", reprocess.ErrIncomplete, name, got, sums, digests[name])
			}
		}
		checked = append(checked, fmt.Sprintf("%s of %s", strings.TrimSuffix(strings.TrimPrefix(sums, "enwiki-"+j.dump.Date+"-"), "sums.txt"), strings.Join(files, " and ")))
		break
	}
	return strings.Join(checked, "; "), nil
}

func mediawikiEnd(name string) string {
	if strings.HasSuffix(name, ".bz2") {
		return "bzip2 end marker, last block CRC, </mediawiki>"
	}
	return "</mediawiki>"
}

// digestFile returns the hex SHA-1 (hexLen 40) or MD5 (32) of a file.
func digestFile(ctx context.Context, path string, hexLen int) (string, error) {
	var h hash.Hash
	switch hexLen {
	case 40:
		h = sha1.New()
	case 32:
		h = md5.New()
	default:
		return "", errors.New("unknown digest")
	}
	r, err := transforms.OpenFile(ctx, path)
	if err != nil {
		return "", err
	}
	defer r.Close()
	if _, err := io.Copy(h, r); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// rangeReaderAt reads a file of any Beam filesystem with ranged reads.
type rangeReaderAt struct {
	ctx  context.Context
	path string
}

func (r *rangeReaderAt) ReadAt(p []byte, off int64) (int, error) {
	b, err := transforms.ReadRange(r.ctx, r.path, off, int64(len(p)))
	n := copy(p, b)
	if err == nil && n < len(p) {
		err = io.EOF
	}
	return n, err
}
