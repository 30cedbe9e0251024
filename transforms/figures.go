package transforms

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/figures"
	"github.com/bookalign/bookalign/layout"
)

// figuresSkipped counts figures that could not be drawn (each has a note).
var figuresSkipped = beam.NewCounter("bookalign", "figures_skipped")

func init() {
	register.Function1x1[PairText, float64](lengthRatio)
	beam.RegisterType(reflect.TypeOf((*lengthFigureFn)(nil)).Elem())
	register.Iter1[float64]()
	beam.RegisterType(reflect.TypeOf((*boundaryFigureFn)(nil)).Elem())
}

// FigureOptions configure the paper's figures.
type FigureOptions struct {
	// Book is the id of the book whose Passage HMM boundary samples make
	// Figure 3 (the paper: Heart of Darkness); empty skips the figure.
	Book string `json:"book"`
	// Seed and Iterations configure the Passage HMM as in the alignment.
	Seed       uint64 `json:"seed"`
	Iterations int    `json:"iterations"`
	// PaperAligners compares words as AlignOptions.PaperAligners does.
	PaperAligners bool `json:"paper_aligners,omitempty"`
}

// Figures draws the paper's Figure 1 (the distribution of summary/book
// length ratios over the pairs) and Figure 3 (the density of the boundary
// samples of one Passage HMM state of opts.Book) as SVG artifacts
// figures/length_ratios.svg and figures/boundary_density.svg.
//
// A figure never fails the run: when Figure 3 cannot be drawn (the book's
// summary has no prose to align, no sentence was aligned, ...) it is
// skipped with a warning in the log, the figures_skipped counter and a note,
// figures/boundary_density.skipped.json, saying why. The note is not a pair
// reject: the pair itself goes on through the pipeline as usual.
//
// In: PCollection<PairText>. Out: PCollection<Artifact>.
func Figures(s beam.Scope, opts FigureOptions, texts beam.PCollection) beam.PCollection {
	s = s.Scope("transforms.Figures")
	ratios := beam.ParDo(s, lengthRatio, texts)
	fig1 := beam.ParDo(s, &lengthFigureFn{}, beam.GroupByKey(s, beam.AddFixedKey(s, ratios)))
	if opts.Book == "" {
		return fig1
	}
	fig3 := beam.ParDo(s, &boundaryFigureFn{Options: opts}, texts)
	return beam.Flatten(s, fig1, fig3)
}

// FigureNote says why a figure was not drawn.
type FigureNote struct {
	Figure string `json:"figure"`
	Book   string `json:"book"`
	Reason string `json:"reason"`
}

// boundaryFigureFile and boundaryNoteFile are Figure 3 and the note written
// instead of it, relative to the output directory.
var (
	boundaryFigureFile = layout.Rel.BoundaryFigure()
	boundaryNoteFile   = layout.Rel.BoundaryNote()
)

// lengthRatio is a pair's summary length over its book length, in words.
func lengthRatio(pt PairText) float64 {
	return float64(pt.SummaryWords) / float64(max(1, pt.BookWords))
}

// lengthFigureFn draws Figure 1 from all ratios.
type lengthFigureFn struct{}

func (f *lengthFigureFn) ProcessElement(_ int, iter func(*float64) bool, emit func(Artifact)) error {
	var ratios []float64
	var r float64
	for iter(&r) {
		ratios = append(ratios, r)
	}
	sort.Float64s(ratios)
	svg, err := figures.LengthRatios(ratios, "svg")
	if err != nil {
		return err
	}
	emit(Artifact{Path: layout.Rel.LengthFigure(), Data: svg})
	return nil
}

// boundaryFigureFn draws Figure 3 for one book.
type boundaryFigureFn struct {
	// Options name the book and configure the Passage HMM.
	Options FigureOptions `json:"options"`
}

func (f *boundaryFigureFn) ProcessElement(ctx context.Context, pt PairText, emit func(Artifact)) error {
	if pt.Pair.ID != f.Options.Book {
		return nil
	}
	svg, err := f.draw(pt)
	if err == nil {
		emit(Artifact{Path: boundaryFigureFile, Data: svg})
		return nil
	}
	figuresSkipped.Inc(ctx, 1)
	log.Warnf(ctx, "figure 3 skipped: %v", err)
	note, err := json.MarshalIndent(FigureNote{Figure: "Figure 3", Book: pt.Pair.ID, Reason: err.Error()}, "", "  ")
	if err != nil {
		return err
	}
	emit(Artifact{Path: boundaryNoteFile, Data: append(note, '\n')})
	return nil
}

// draw returns Figure 3 for pt as SVG, or why it cannot be drawn.
func (f *boundaryFigureFn) draw(pt PairText) ([]byte, error) {
	p, err := preparePair(pt, AlignOptions{PaperAligners: f.Options.PaperAligners}.forms())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", pt.Pair.ID, err)
	}
	fit, err := (&align.PassageHMM{Seed: f.Options.Seed, Iterations: f.Options.Iterations, NoContext: f.Options.PaperAligners}).Fit(p)
	if err != nil {
		return nil, fmt.Errorf("%s: the Passage HMM: %w", pt.Pair.ID, err)
	}
	state, sentence := figureState(fit)
	if state < 0 {
		return nil, fmt.Errorf("%s: the Passage HMM aligned no summary sentence", pt.Pair.ID)
	}
	title := fmt.Sprintf("%s: boundary samples of passage state %d (summary sentence %d)", pt.Pair.ID, state, sentence)
	svg, err := figures.BoundaryDensity(fit.Left[state], fit.Right[state], title, "svg")
	if err != nil {
		return nil, fmt.Errorf("%s: drawing: %w", pt.Pair.ID, err)
	}
	return svg, nil
}

// figureState picks the state to draw: the one holding the summary sentence
// aligned with the highest posterior (the first such sentence on ties).
func figureState(fit *align.PassageFit) (state, sentence int) {
	state, sentence = -1, -1
	best := -1.0
	for k, s := range fit.State {
		if s >= 0 && fit.Posterior[k] > best {
			state, sentence, best = s, k, fit.Posterior[k]
		}
	}
	return state, sentence
}
