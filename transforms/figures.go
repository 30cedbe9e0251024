package transforms

import (
	"context"
	"fmt"
	"reflect"
	"sort"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/figures"
)

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
}

// Figures draws the paper's Figure 1 (the distribution of summary/book
// length ratios over the pairs) and Figure 3 (the density of the boundary
// samples of one Passage HMM state of opts.Book) as SVG artifacts
// figures/length_ratios.svg and figures/boundary_density.svg.
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
	emit(Artifact{Path: "figures/length_ratios.svg", Data: svg})
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
	p, err := preparePair(pt)
	if err != nil {
		return fmt.Errorf("figure 3 (%s): %w", pt.Pair.ID, err)
	}
	fit, err := (&align.PassageHMM{Seed: f.Options.Seed, Iterations: f.Options.Iterations}).Fit(p)
	if err != nil {
		return fmt.Errorf("figure 3 (%s): %w", pt.Pair.ID, err)
	}
	state, sentence := figureState(fit)
	if state < 0 {
		return nil
	}
	title := fmt.Sprintf("%s: boundary samples of passage state %d (summary sentence %d)", pt.Pair.ID, state, sentence)
	svg, err := figures.BoundaryDensity(fit.Left[state], fit.Right[state], title, "svg")
	if err != nil {
		return err
	}
	emit(Artifact{Path: "figures/boundary_density.svg", Data: svg})
	return nil
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
