package transforms

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/outcome"
	"github.com/bookalign/bookalign/text"
)

var (
	pairsLoaded     = beam.NewCounter("bookalign", "pairs_loaded")
	pairsUnreadable = beam.NewCounter("bookalign", "pairs_unreadable")
)

func init() {
	beam.RegisterType(reflect.TypeOf((*loadPairFn)(nil)).Elem())
	register.Emitter1[PairText]()
}

// LoadOptions say where the corpus is and which files may be read.
type LoadOptions struct {
	// Dir is the corpus directory, local or gs://.
	Dir string `json:"dir"`
	// AllowOutsideSymlinks follows a book or summary that is a symbolic
	// link to a file outside Dir; by default such a pair is rejected.
	AllowOutsideSymlinks bool `json:"allow_outside_symlinks"`
}

// LoadPairs reads each pair's book and summary from the corpus
// opts.Dir, parses them (text.ParseBook, text.ParseSummary: the book's
// body without Project Gutenberg boilerplate, the sentences) and counts
// words. It is the one stage that parses: the pairs carry their documents
// to every later stage. A pair whose files are missing, unreadable, not regular files (a
// FIFO, a device), symbolic links out of the corpus (CheckInput), not valid
// UTF-8 or empty goes to rejects with the reason.
//
// In: PCollection<corpus.Pair>. Out: PCollection<PairText>, PCollection<Reject>.
func LoadPairs(s beam.Scope, opts LoadOptions, pairs beam.PCollection) (texts, rejects beam.PCollection) {
	s = s.Scope("transforms.LoadPairs")
	return beam.ParDo2(s, &loadPairFn{Options: opts}, pairs)
}

// loadPairFn reads and checks one pair.
type loadPairFn struct {
	Options LoadOptions `json:"options"`
}

func (f *loadPairFn) ProcessElement(ctx context.Context, p corpus.Pair, emit func(PairText), reject func(Reject)) {
	pt, reason := f.load(ctx, p)
	if reason != "" {
		pairsUnreadable.Inc(ctx, 1)
		reject(Reject{ID: p.ID, Row: p.Row, Stage: outcome.StageLoad, Reason: reason})
		return
	}
	pairsLoaded.Inc(ctx, 1)
	tick(StageLoad, "pairs")
	emit(pt)
}

// load returns the pair's texts, or the reason it cannot be used.
func (f *loadPairFn) load(ctx context.Context, p corpus.Pair) (PairText, string) {
	layout := corpus.Layout{Dir: f.Options.Dir}
	book, err := f.read(ctx, layout.Book(p.ID))
	if err != nil {
		return PairText{}, "book: " + err.Error()
	}
	summary, err := f.read(ctx, layout.Summary(p.ID))
	if err != nil {
		return PairText{}, "summary: " + err.Error()
	}
	bookDoc, err := text.ParseBook(string(book))
	if err != nil {
		return PairText{}, "book: " + err.Error()
	}
	sumDoc, err := text.ParseSummary(string(summary))
	if err != nil {
		return PairText{}, "summary: " + err.Error()
	}
	return PairText{
		Pair:         p,
		Book:         bookDoc,
		Summary:      sumDoc,
		BookWords:    text.CountWords(bookDoc.Str(bookDoc.Body)),
		SummaryWords: text.CountWords(sumDoc.Str(sumDoc.Body)),
	}, ""
}

// read checks a file of the corpus, then reads it.
func (f *loadPairFn) read(ctx context.Context, path string) ([]byte, error) {
	if err := store.CheckInput(path, f.Options.Dir, f.Options.AllowOutsideSymlinks); err != nil {
		return nil, err
	}
	return store.ReadFile(ctx, path)
}
