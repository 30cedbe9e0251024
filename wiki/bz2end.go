package wiki

import (
	"bytes"
	"compress/bzip2"
	"errors"
	"fmt"
	"io"
)

// The 48-bit markers of the bzip2 format: a block starts with the first
// (the BCD digits of pi), a stream ends with the second (of sqrt(pi))
// followed by the stream's 32-bit combined CRC and zero bits up to a byte
// boundary. Neither is byte-aligned inside a stream.
const (
	bz2BlockMagic = 0x314159265359
	bz2EndMagic   = 0x177245385090
)

// ErrBzip2End: a bzip2 file does not end as a whole one does.
var ErrBzip2End = errors.New("wiki: bzip2 data does not end cleanly")

// maxTailBlock bounds the bytes searched, from the end of a file, for the
// start of its last block: a block holds at most 900,000 bytes before the
// Burrows-Wheeler transform and compresses to a little more in the worst
// case, so 2 MiB holds any last block with its end-of-stream marker.
// maxTailText bounds its decompressed size (run-length coding can expand a
// 900,000-byte block about 50-fold).
const (
	maxTailBlock = 2 << 20
	maxTailText  = 64 << 20
)

// LastBzip2Block checks the end of a bzip2 file of size bytes read through
// ra, without decompressing the rest, and returns the decompressed text of
// its last block. The file must end with an end-of-stream marker (a file
// cut short, say by an unfinished download, almost never does), and its
// last block must decompress with the CRC its header gives. The cost is
// one block, whatever the size of the file: the block is copied, from the
// bit where it starts, into a stream of its own whose combined CRC is the
// block's CRC, which compress/bzip2 then checks.
//
// Errors wrap ErrBzip2End, or are ra's.
func LastBzip2Block(ra io.ReaderAt, size int64) ([]byte, error) {
	n := min(size, maxTailBlock)
	if n < 14 { // a header, an end marker and its CRC
		return nil, fmt.Errorf("%w: %d bytes", ErrBzip2End, size)
	}
	buf := make([]byte, n)
	if _, err := ra.ReadAt(buf, size-n); err != nil && err != io.EOF {
		return nil, err
	}
	total := int64(len(buf)) * 8
	end := int64(-1) // bit where the end-of-stream marker starts
	for pad := int64(0); pad < 8; pad++ {
		if p := total - 80 - pad; p >= 0 && bitsAt(buf, p, 48) == bz2EndMagic {
			end = p
			break
		}
	}
	if end < 0 {
		return nil, fmt.Errorf("%w: no end-of-stream marker in the last bytes (the file is cut short?)", ErrBzip2End)
	}
	for p := end - 48; p >= 0; p-- {
		if bitsAt(buf, p, 48) != bz2BlockMagic {
			continue
		}
		if text, err := decodeBlock(buf, p, end); err == nil {
			return text, nil
		}
		// Not a block start after all: the marker bits occurred inside
		// compressed data by chance. Look further back.
	}
	return nil, fmt.Errorf("%w: no block before the end-of-stream marker decompresses with its CRC", ErrBzip2End)
}

// decodeBlock decompresses the block of buf that starts at bit start and
// runs to the end-of-stream marker at bit end, as a stream of its own.
func decodeBlock(buf []byte, start, end int64) ([]byte, error) {
	var w bitWriter
	w.buf = append(w.buf, "BZh9"...)
	for p := start; p < end+48; {
		k := min(32, end+48-p)
		w.write(bitsAt(buf, p, int(k)), int(k))
		p += k
	}
	w.write(bitsAt(buf, start+48, 32), 32) // the combined CRC of one block is its CRC
	w.flush()
	return io.ReadAll(io.LimitReader(bzip2.NewReader(bytes.NewReader(w.buf)), maxTailText))
}

// bitsAt returns the n <= 57 bits of buf from bit p (most significant bit
// first, as bzip2 writes them); bits past the end read as 0.
func bitsAt(buf []byte, p int64, n int) uint64 {
	var v uint64
	i, skip := p/8, int(p%8)
	have := 0
	for have < n+skip {
		var b byte
		if i < int64(len(buf)) {
			b = buf[i]
		}
		v = v<<8 | uint64(b)
		have += 8
		i++
	}
	return v >> (have - n - skip) & (1<<n - 1)
}

// bitWriter appends bits, most significant first.
type bitWriter struct {
	buf  []byte
	acc  uint64
	bits int
}

func (w *bitWriter) write(v uint64, n int) {
	w.acc = w.acc<<n | v&(1<<n-1)
	w.bits += n
	for w.bits >= 8 {
		w.buf = append(w.buf, byte(w.acc>>(w.bits-8)))
		w.bits -= 8
	}
}

func (w *bitWriter) flush() {
	if w.bits > 0 {
		w.write(0, 8-w.bits)
	}
}
