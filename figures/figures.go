package figures

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Errors wrapped by the errors this package returns.
var (
	// ErrFormat means the format is neither "svg" nor "png".
	ErrFormat = errors.New("figures: unknown format")
	// ErrNoData means there is nothing to draw.
	ErrNoData = errors.New("figures: no data")
	// ErrBadValue means a value is NaN, infinite or out of its range.
	ErrBadValue = errors.New("figures: bad value")
)

// Size of every figure, and the resolution of PNG output.
const (
	width  = 6 * vg.Inch
	height = 4 * vg.Inch
	pngDPI = 150
)

// Colours, fixed so that output is deterministic and figures match.
var (
	black    = color.Black
	red      = color.RGBA{R: 0xcc, A: 0xff}
	blue     = color.RGBA{R: 0x1f, G: 0x4e, B: 0x79, A: 0xff}
	orange   = color.RGBA{R: 0xe6, G: 0x8a, B: 0x2e, A: 0xff}
	lightBar = color.RGBA{R: 0xa6, G: 0xbd, B: 0xdb, A: 0xff}
	gridLine = color.Gray{Y: 0xdd}
)

// dashed is the dash pattern of dashed lines.
var dashed = []vg.Length{vg.Points(5), vg.Points(3)}

// checkFormat reports whether format is one this package can write.
func checkFormat(format string) error {
	switch format {
	case "svg", "png":
		return nil
	}
	return fmt.Errorf("%w %q: want \"svg\" or \"png\"", ErrFormat, format)
}

// checkFinite returns an error naming what when v is NaN or infinite.
func checkFinite(what string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%w: %s is %v", ErrBadValue, what, v)
	}
	return nil
}

// newPlot returns a plot with the house fonts, a title and axis labels.
func newPlot(title, xLabel, yLabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font = font.From(plot.DefaultFont, 11)
	p.Title.Padding = vg.Points(6)
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.X.Label.TextStyle.Font.Size = 11
	p.Y.Label.TextStyle.Font.Size = 11
	p.X.Tick.Marker = plainTicks{}
	p.Y.Tick.Marker = plainTicks{}
	p.X.Tick.Label.Font.Size = 9
	p.Y.Tick.Label.Font.Size = 9
	p.Legend.TextStyle.Font.Size = 9
	p.Legend.Top = true
	p.Legend.ThumbnailWidth = vg.Points(24)
	p.Legend.XOffs = -vg.Points(6) // off the edge of the canvas
	return p
}

// plainTicks are plot.DefaultTicks with labels written as short as they
// can be: "50" rather than "50.00".
type plainTicks struct{}

// Ticks implements plot.Ticker.
func (plainTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(lo, hi)
	for i, t := range ticks {
		if t.Label != "" {
			ticks[i].Label = strconv.FormatFloat(math.Round(t.Value*1e9)/1e9, 'f', -1, 64)
		}
	}
	return ticks
}

// render draws p on a width×height canvas and encodes it as format.
func render(p *plot.Plot, format string) (out []byte, err error) {
	if err := checkFormat(format); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("figures: drawing %s: %v", format, r)
		}
	}()
	var c vg.CanvasWriterTo
	if format == "svg" {
		c = vgsvg.New(width, height)
	} else {
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(pngDPI))}
	}
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("figures: writing %s: %w", format, err)
	}
	return buf.Bytes(), nil
}
