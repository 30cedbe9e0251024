package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"cloud.google.com/go/storage"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/util/gcsx"

	// Every path may be local or on Google Cloud Storage.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
)

// MaxFileSize bounds any one input file (a book, a summary, pairs.tsv, a
// thesaurus or ROUGE data file): ReadFile's cap, 64 MiB. The files a run
// writes and reads back (ReadWritten) are not bounded by it: their size
// follows from the corpus, which may be any number of books. It is a
// variable so that a test can lower it.
var MaxFileSize int64 = 64 << 20

// ErrTooLarge is what ReadFileMax's error for a file over its cap wraps.
var ErrTooLarge = errors.New("larger than")

// ReadFile reads a whole input file, of at most MaxFileSize bytes.
func ReadFile(ctx context.Context, path string) ([]byte, error) {
	return ReadFileMax(ctx, path, MaxFileSize)
}

// ReadFileMax reads a whole file, at most max+1 bytes of it: a file (or a
// device such as /dev/zero) with more than max bytes is refused with an
// error wrapping ErrTooLarge.
func ReadFileMax(ctx context.Context, path string, max int64) ([]byte, error) {
	b, err := readAll(ctx, path, max)
	if err == nil && int64(len(b)) > max {
		return nil, fmt.Errorf("%s is %w %d bytes", path, ErrTooLarge, max)
	}
	return b, err
}

// ReadWritten reads a whole file that a run wrote itself (WriteFile): a
// file of its work directory, or one of its outputs (results.json,
// rejects.jsonl, table.md), whatever its size: the process that wrote it
// held it in memory whole, so its size is that of what was written, and a
// cap here would fail a run at its end for a file it had already made (a
// model of thousands of books, a training set's statistics, the results
// of many books).
func ReadWritten(ctx context.Context, path string) ([]byte, error) {
	return readAll(ctx, path, -1)
}

// ReadOptional reads a whole input file that may not exist: ok is false
// when it does not.
func ReadOptional(ctx context.Context, path string) (b []byte, ok bool, err error) {
	if !IsRemote(path) {
		b, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			return nil, false, nil
		}
		return b, err == nil, err
	}
	ok, err = Exists(ctx, path)
	if err != nil || !ok {
		return nil, false, err
	}
	b, err = ReadFile(ctx, path)
	return b, err == nil, err
}

// readAll reads path: all of it with a negative limit, else at most
// limit+1 bytes, so that a caller can tell a file over the limit.
func readAll(ctx context.Context, path string, limit int64) ([]byte, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var src io.Reader = r
	if limit >= 0 {
		src = io.LimitReader(r, limit+1)
	}
	b, err := io.ReadAll(src)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return b, nil
}

// Open opens a whole file for streaming.
func Open(ctx context.Context, path string) (io.ReadCloser, error) {
	return openRead(ctx, path)
}

// openRead opens path on its filesystem; closing the reader closes both.
func openRead(ctx context.Context, path string) (*rangeReader, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, err
	}
	r, err := fs.OpenRead(ctx, path)
	if err != nil {
		fs.Close()
		return nil, err
	}
	return &rangeReader{Reader: r, closers: []io.Closer{r, fs}}, nil
}

// OpenRange opens length bytes of path from byte start. Local files seek,
// Google Cloud Storage objects are read with a ranged request, and any
// other filesystem reads and discards the bytes before start.
func OpenRange(ctx context.Context, path string, start, length int64) (io.ReadCloser, error) {
	if strings.HasPrefix(path, "gs://") {
		return openGCSRange(ctx, path, start, length)
	}
	rr, err := openRead(ctx, path)
	if err != nil {
		return nil, err
	}
	if sk, ok := rr.Reader.(io.Seeker); ok {
		_, err = sk.Seek(start, io.SeekStart)
	} else {
		_, err = io.CopyN(io.Discard, rr.Reader, start)
	}
	if err != nil {
		rr.Close()
		return nil, err
	}
	rr.Reader = io.LimitReader(rr.Reader, length)
	return rr, nil
}

// ReadRange returns length bytes of the file at path from byte start,
// fewer at the end of the file.
func ReadRange(ctx context.Context, path string, start, length int64) ([]byte, error) {
	r, err := OpenRange(ctx, path, start, length)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

// ReaderAt reads the file at path with ranged reads (ReadRange), as an
// io.ReaderAt: for a format read from its end (a bzip2 stream's last
// block, an index) without reading the whole file.
func ReaderAt(ctx context.Context, path string) io.ReaderAt {
	return &readerAt{ctx: ctx, path: path}
}

// readerAt is ReaderAt's reader.
type readerAt struct {
	ctx  context.Context
	path string
}

func (r *readerAt) ReadAt(p []byte, off int64) (int, error) {
	b, err := ReadRange(r.ctx, r.path, off, int64(len(p)))
	n := copy(p, b)
	if err == nil && n < len(p) {
		err = io.EOF
	}
	return n, err
}

// openGCSRange reads a byte range of a GCS object with one ranged request.
func openGCSRange(ctx context.Context, path string, start, length int64) (io.ReadCloser, error) {
	bucket, object, err := gcsx.ParseObject(path)
	if err != nil {
		return nil, err
	}
	client, err := gcsx.NewClient(ctx, storage.ScopeReadOnly)
	if err != nil {
		if client, err = gcsx.NewUnauthenticatedClient(ctx); err != nil {
			return nil, err
		}
	}
	r, err := client.Bucket(bucket).Object(object).NewRangeReader(ctx, start, length)
	if err != nil {
		client.Close()
		return nil, err
	}
	return &rangeReader{Reader: r, closers: []io.Closer{r, client}}, nil
}

// rangeReader reads a range and closes what it was opened with.
type rangeReader struct {
	io.Reader
	closers []io.Closer
}

func (r *rangeReader) Close() error {
	var first error
	for _, c := range r.closers {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}
