package transforms

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/layout"
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

// AlignOptions configure the aligners. Their seed is the run's, given to
// Align beside them.
type AlignOptions struct {
	// Methods are the aligners to run on every pair: "passage", "token",
	// "jing".
	Methods []string `json:"methods"`
	// Thesaurus is the directory of Roget's Thesaurus (local or gs://) for
	// the Token HMM's synonyms (UsesSynonyms); empty means identity
	// emissions only.
	Thesaurus string `json:"thesaurus"`
	// Synonyms lets the Token HMM emit a summary word from a book word that
	// Roget's Thesaurus lists as its synonym (§3.2), with the default
	// aligners too; the paper's aligners (PaperAligners) always do. Off by
	// default: on the masked anchors and in the summaries' ROUGE the
	// synonyms changed nothing measurable, at three to five times the Token
	// HMM's CPU (docs/alignment.md).
	Synonyms bool `json:"synonyms,omitempty"`
	// SynonymCap gives the default aligners' Token HMM no synonyms for a
	// book word with more than SynonymCap synonyms in the thesaurus
	// (align.TokenHMM.SynonymCap); zero gives every word all of them. The
	// paper's aligners (PaperAligners) ignore it.
	SynonymCap int `json:"synonym_cap,omitempty"`
	// Iterations overrides the EM rounds of the HMMs; zero keeps their
	// defaults (Passage HMM 500, Token HMM at most 20).
	Iterations int `json:"iterations"`
	// PassagePrior is μ, the strength of the Passage HMM's Dirichlet prior
	// toward the book's word rates (align.PassageHMM.Prior); zero keeps its
	// default, 100.
	PassagePrior float64 `json:"passage_prior,omitempty"`
	// WholeSpans labels every book sentence of an aligned span, the paper's
	// words read literally, instead of the one sharing the most words with
	// the summary sentence (align.DefaultLabelTop).
	WholeSpans bool `json:"whole_spans,omitempty"`
	// PaperAligners runs the aligners as the paper describes them: words
	// compared by their lower-cased forms (no possessive dropped, no stem:
	// align.Forms{}) and a summary sentence none of whose words is in the
	// book left unaligned (NoContext), instead of align.DefaultForms and
	// placement by the neighbours.
	PaperAligners bool `json:"paper_aligners,omitempty"`
	// Beside are variants of some of the aligners, run on every pair
	// beside them (bookalign run --beside): each with its own label rule
	// and word forms, its alignments and labels named
	// evaluate.VariantName(method, variant).
	Beside []AlignVariant `json:"beside,omitempty"`
}

// AlignVariant is a variant of some aligners: the settings of
// AlignOptions that a variant may change. An aligner whose settings are
// the same as AlignOptions' is not run again: its alignment is filed under
// the variant's name too.
type AlignVariant struct {
	// Name names the variant ("paper").
	Name string `json:"name"`
	// Methods are the aligners of the variant.
	Methods []string `json:"methods"`
	// WholeSpans and PaperAligners are the variant's AlignOptions.WholeSpans
	// and PaperAligners.
	WholeSpans    bool `json:"whole_spans,omitempty"`
	PaperAligners bool `json:"paper_aligners,omitempty"`
}

// options returns the options of the variant: o with its settings.
func (v AlignVariant) options(o AlignOptions) AlignOptions {
	o.WholeSpans, o.PaperAligners, o.Methods, o.Beside = v.WholeSpans, v.PaperAligners, v.Methods, nil
	return o
}

// alignsAs reports whether aligner method runs the same under a and b:
// both have it and its settings (word forms, label rule, context,
// synonyms) agree. The settings every aligner reads are these; the others
// are shared.
func alignsAs(method string, a, b AlignOptions) bool {
	return slices.Contains(a.Methods, method) && slices.Contains(b.Methods, method) &&
		a.WholeSpans == b.WholeSpans && a.PaperAligners == b.PaperAligners &&
		(method != align.MethodToken || a.UsesSynonyms() == b.UsesSynonyms() && a.synonymCap() == b.synonymCap())
}

// synonymCap is the Token HMM's align.TokenHMM.SynonymCap under o.
func (o AlignOptions) synonymCap() int {
	if o.PaperAligners || !o.UsesSynonyms() {
		return 0
	}
	return o.SynonymCap
}

