package transforms

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/layout"
	"github.com/bookalign/bookalign/outcome"
)

var (
	pairsAligned   = beam.NewCounter("bookalign", "pairs_aligned")
	alignFailures  = beam.NewCounter("bookalign", "align_failures")
	alignMillis    = beam.NewDistribution("bookalign", "align_ms")
	labelledCounts = beam.NewDistribution("bookalign", "labelled_sentences")
)

func init() {
	beam.RegisterType(reflect.TypeOf((*AlignmentFiles)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*MethodAlignment)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*alignFn)(nil)).Elem())
	register.Emitter1[AlignmentFiles]()
	register.Emitter1[BoundaryFit]()
	beam.RegisterType(reflect.TypeOf((*writeAlignmentsFn)(nil)).Elem())
}

// AlignOptions configure the aligners: the run's aligner settings, the
// aligners to run and where the thesaurus is. Their seed is the run's,
// given to Align beside them.
type AlignOptions struct {
	// Settings are the run's aligner settings (the "align" section).
	Settings align.Settings `json:"settings"`
	// Methods are the aligners to run on every pair: "passage", "token",
	// "jing".
	Methods []string `json:"methods"`
	// Thesaurus is the directory of Roget's Thesaurus (local or gs://) for
	// the Token HMM's synonyms (align.Settings.UsesSynonyms); empty means
	// identity emissions only.
	Thesaurus string `json:"thesaurus"`
}

// AlignmentFiles are the alignment records of one pair, by method, for
// WriteAlignments.
type AlignmentFiles struct {
	ID         string
	Alignments []MethodAlignment
}

// MethodAlignment is one method's alignment of one pair.
type MethodAlignment struct {
	Method string
	// JSONL holds the alignment records (align.Record), one JSON line per
	// summary sentence.
	JSONL string
}

// Aligned are the outputs of Align.
type Aligned struct {
	// Pairs are the pairs every aligner aligned, with their Labels:
	// PCollection<PairText>.
	Pairs beam.PCollection
	// Files are their alignment records: PCollection<AlignmentFiles>.
	Files beam.PCollection
	// Figure holds the Passage HMM fit of the figure book, when it was
	// loaded: PCollection<BoundaryFit>, at most one element.
	Figure beam.PCollection
	// Rejects are the pairs some aligner could not align:
	// PCollection<Reject>.
	Rejects beam.PCollection
}

// errNothingLabelled rejects a pair whose alignment labels no book
// sentence: none of the summary's sentences was placed in the book, which
// happens when they share no word. Its summarizers would learn from it
// that no sentence belongs in a summary, and a corpus of such pairs would
// train models on no positive label at all.
var errNothingLabelled = errors.New("labelled no book sentence: no summary sentence was placed in the book (do the summary and the book share no word? is it this book's summary?)")

// Align runs every configured aligner on every pair, one pair at a time:
// the pair's parsed documents are prepared once and handed to each method
// in turn; pairs are aligned in parallel by the runner. Each aligned pair
// goes on with the sentences every method labelled (PairText.Labels), and
// its alignment records go to Files. A pair that a method cannot align
// goes to rejects with the method and the reason, and its other
// alignments are dropped with it, so that every method sees the same
// books; so does a pair of which a method labels no book sentence
// (errNothingLabelled).
//
// For the pair figureBook (none when empty) Align also emits the boundary
// samples of its Passage HMM fit, the data of the paper's Figure 3
// (Figures draws it): the fit that aligned the pair when the Passage HMM
// is among the aligners, one fit with the same settings otherwise. The
// seed seeds the Passage HMM's sampler.
//
// In: PCollection<PairText>. Out: Aligned.
func Align(s beam.Scope, opts AlignOptions, seed uint64, figureBook string, texts beam.PCollection) Aligned {
	s = s.Scope("transforms.Align")
	out := beam.ParDoN(s, &alignFn{Options: opts, Seed: seed, FigureBook: figureBook}, texts)
	return Aligned{Pairs: out[0], Files: out[1], Figure: out[2], Rejects: out[3]}
}

// alignFn aligns one pair with every method.
type alignFn struct {
	// Options configure the aligners.
	Options AlignOptions `json:"options"`
	// Seed seeds the Passage HMM's sampler.
	Seed uint64 `json:"seed"`
	// FigureBook is the pair whose Passage HMM fit makes Figure 3.
	FigureBook string `json:"figure_book"`

	aligners []align.Aligner
}

// ReadsThesaurus reports whether the aligners of o read the thesaurus: the
// Token HMM is among them and emits synonyms.
func (o AlignOptions) ReadsThesaurus() bool {
	return slices.Contains(o.Methods, align.MethodToken) && o.Settings.UsesSynonyms(o.Thesaurus != "")
}

