package transforms

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"

	"github.com/bookalign/bookalign/internal/store"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/outcome"
	"github.com/bookalign/bookalign/wiki"
)

var (
	wikiPagesRead   = beam.NewCounter("bookalign", "wiki_pages_read")
	wikiArticles    = beam.NewCounter("bookalign", "wiki_articles")
	wikiStreamsRead = beam.NewCounter("bookalign", "wiki_streams_read")
	wikiStreamsBad  = beam.NewCounter("bookalign", "wiki_streams_unreadable")
	// wikiStreamsMissing counts the streams an index names past the end of
	// a dump that is cut short.
	wikiStreamsMissing = beam.NewCounter("bookalign", "wiki_streams_missing")
	wikiBytesRead      = beam.NewCounter("bookalign", "wiki_bytes_read")
)

func init() {
	beam.RegisterType(reflect.TypeOf((*planDumpFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*readDumpFn)(nil)).Elem())
	register.Emitter1[WikiChunk]()
	register.Emitter1[wiki.Page]()
	register.Emitter1[Reject]()
}

// DefaultChunkBytes is the size of the work items a multistream dump is cut
// into (whole bzip2 streams, about 100 pages each, joined up to this many
// bytes of the .bz2 file), and DefaultSplitBytes the size of the pieces a
// work item's restriction is split into before reading starts.
const (
	DefaultChunkBytes = 64 << 20
	DefaultSplitBytes = 16 << 20
)

// PlanDump describes the reading of the MediaWiki XML export at dump (plain
// or bzip2, local or gs://). With a multistream index (index not empty) it
// reads the index once and cuts the dump into work items of about
// chunkBytes bytes of whole bzip2 streams (0 means DefaultChunkBytes);
// without one the whole dump is one work item with one "stream" that is
// read sequentially. A stream the index names at or past the end of the
// dump (a dump cut short) is a reject, one per stream, with its page count
// and first page. An index that cannot be read as one (a bad line, no
// offsets) is not fatal: the dump is then read sequentially and a reject
// says why. A dump that cannot be opened fails the pipeline.
//
// Out: PCollection<WikiChunk>, PCollection<Reject>.
func PlanDump(s beam.Scope, dump, index string, chunkBytes int64) (chunks, rejects beam.PCollection) {
	s = s.Scope("transforms.PlanDump")
	return beam.ParDo2(s, &planDumpFn{Dump: dump, Index: index, ChunkBytes: chunkBytes}, beam.Impulse(s))
}

// planDumpFn makes the work items of one dump.
type planDumpFn struct {
	// Dump is the path of the pages-articles export.
	Dump string `json:"dump"`
	// Index is the path of its multistream index, or empty.
	Index string `json:"index"`
	// ChunkBytes is the target size of a work item; 0 means
	// DefaultChunkBytes.
	ChunkBytes int64 `json:"chunk_bytes"`
}

func (f *planDumpFn) ProcessElement(ctx context.Context, _ []byte, emit func(WikiChunk), reject func(Reject)) error {
	size, err := store.Size(ctx, f.Dump)
	if err != nil {
		return fmt.Errorf("opening the dump: %w", err)
	}
	whole := WikiChunk{Dump: f.Dump, Start: 0, End: size, Streams: []int64{0}}
	if f.Index == "" {
		emit(whole)
		return nil
	}
	streams, err := ReadIndex(ctx, f.Index)
	if errors.Is(err, wiki.ErrIndexLine) || err == nil && len(streams) == 0 {
		if err == nil {
			err = errors.New("the index names no stream")
		}
		reject(Reject{Input: outcome.PageInput, Stage: outcome.StagePlan, Reason: "multistream index unusable, dump read sequentially", Detail: f.Index + ": " + err.Error()})
		emit(whole)
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading the multistream index: %w", err)
	}
	offsets := make([]int64, len(streams))
	for i, st := range streams {
		offsets[i] = st.Offset
		if st.Offset >= size {
			// The dump is cut short: nothing of this stream can be read.
			wikiStreamsMissing.Inc(ctx, 1)
			reject(missingStream(st, size))
		}
	}
	for _, c := range PlanChunks(f.Dump, offsets, size, f.ChunkBytes) {
		emit(c)
	}
	return nil
}