// UsesSynonyms reports whether the Token HMM emits synonyms under o:
// asked for (Synonyms) or the paper's aligners, and a thesaurus given.
func (o AlignOptions) UsesSynonyms() bool {
	return o.wantsSynonyms() && o.Thesaurus != ""
}

// wantsSynonyms reports whether the Token HMM is asked to emit synonyms
// under o, thesaurus or not.
func (o AlignOptions) wantsSynonyms() bool { return o.Synonyms || o.PaperAligners }

// SynonymsWithoutThesaurus reports whether the Token HMM of o or of one
// of its variants is asked for synonyms (the paper's aligners) but no
// thesaurus is given, so that it emits identical words only.
func (o AlignOptions) SynonymsWithoutThesaurus() bool {
	return o.Thesaurus == "" && o.tokenHMM(AlignOptions.wantsSynonyms)
}

// tokenHMM reports whether o or one of its variants runs the Token HMM
// with settings for which cond holds.
func (o AlignOptions) tokenHMM(cond func(AlignOptions) bool) bool {
	if slices.Contains(o.Methods, align.MethodToken) && cond(o) {
		return true
	}
	for _, v := range o.Beside {
		if slices.Contains(v.Methods, align.MethodToken) && cond(v.options(o)) {
			return true
		}
	}
	return false
}

// aligner returns the options of align.New: these settings with the seed
// and, when they use synonyms, the thesaurus read.
func (o AlignOptions) aligner(seed uint64, th *align.Thesaurus) align.Options {
	if !o.UsesSynonyms() {
		th = nil
	}
	return align.Options{Seed: seed, Iterations: o.Iterations, Thesaurus: th, WholeSpans: o.WholeSpans, NoContext: o.PaperAligners, Prior: o.PassagePrior,
		SynonymCap: o.synonymCap()}
}

