package figures

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// MethodScore is one summarization method's mean ROUGE recall over the test
// books, as fractions in [0, 1] (the evaluate package's results), with the
// 95% interval of each mean. A zero interval, [0, 0], means there is none
// and no whisker is drawn.
type MethodScore struct {
	Name               string
	Rouge1, Rouge2     float64
	Rouge1CI, Rouge2CI [2]float64
}

// RougeChart draws a grouped bar chart of ROUGE-1 and ROUGE-2 recall per
// method, in percent as the paper's table reports them, with whiskers over
// the 95% intervals. Methods are drawn in the order given. Names must not be
// blank; scores and interval ends must be in [0, 1], with each interval's
// low end not above its high end. format is "svg" or "png".
func RougeChart(methods []MethodScore, format string) ([]byte, error) {
	if err := checkFormat(format); err != nil {
		return nil, err
	}
	if len(methods) == 0 {
		return nil, fmt.Errorf("%w: no methods", ErrNoData)
	}
	r1 := &bars{fill: blue}
	r2 := &bars{fill: orange}
	names := make([]string, len(methods))
	top := 0.0
	for i, m := range methods {
		if strings.TrimSpace(m.Name) == "" {
			return nil, fmt.Errorf("%w: method %d has no name", ErrBadValue, i)
		}
		names[i] = m.Name
		for _, s := range []struct {
			b      *bars
			what   string
			score  float64
			ci     [2]float64
			offset float64
		}{
			{r1, "ROUGE-1", m.Rouge1, m.Rouge1CI, -0.2},
			{r2, "ROUGE-2", m.Rouge2, m.Rouge2CI, 0.2},
		} {
			what := fmt.Sprintf("%s %s", m.Name, s.what)
			for _, v := range []float64{s.score, s.ci[0], s.ci[1]} {
				if err := checkFinite(what, v); err != nil {
					return nil, err
				}
				if v < 0 || v > 1 {
					return nil, fmt.Errorf("%w: %s has %v outside [0, 1]", ErrBadValue, what, v)
				}
			}
			if s.ci[0] > s.ci[1] {
				return nil, fmt.Errorf("%w: %s interval [%v, %v] is reversed", ErrBadValue, what, s.ci[0], s.ci[1])
			}
			b := bar{x: float64(i) + s.offset, y: 100 * s.score, hasCI: s.ci != [2]float64{}}
			if b.hasCI {
				b.lo, b.hi = 100*s.ci[0], 100*s.ci[1]
			}
			s.b.bars = append(s.b.bars, b)
			top = max(top, b.y, b.hi)
		}
	}

	p := newPlot("ROUGE recall by method (whiskers: 95% interval)", "Method", "Recall (%)")
	grid := plotter.NewGrid()
	grid.Vertical.Color = nil
	grid.Horizontal.Color = gridLine
	p.Add(grid, r1, r2)
	p.Legend.Padding = vg.Points(2)
	p.Legend.Add("ROUGE-1", r1)
	p.Legend.Add("ROUGE-2", r2)
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.5, float64(len(methods))-0.5
	p.Y.Min, p.Y.Max = 0, 1
	if top > 0 {
		p.Y.Max = math.Min(top*1.25, 100) // room for the legend
	}
	// Slant the method names when they would run into each other.
	slot := (width - vg.Inch) / vg.Length(len(methods))
	for _, n := range names {
		if p.X.Tick.Label.Width(n) > 0.9*slot {
			p.X.Tick.Label.Rotation = math.Pi / 6
			p.X.Tick.Label.XAlign = draw.XRight
			p.X.Tick.Label.YAlign = draw.YCenter
			break
		}
	}
	return render(p, format)
}

// barHalfWidth is half the width of one bar in data units: two bars fill
// 0.8 of the unit given to each method.
const barHalfWidth = 0.18

// bar is one bar centred at x with height y, and a whisker from lo to hi
// when hasCI.
type bar struct {
	x, y, lo, hi float64
	hasCI        bool
}

// bars draws bars with whiskers in data coordinates, so that grouped bars
// and their whiskers line up whatever the size of the canvas.
type bars struct {
	bars []bar
	fill color.Color
}

var (
	_ plot.Plotter     = (*bars)(nil)
	_ plot.DataRanger  = (*bars)(nil)
	_ plot.Thumbnailer = (*bars)(nil)
)

// Plot implements plot.Plotter.
func (b *bars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	outline := draw.LineStyle{Color: black, Width: vg.Points(0.5)}
	whisker := draw.LineStyle{Color: black, Width: vg.Points(1)}
	for _, r := range b.bars {
		x0, x1 := trX(r.x-barHalfWidth), trX(r.x+barHalfWidth)
		y0, y1 := trY(0), trY(r.y)
		pts := []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
		c.FillPolygon(b.fill, c.ClipPolygonXY(pts))
		c.StrokeLines(outline, c.ClipLinesXY(append(pts, pts[0]))...)
		if !r.hasCI {
			continue
		}
		xm, tick := trX(r.x), (x1-x0)/4
		lo, hi := trY(r.lo), trY(r.hi)
		c.StrokeLines(whisker, c.ClipLinesXY(
			[]vg.Point{{X: xm, Y: lo}, {X: xm, Y: hi}},
			[]vg.Point{{X: xm - tick, Y: lo}, {X: xm + tick, Y: lo}},
			[]vg.Point{{X: xm - tick, Y: hi}, {X: xm + tick, Y: hi}},
		)...)
	}
}

// DataRange implements plot.DataRanger.
func (b *bars) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = math.Inf(1), math.Inf(-1)
	for _, r := range b.bars {
		xmin = min(xmin, r.x-barHalfWidth)
		xmax = max(xmax, r.x+barHalfWidth)
		ymax = max(ymax, r.y, r.hi)
	}
	return xmin, xmax, 0, ymax
}

// Thumbnail implements plot.Thumbnailer: a filled square.
func (b *bars) Thumbnail(c *draw.Canvas) {
	pts := []vg.Point{
		{X: c.Min.X, Y: c.Min.Y}, {X: c.Max.X, Y: c.Min.Y},
		{X: c.Max.X, Y: c.Max.Y}, {X: c.Min.X, Y: c.Max.Y},
	}
	c.FillPolygon(b.fill, c.ClipPolygonXY(pts))
}
