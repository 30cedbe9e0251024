package figures

import (
	"fmt"
	"math"
	"slices"

	"github.com/bookalign/bookalign/align"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// densityPoints is the number of points at which BoundaryDensity evaluates
// each density, as R's density() does.
const densityPoints = 512

// BoundaryDensity draws Figure 3: the density of the accumulated boundary
// samples of one Passage HMM state, left boundary in black and solid, right
// boundary in red and dashed, against the position in the book in tokens.
// left and right are the state's boundary histograms (an align.Histogram
// can be passed as it is); each must have at least one sample, with Pos and
// Count not negative. The legend gives each boundary's mode, the most
// frequent position (the smallest on ties). An empty title gives a default
// one. format is "svg" or "png".
//
// Each density is a Gaussian kernel estimate over the samples,
//
//	f(x) = sum_b {Count_b * phi((x - Pos_b) / h)} / (n * h),  n = sum_b {Count_b}
//
// with R's default bandwidth (bw.nrd0, Silverman's rule of thumb), but at
// least one token, since positions are whole tokens.
func BoundaryDensity(left, right []align.Bin, title string, format string) ([]byte, error) {
	if err := checkFormat(format); err != nil {
		return nil, err
	}
	l, err := newSamples("left", left)
	if err != nil {
		return nil, err
	}
	r, err := newSamples("right", right)
	if err != nil {
		return nil, err
	}
	h := max(l.bandwidth(), r.bandwidth())
	lo := max(0, float64(min(l.bins[0].Pos, r.bins[0].Pos))-3*h)
	hi := float64(max(l.bins[len(l.bins)-1].Pos, r.bins[len(r.bins)-1].Pos)) + 3*h

	if title == "" {
		title = "Boundary samples of one passage state"
	}
	p := newPlot(title, "Position in book (tokens)", "Density of samples")
	top := 0.0
	for _, side := range []struct {
		label string
		s     samples
		style draw.LineStyle
	}{
		{"left boundary", l, draw.LineStyle{Color: black, Width: vg.Points(1.5)}},
		{"right boundary", r, draw.LineStyle{Color: red, Width: vg.Points(1.5), Dashes: dashed}},
	} {
		xys := side.s.density(lo, hi)
		for _, xy := range xys {
			top = math.Max(top, xy.Y)
		}
		line, err := plotter.NewLine(xys)
		if err != nil {
			return nil, fmt.Errorf("figures: %s density: %w", side.label, err)
		}
		line.LineStyle = side.style
		p.Add(line)
		p.Legend.Add(fmt.Sprintf("%s (mode %d)", side.label, side.s.mode()), line)
	}
	p.X.Min, p.X.Max = lo, hi
	p.Y.Min = 0
	p.Y.Max = top * 1.3 // room for the legend
	return render(p, format)
}

// samples are boundary samples as bins sorted by position, n in all.
type samples struct {
	bins []align.Bin
	n    float64
}

// newSamples checks the bins of one boundary, named side, and returns them
// sorted by position.
func newSamples(side string, bins []align.Bin) (samples, error) {
	s := samples{bins: make([]align.Bin, 0, len(bins))}
	for i, b := range bins {
		if b.Pos < 0 || b.Count < 0 {
			return samples{}, fmt.Errorf("%w: %s bin %d has position %d and count %d; neither may be negative",
				ErrBadValue, side, i, b.Pos, b.Count)
		}
		if b.Count > 0 {
			s.bins = append(s.bins, b)
			s.n += float64(b.Count)
		}
	}
	if len(s.bins) == 0 {
		return samples{}, fmt.Errorf("%w: no %s boundary samples", ErrNoData, side)
	}
	slices.SortFunc(s.bins, func(a, b align.Bin) int { return a.Pos - b.Pos })
	return s, nil
}

// mode returns the most frequent position, the smallest on ties.
func (s samples) mode() int {
	best := s.bins[0]
	for _, b := range s.bins[1:] {
		if b.Count > best.Count {
			best = b
		}
	}
	return best.Pos
}

// quantile returns the p quantile of the samples as R's quantile(type = 7)
// does, as if each bin were repeated Count times.
func (s samples) quantile(p float64) float64 {
	h := (s.n - 1) * p
	k := math.Floor(h)
	return s.at(k) + (h-k)*(s.at(k+1)-s.at(k))
}

// at returns the k-th smallest sample, counting from 0; k past the end gives
// the largest.
func (s samples) at(k float64) float64 {
	for _, b := range s.bins {
		if k < float64(b.Count) {
			return float64(b.Pos)
		}
		k -= float64(b.Count)
	}
	return float64(s.bins[len(s.bins)-1].Pos)
}

// bandwidth returns R's bw.nrd0 of the samples, and at least 1:
//
//	h = 0.9 * min(sd, IQR / 1.34) * n^(-1/5)
//
// where sd is the sample standard deviation; when min(…) is zero, sd, then
// the smallest position, then 1 stands in for it.
func (s samples) bandwidth() float64 {
	var mean float64
	for _, b := range s.bins {
		mean += float64(b.Count) * float64(b.Pos)
	}
	mean /= s.n
	var ss float64
	for _, b := range s.bins {
		d := float64(b.Pos) - mean
		ss += float64(b.Count) * d * d
	}
	sd := 0.0
	if s.n > 1 {
		sd = math.Sqrt(ss / (s.n - 1))
	}
	spread := min(sd, (s.quantile(0.75)-s.quantile(0.25))/1.34)
	switch {
	case spread > 0:
	case sd > 0:
		spread = sd
	case s.bins[0].Pos > 0:
		spread = float64(s.bins[0].Pos)
	default:
		spread = 1
	}
	return max(0.9*spread*math.Pow(s.n, -0.2), 1)
}

// density evaluates the kernel density estimate at densityPoints evenly
// spaced positions from lo to hi.
func (s samples) density(lo, hi float64) plotter.XYs {
	h := s.bandwidth()
	norm := 1 / (s.n * h * math.Sqrt(2*math.Pi))
	xys := make(plotter.XYs, densityPoints)
	for i := range xys {
		x := lo + (hi-lo)*float64(i)/(densityPoints-1)
		var f float64
		for _, b := range s.bins {
			z := (x - float64(b.Pos)) / h
			f += float64(b.Count) * math.Exp(-z*z/2)
		}
		xys[i] = plotter.XY{X: x, Y: f * norm}
	}
	return xys
}

// BoundaryState picks the Passage HMM state Figure 3 draws from fit: the one
// holding the summary sentence aligned with the highest posterior (the
// first such sentence on ties). Both are -1 when no sentence is aligned.
func BoundaryState(fit *align.PassageFit) (state, sentence int) {
	state, sentence = -1, -1
	best := -1.0
	for k, s := range fit.State {
		if s >= 0 && fit.Posterior[k] > best {
			state, sentence, best = s, k, fit.Posterior[k]
		}
	}
	return state, sentence
}