// missingStream is the reject of a stream that the index names at or past
// the end of a dump of size bytes.
func missingStream(st wiki.IndexStream, size int64) Reject {
	return Reject{
		Input:  outcome.PageInput,
		Stage:  outcome.StagePlan,
		Reason: "stream past the end of the dump",
		Detail: fmt.Sprintf("the index puts %d pages (the first %d %q) in a stream at byte %d, but the dump has %d bytes: it is cut short",
			st.Pages, st.FirstID, st.FirstTitle, st.Offset, size),
		Stream: st.Offset,
	}
}

// PlanChunks cuts a multistream dump of size bytes, whose bzip2 streams
// start at offsets (increasing), into work items of about chunkBytes bytes
// (0 means DefaultChunkBytes): wiki.Merge over wiki.Spans, each item
// keeping the offsets of the streams it holds.
func PlanChunks(dump string, offsets []int64, size, chunkBytes int64) []WikiChunk {
	if chunkBytes <= 0 {
		chunkBytes = DefaultChunkBytes
	}
	var out []WikiChunk
	for _, c := range wiki.Chunks(offsets, size, chunkBytes) {
		out = append(out, WikiChunk{Dump: dump, Start: c.Start, End: c.End, Streams: c.Streams})
	}
	return out
}

// ReadIndex returns the streams of a multistream index (plain or bzip2).
func ReadIndex(ctx context.Context, path string) ([]wiki.IndexStream, error) {
	r, err := store.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return wiki.ReadIndex(r)
}

// ReadDump reads the article pages (namespace 0, no redirects) of the work
// items made by PlanDump with a splittable DoFn: each item's restriction is
// the byte range [Start, End) of the dump, and a position is claimed for
// each bzip2 stream that starts in it, so a runner can split an item
// between its streams, before or during the reading. Restrictions are
// split into pieces of about splitBytes bytes at the start (0 means
// DefaultSplitBytes). A stream that cannot be decompressed or parsed goes
// to rejects with the reason and the pages read before the fault are kept;
// the next stream is read as usual. An I/O error fails the bundle, so the
// runner retries it.
//
// In: PCollection<WikiChunk>. Out: PCollection<wiki.Page>, PCollection<Reject>.
func ReadDump(s beam.Scope, chunks beam.PCollection, splitBytes int64) (pages, rejects beam.PCollection) {
	s = s.Scope("transforms.ReadDump")
	// Work items come from one element; spread them over the workers.
	chunks = beam.Reshuffle(s, chunks)
	return beam.ParDo2(s, &readDumpFn{SplitBytes: splitBytes}, chunks)
}

// readDumpFn is the splittable DoFn that reads the streams of a work item.
type readDumpFn struct {
	// SplitBytes is the target size of the initial splits; 0 means
	// DefaultSplitBytes.
	SplitBytes int64 `json:"split_bytes"`
}

// CreateInitialRestriction is the byte range of the work item.
func (f *readDumpFn) CreateInitialRestriction(c WikiChunk) offsetrange.Restriction {
	return offsetrange.Restriction{Start: c.Start, End: c.End}
}

// SplitRestriction cuts a restriction at stream starts into pieces of
// about SplitBytes bytes.
func (f *readDumpFn) SplitRestriction(c WikiChunk, rest offsetrange.Restriction) []offsetrange.Restriction {
	target := f.SplitBytes
	if target <= 0 {
		target = DefaultSplitBytes
	}
	var out []offsetrange.Restriction
	start := rest.Start
	for _, o := range c.Streams {
		if o <= start || o >= rest.End {
			continue
		}
		if o-start >= target {
			out = append(out, offsetrange.Restriction{Start: start, End: o})
			start = o
		}
	}
	return append(out, offsetrange.Restriction{Start: start, End: rest.End})
}