// forms are the word forms the aligners compare.
func (o AlignOptions) forms() align.Forms {
	if o.PaperAligners {
		return align.Forms{}
	}
	return align.DefaultForms
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
// The variants of opts.Beside align every pair too, each aligner under
// the variant's name (evaluate.VariantName) and with its settings, in the
// same element: the pair is prepared once per word forms, and an aligner
// whose settings the variant does not change is not run again. A pair that
// a variant cannot align is rejected as well.
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

// alignFn aligns one pair with every method, and with every variant's.
type alignFn struct {
	// Options configure the aligners.
	Options AlignOptions `json:"options"`
	// Seed seeds the Passage HMM's sampler.
	Seed uint64 `json:"seed"`
	// FigureBook is the pair whose Passage HMM fit makes Figure 3.
	FigureBook string `json:"figure_book"`

	jobs  []alignJob
	forms []align.Forms
}

// alignJob is one alignment alignFn makes of each pair.
type alignJob struct {
	// name is the name of the alignment and its labels: the method, or
	// its variant's name.
	name string
	// aligner aligns; nil when the job files the alignment of job same
	// under its name.
	aligner align.Aligner
	same    int
	// forms indexes alignFn.forms: the word forms of the pair it aligns.
	forms int
	// figure marks the Passage HMM of Options, whose fit of the figure
	// book draws Figure 3.
	figure bool
}

func (f *alignFn) Setup(ctx context.Context) error {
	var th *align.Thesaurus
	if f.Options.tokenHMM(AlignOptions.UsesSynonyms) {
		b, err := ReadFile(ctx, corpus.Join(f.Options.Thesaurus, align.ThesaurusFile))
		if err != nil {
			return fmt.Errorf("thesaurus: %w", err)
		}
		if th, err = align.ParseThesaurus(bytes.NewReader(b)); err != nil {
			return fmt.Errorf("thesaurus: %w", err)
		}
	}
	// The pair in the options' word forms comes first: the figure book's
	// extra fit reads it.
	f.jobs, f.forms = f.jobs[:0], append(f.forms[:0], f.Options.forms())
	add := func(o AlignOptions, name, method string, figure bool) error {
		a, err := align.New(method, o.aligner(f.Seed, th))
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		forms := slices.Index(f.forms, o.forms())
		if forms < 0 {
			forms = len(f.forms)
			f.forms = append(f.forms, o.forms())
		}
		f.jobs = append(f.jobs, alignJob{name: name, aligner: a, forms: forms, figure: figure})
		return nil
	}
	for _, m := range f.Options.Methods {
		if err := add(f.Options, m, m, m == align.MethodPassage); err != nil {
			return err
		}
	}
	for _, v := range f.Options.Beside {
		vo := v.options(f.Options)
		for _, m := range v.Methods {
			name := evaluate.VariantName(m, v.Name)
			if alignsAs(m, f.Options, vo) {
				same := slices.IndexFunc(f.jobs, func(j alignJob) bool { return j.name == m })
				f.jobs = append(f.jobs, alignJob{name: name, same: same, forms: f.jobs[same].forms})
				continue
			}
			if err := add(vo, name, m, false); err != nil {
				return err
			}
		}
	}
	return nil
}

func (f *alignFn) ProcessElement(ctx context.Context, pt PairText, emit func(PairText), files func(AlignmentFiles), figure func(BoundaryFit), reject func(Reject)) error {
	fail := func(method string, err error) {
		alignFailures.Inc(ctx, 1)
		reject(Reject{ID: pt.Pair.ID, Row: pt.Pair.Row, Stage: "align", Reason: fmt.Sprintf("%s: %v", method, err)})
	}
	drawn := pt.Pair.ID == f.FigureBook
	pairs := make([]*align.Pair, len(f.forms))
	for i, forms := range f.forms {
		p, err := align.PrepareForms(pt.Book, pt.Summary, forms)
		if err != nil {
			if drawn {
				figure(BoundaryFit{Book: pt.Pair.ID, Reason: fmt.Sprintf("%s: %v", pt.Pair.ID, err)})
			}
			fail("prepare", err)
			return nil
		}
		pairs[i] = p
	}
	// The aligners only read the pair, so they run at once: a runner that
	// keeps one bundle of books (prism does, unless a bundle stalls long
	// enough to be split) still uses more than one core.
	results := make([]*align.Alignment, len(f.jobs))
	errs := make([]error, len(f.jobs))
	took := make([]time.Duration, len(f.jobs))
	var fit *align.PassageFit
	var fitErr error
	var wg sync.WaitGroup
	for i, j := range f.jobs {
		if j.aligner == nil {
			continue
		}
		p := pairs[j.forms]
		wg.Go(func() {
			start := time.Now()
			if h, ok := j.aligner.(*align.PassageHMM); ok && drawn && j.figure {
				results[i], fit, errs[i] = h.AlignFit(p)
				fitErr = errs[i]
			} else {
				results[i], errs[i] = j.aligner.Align(p)
			}
			took[i] = time.Since(start)
		})
	}
	if drawn && !slices.Contains(f.Options.Methods, align.MethodPassage) {
		wg.Go(func() { fit, fitErr = f.passage().Fit(pairs[0]) })
	}
	wg.Wait()
	if drawn {
		figure(newBoundaryFit(pt.Pair.ID, fit, fitErr))
	}
	out := AlignmentFiles{ID: pt.Pair.ID}
	labels := make([]MethodLabels, 0, len(results))
	for i, j := range f.jobs {
		res, err := results[i], errs[i]
		if j.aligner == nil {
			res, err = results[j.same], errs[j.same]
		}
		if err != nil {
			fail(j.name, err)
			return nil
		}
		if j.aligner != nil {
			alignMillis.Update(ctx, took[i].Milliseconds())
		}
		var buf bytes.Buffer
		if err := align.WriteRecords(&buf, align.Records(pairs[j.forms], res)); err != nil {
			return err
		}
		l := res.Labelled()
		labelledCounts.Update(ctx, int64(len(l)))
		if len(l) == 0 {
			fail(j.name, errNothingLabelled)
			return nil
		}
		labels = append(labels, MethodLabels{Method: j.name, Sentences: l})
		out.Alignments = append(out.Alignments, MethodAlignment{Method: j.name, JSONL: buf.String()})
	}
	pairsAligned.Inc(ctx, 1)
	progress.tick("align", "pairs")
	pt.Labels = labels
	emit(pt)
	files(out)
	return nil
}

// passage is the Passage HMM as the aligners would run it, for the figure
// book when the Passage HMM is not among them.
func (f *alignFn) passage() *align.PassageHMM {
	return align.NewPassageHMM(f.Options.aligner(f.Seed, nil))
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
		if err := WriteFile(ctx, layout.Out{Dir: f.Out}.Alignment(m.Method, ap.ID), []byte(m.JSONL)); err != nil {
			return err
		}
	}
	return nil
}
