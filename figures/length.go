package figures

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// maxRatioBins caps the number of histogram bars in LengthRatios.
const maxRatioBins = 100

// LengthRatios draws Figure 1: a histogram of the summary/book length ratio
// of every book in the corpus, with the mean (solid line) and the 5% and
// 95% quantiles (dashed lines) marked, and their values (ratioStats)
// written in the title and legend. Ratios must be finite and not
// negative. format is "svg" or "png".
//
// Bars are Freedman–Diaconis wide, 2 * IQR / n^(1/3), with between 5 and 100
// of them.
func LengthRatios(ratios []float64, format string) ([]byte, error) {
	if err := checkFormat(format); err != nil {
		return nil, err
	}
	sorted, err := sortedRatios(ratios)
	if err != nil {
		return nil, err
	}
	mean, q05, q95 := ratioStats(sorted)

	hist := &plotter.Histogram{
		FillColor: lightBar,
		LineStyle: draw.LineStyle{Color: blue, Width: vg.Points(0.5)},
	}
	hist.Bins, hist.Width = ratioBins(sorted)
	top := 0.0
	for _, b := range hist.Bins {
		top = math.Max(top, b.Weight)
	}

	title := fmt.Sprintf("Summary length relative to book length, %d books\nmean %s, [5%%, 95%%] quantiles [%s, %s]",
		len(sorted), fmtRatio(mean), fmtRatio(q05), fmtRatio(q95))
	p := newPlot(title, "Summary length / book length", "Number of books")
	p.Add(hist)
	for _, m := range []struct {
		label string
		x     float64
		style draw.LineStyle
	}{
		{"mean " + fmtRatio(mean), mean, draw.LineStyle{Color: red, Width: vg.Points(1.5)}},
		{"5% quantile " + fmtRatio(q05), q05, draw.LineStyle{Color: black, Width: vg.Points(1), Dashes: dashed}},
		{"95% quantile " + fmtRatio(q95), q95, draw.LineStyle{Color: black, Width: vg.Points(1), Dashes: dashed}},
	} {
		l, err := plotter.NewLine(plotter.XYs{{X: m.x, Y: 0}, {X: m.x, Y: top}})
		if err != nil {
			return nil, fmt.Errorf("figures: marking %s: %w", m.label, err)
		}
		l.LineStyle = m.style
		p.Add(l)
		p.Legend.Add(m.label, l)
	}
	p.X.Min = math.Min(0, p.X.Min)
	p.Y.Min = 0
	p.Y.Max = top * 1.1
	return render(p, format)
}

// sortedRatios checks ratios and returns a sorted copy.
func sortedRatios(ratios []float64) ([]float64, error) {
	if len(ratios) == 0 {
		return nil, fmt.Errorf("%w: no length ratios", ErrNoData)
	}
	for i, r := range ratios {
		if err := checkFinite(fmt.Sprintf("length ratio %d", i), r); err != nil {
			return nil, err
		}
		if r < 0 {
			return nil, fmt.Errorf("%w: length ratio %d is negative (%v)", ErrBadValue, i, r)
		}
	}
	sorted := slices.Clone(ratios)
	slices.Sort(sorted)
	return sorted, nil
}

// ratioStats returns the mean and 5% and 95% quantiles of sorted, which
// is not empty: the numbers on Figure 1 (the paper reports mean 0.012 and
// [5, 95] quantile [0.002, 0.032]). With r_(0) <= … <= r_(n-1) the sorted
// ratios,
//
//	mean = sum_i {r_i} / n
//	q(p) = r_(k) + (h - k) * (r_(k+1) - r_(k)),  h = (n-1)*p, k = floor(h)
//
// the linear interpolation of R's default quantile (type 7).
func ratioStats(sorted []float64) (mean, q05, q95 float64) {
	for _, r := range sorted {
		mean += r
	}
	mean /= float64(len(sorted))
	return mean, quantile7(sorted, 0.05), quantile7(sorted, 0.95)
}

// quantile7 returns the p quantile of sorted, which is not empty, as R's
// quantile(type = 7) does.
func quantile7(sorted []float64, p float64) float64 {
	h := float64(len(sorted)-1) * p
	k := int(math.Floor(h))
	if k+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[k] + (h-float64(k))*(sorted[k+1]-sorted[k])
}

// ratioBins counts sorted, which is not empty, into equal-width bins.
func ratioBins(sorted []float64) (bins []plotter.HistogramBin, width float64) {
	lo, hi := sorted[0], sorted[len(sorted)-1]
	n := float64(len(sorted))
	k := math.Ceil(math.Sqrt(n))
	if iqr := quantile7(sorted, 0.75) - quantile7(sorted, 0.25); iqr > 0 {
		k = math.Ceil((hi - lo) / (2 * iqr / math.Cbrt(n)))
	}
	k = min(max(k, 5), maxRatioBins)
	width = (hi - lo) / k
	if !(width > 0) {
		// All ratios are equal (or too close to tell apart): one bar.
		width = math.Max(0.1*hi, 0.001)
		return []plotter.HistogramBin{{Min: hi - width/2, Max: hi + width/2, Weight: n}}, width
	}
	bins = make([]plotter.HistogramBin, int(k))
	for i := range bins {
		bins[i].Min = lo + float64(i)*width
		bins[i].Max = lo + float64(i+1)*width
	}
	bins[len(bins)-1].Max = hi
	for _, r := range sorted {
		i := min(int((r-lo)/width), len(bins)-1)
		bins[i].Weight++
	}
	return bins, width
}

// fmtRatio formats a ratio with three decimals, as the paper does, or with
// two significant digits when three decimals would show a positive ratio as
// zero.
func fmtRatio(r float64) string {
	s := strconv.FormatFloat(r, 'f', 3, 64)
	if s == "0.000" && r != 0 {
		s = strconv.FormatFloat(r, 'g', 2, 64)
	}
	return s
}