// RestrictionSize is the number of bytes of the dump to read.
func (f *readDumpFn) RestrictionSize(_ WikiChunk, rest offsetrange.Restriction) float64 {
	return rest.Size()
}

// CreateTracker tracks a byte range.
func (f *readDumpFn) CreateTracker(rest offsetrange.Restriction) *sdf.LockRTracker {
	return sdf.NewLockRTracker(offsetrange.NewTracker(rest))
}

func (f *readDumpFn) ProcessElement(ctx context.Context, rt *sdf.LockRTracker, c WikiChunk, emit func(wiki.Page), reject func(Reject)) error {
	rest := rt.GetRestriction().(offsetrange.Restriction)
	i := sort.Search(len(c.Streams), func(i int) bool { return c.Streams[i] >= rest.Start })
	var in io.ReadCloser
	defer func() {
		if in != nil {
			in.Close()
		}
	}()
	for ; i < len(c.Streams); i++ {
		start := c.Streams[i]
		if !rt.TryClaim(start) {
			return nil // the rest belongs to another restriction
		}
		end := c.End
		if i+1 < len(c.Streams) {
			end = c.Streams[i+1]
		}
		if in == nil {
			r, err := store.OpenRange(ctx, c.Dump, start, c.End-start)
			if err != nil {
				return fmt.Errorf("opening %s at byte %d: %w", c.Dump, start, err)
			}
			in = r
		}
		stream := io.LimitReader(in, end-start)
		if err := readStream(ctx, stream, c.Dump, start, emit, reject); err != nil {
			return err
		}
		if _, err := io.Copy(io.Discard, stream); err != nil {
			return fmt.Errorf("reading %s at byte %d: %w", c.Dump, start, err)
		}
		wikiStreamsRead.Inc(ctx, 1)
		wikiBytesRead.Inc(ctx, end-start)
	}
	rt.TryClaim(rt.GetRestriction().(offsetrange.Restriction).End)
	return nil
}

// readStream emits the article pages of one stream (plain XML, or one or
// more concatenated bzip2 streams). A fault in the data is a reject; a
// fault of the underlying reader is returned.
func readStream(ctx context.Context, stream io.Reader, dump string, start int64, emit func(wiki.Page), reject func(Reject)) error {
	src := &sourceReader{r: io.NopCloser(stream)}
	in, err := wiki.Decompress(src)
	if err != nil {
		return err
	}
	r := wiki.NewReader(in)
	for r.Scan() {
		p := r.Page()
		wikiPagesRead.Inc(ctx, 1)
		if !p.IsArticle() {
			continue
		}
		wikiArticles.Inc(ctx, 1)
		tick("read", "pages")
		emit(p)
	}
	err = r.Err()
	if err == nil {
		return nil
	}
	if src.err != nil {
		return err // an I/O error: let the runner retry
	}
	wikiStreamsBad.Inc(ctx, 1)
	rj := Reject{Input: outcome.PageInput, Stage: outcome.StageRead, Reason: "unreadable stream: " + wiki.StreamFault(err), Detail: err.Error(), Stream: start}
	var pe *wiki.ParseError
	if errors.As(err, &pe) {
		rj.WikipediaID = pe.Page
	}
	reject(rj)
	return nil
}

// sourceReader remembers the last error of the reader it wraps other than
// io.EOF, so that a fault of the source (I/O) is told apart from a fault of
// the data read from it.
type sourceReader struct {
	r   io.ReadCloser
	err error
}

func (s *sourceReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if err != nil && err != io.EOF {
		s.err = err
	}
	return n, err
}

func (s *sourceReader) Close() error { return s.r.Close() }