// ReadThesaurus reads and parses the thesaurus in dir (local or gs://), as
// the aligners read it.
func ReadThesaurus(ctx context.Context, dir string) (*align.Thesaurus, error) {
	b, err := store.ReadFile(ctx, corpus.Join(dir, align.ThesaurusFile))
	if err != nil {
		return nil, err
	}
	return align.ParseThesaurus(bytes.NewReader(b))
}

func (f *alignFn) Setup(ctx context.Context) error {
	var th *align.Thesaurus
	if f.Options.ReadsThesaurus() {
		var err error
		if th, err = ReadThesaurus(ctx, f.Options.Thesaurus); err != nil {
			return fmt.Errorf("thesaurus: %w", err)
		}
	}
	f.aligners = f.aligners[:0]
	for _, m := range f.Options.Methods {
		a, err := align.New(m, f.Options.Settings.Options(f.Seed, th))
		if err != nil {
			return fmt.Errorf("%s: %w", m, err)
		}
		f.aligners = append(f.aligners, a)
	}
	return nil
}

func (f *alignFn) ProcessElement(ctx context.Context, pt PairText, emit func(PairText), files func(AlignmentFiles), figure func(BoundaryFit), reject func(Reject)) error {
	fail := func(method string, err error) {
		alignFailures.Inc(ctx, 1)
		reject(Reject{ID: pt.Pair.ID, Row: pt.Pair.Row, Stage: outcome.StageAlign, Reason: fmt.Sprintf("%s: %v", method, err)})
	}
	drawn := pt.Pair.ID == f.FigureBook
	pair, err := align.PrepareForms(pt.Book, pt.Summary, f.Options.Settings.Forms())
	if err != nil {
		if drawn {
			figure(BoundaryFit{Book: pt.Pair.ID, Reason: fmt.Sprintf("%s: %v", pt.Pair.ID, err)})
		}
		fail("prepare", err)
		return nil
	}
	var fitter *align.PassageHMM
	if drawn {
		fitter = f.passage()
	}
	results, fit, fitErr := align.AlignAll(pair, f.aligners, fitter)
	if drawn {
		figure(newBoundaryFit(pt.Pair.ID, fit, fitErr))
	}
	out := AlignmentFiles{ID: pt.Pair.ID}
	labels := make([]MethodLabels, 0, len(results))
	for i, m := range f.Options.Methods {
		l, jsonl, failed, err := methodAlignment(ctx, pair, results[i])
		if err != nil {
			return err
		}
		if failed != nil {
			fail(m, failed)
			return nil
		}
		labels = append(labels, MethodLabels{Method: m, Sentences: l})
		out.Alignments = append(out.Alignments, MethodAlignment{Method: m, JSONL: jsonl})
	}
	pairsAligned.Inc(ctx, 1)
	tick(StageAlign, "pairs")
	pt.Labels = labels
	emit(pt)
	files(out)
	return nil
}

// methodAlignment returns the book sentences one method's result on pair
// labels and its alignment records (align.Record), one JSON line per
// summary sentence, and counts them; or why the method failed on the pair,
// which rejects it: its error, or errNothingLabelled.
func methodAlignment(ctx context.Context, pair *align.Pair, r align.Result) (labelled []int, jsonl string, failed, err error) {
	if r.Err != nil {
		return nil, "", r.Err, nil
	}
	alignMillis.Update(ctx, r.Took.Milliseconds())
	var buf bytes.Buffer
	if err := align.WriteRecords(&buf, align.Records(pair, r.Alignment)); err != nil {
		return nil, "", nil, err
	}
	labelled = r.Alignment.Labelled()
	labelledCounts.Update(ctx, int64(len(labelled)))
	if len(labelled) == 0 {
		return nil, "", errNothingLabelled, nil
	}
	return labelled, buf.String(), nil, nil
}

// passage is the Passage HMM as the aligners would run it, for the figure
// book when the Passage HMM is not among them.
func (f *alignFn) passage() *align.PassageHMM {
	return align.NewPassageHMM(f.Options.Settings.Options(f.Seed, nil))
}

// WriteAlignments writes each alignment to OUT/alignments/<method>/<id>.jsonl.
//
// In: PCollection<AlignmentFiles>.
func WriteAlignments(s beam.Scope, out string, aligned beam.PCollection) {
	s = s.Scope("transforms.WriteAlignments")
	beam.ParDo0(s, &writeAlignmentsFn{Out: out}, aligned)
}

// writeAlignmentsFn writes the alignment files of one pair.
type writeAlignmentsFn struct {
	// Out is the output directory.
	Out string `json:"out"`
}

func (f *writeAlignmentsFn) ProcessElement(ctx context.Context, ap AlignmentFiles) error {
	for _, m := range ap.Alignments {
		if err := store.WriteFile(ctx, layout.Out{Dir: f.Out}.Alignment(m.Method, ap.ID), []byte(m.JSONL)); err != nil {
			return err
		}
	}
	return nil
}
