package transforms

import (
	"context"
	"encoding/json"
	"errors"
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
	beam.RegisterType(reflect.TypeOf((*BoundaryFit)(nil)).Elem())
}

// Figures draws the paper's Figure 1 (the distribution of summary/book
// length ratios over the pairs) and Figure 3 (the density of the boundary
// samples of one Passage HMM state of one book, from the fit Align emits
// for it) as SVG artifacts figures/length_ratios.svg and
// figures/boundary_density.svg.
//
// A figure never fails the run: when Figure 3 cannot be drawn (the book's
// summary has no prose to align, no sentence was aligned, ...) it is
// skipped with a warning in the log, the figures_skipped counter and a note,
// figures/boundary_density.skipped.json, saying why. The note is not a pair
// reject: the pair itself goes on through the pipeline as usual.
//
// In: PCollection<PairText>, PCollection<BoundaryFit> (Aligned.Figure).
// Out: PCollection<Artifact>.
func Figures(s beam.Scope, texts, fits beam.PCollection) beam.PCollection {
	s = s.Scope("transforms.Figures")
	ratios := beam.ParDo(s, lengthRatio, texts)
	fig1 := beam.ParDo(s, &lengthFigureFn{}, beam.GroupByKey(s, beam.AddFixedKey(s, ratios)))
	fig3 := beam.ParDo(s, &boundaryFigureFn{}, fits)
	return beam.Flatten(s, fig1, fig3)
}

// BoundaryFit is what Figure 3 shows of a book's Passage HMM fit: the
// boundary histograms of the state holding the summary sentence aligned
// with the highest posterior, or why there is none.
type BoundaryFit struct {
	Book string
	// State is the state drawn, Sentence the summary sentence it holds.
	State, Sentence int
	Left, Right     align.Histogram
	// Reason, when set, says why the figure cannot be drawn.
	Reason string
}

// newBoundaryFit picks the state of fit to draw for book; err is the
// fit's error.
func newBoundaryFit(book string, fit *align.PassageFit, err error) BoundaryFit {
	if err != nil {
		return BoundaryFit{Book: book, Reason: fmt.Sprintf("%s: the Passage HMM: %v", book, err)}
	}
	state, sentence := figures.BoundaryState(fit)
	if state < 0 {
		return BoundaryFit{Book: book, Reason: fmt.Sprintf("%s: the Passage HMM aligned no summary sentence", book)}
	}
	return BoundaryFit{Book: book, State: state, Sentence: sentence, Left: fit.Left[state], Right: fit.Right[state]}
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

// boundaryFigureFn draws Figure 3 from a fit, or writes the note saying
// why it cannot.
type boundaryFigureFn struct{}

func (f *boundaryFigureFn) ProcessElement(ctx context.Context, fit BoundaryFit, emit func(Artifact)) error {
	svg, err := fit.draw()
	if err == nil {
		emit(Artifact{Path: boundaryFigureFile, Data: svg})
		return nil
	}
	figuresSkipped.Inc(ctx, 1)
	log.Warnf(ctx, "figure 3 skipped: %v", err)
	note, err := json.MarshalIndent(FigureNote{Figure: "Figure 3", Book: fit.Book, Reason: err.Error()}, "", "  ")
	if err != nil {
		return err
	}
	emit(Artifact{Path: boundaryNoteFile, Data: append(note, '\n')})
	return nil
}

// draw returns Figure 3 as SVG, or why it cannot be drawn.
func (fit BoundaryFit) draw() ([]byte, error) {
	if fit.Reason != "" {
		return nil, errors.New(fit.Reason)
	}
	title := fmt.Sprintf("%s: boundary samples of passage state %d (summary sentence %d)", fit.Book, fit.State, fit.Sentence)
	svg, err := figures.BoundaryDensity(fit.Left, fit.Right, title, "svg")
	if err != nil {
		return nil, fmt.Errorf("%s: drawing: %w", fit.Book, err)
	}
	return svg, nil
}
