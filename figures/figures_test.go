package figures

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/align"
	"gonum.org/v1/gonum/stat/distuv"
)

// Environment variables read by the tests. BOOKALIGN_UPDATE_GOLDEN=1
// rewrites testdata/*.svg; BOOKALIGN_FIGURES_OUT=dir writes every figure,
// SVG and PNG, to dir for a person to look at. (No -update flag: it would
// clash with Beam's global flag of that name.)
const (
	updateEnv = "BOOKALIGN_UPDATE_GOLDEN"
	outEnv    = "BOOKALIGN_FIGURES_OUT"
)

// corpusRatios returns n length ratios spread as a log-normal distribution
// with median 0.008 and [5%, 95%] quantiles near [0.002, 0.032], like the
// paper's corpus: exp(mu + sigma*z) at evenly spaced normal quantiles z.
func corpusRatios(n int) []float64 {
	mu, sigma := math.Log(0.008), math.Log(16)/(2*1.6449)
	r := make([]float64, n)
	for i := range r {
		z := distuv.UnitNormal.Quantile((float64(i) + 0.5) / float64(n))
		r[i] = math.Exp(mu + sigma*z)
	}
	return r
}

// hdSamples returns the boundary samples of one state, peaked at mode with
// a long tail on one side (the left when tail < 0), like the paper's Heart
// of Darkness example: the count at mode+d is
// 120*exp(-|d|/6) + 6*exp(-|d|/|tail|), halved for d away from the tail.
func hdSamples(mode int, tail float64) []align.Bin {
	var bins []align.Bin
	for d := -300; d <= 300; d++ {
		ad := math.Abs(float64(d))
		c := 120*math.Exp(-ad/6) + 6*math.Exp(-ad/math.Abs(tail))
		if d != 0 && (d < 0) != (tail < 0) {
			c /= 2
		}
		if n := int(c); n > 0 {
			bins = append(bins, align.Bin{Pos: mode + d, Count: n})
		}
	}
	return bins
}

var (
	hdLeft  = hdSamples(1613, -60) // tail to the left
	hdRight = hdSamples(1660, 60)  // tail to the right
)

// paperMethods are the paper's ROUGE recalls with made-up intervals.
var paperMethods = []MethodScore{
	{Name: "Passage HMM", Rouge1: 0.414, Rouge2: 0.062, Rouge1CI: [2]float64{0.401, 0.427}, Rouge2CI: [2]float64{0.057, 0.067}},
	{Name: "Token HMM", Rouge1: 0.413, Rouge2: 0.062, Rouge1CI: [2]float64{0.400, 0.426}, Rouge2CI: [2]float64{0.057, 0.067}},
	{Name: "Jing 1999", Rouge1: 0.407, Rouge2: 0.060, Rouge1CI: [2]float64{0.394, 0.420}, Rouge2CI: [2]float64{0.055, 0.065}},
	{Name: "First 1,000 words", Rouge1: 0.380, Rouge2: 0.060, Rouge1CI: [2]float64{0.367, 0.393}, Rouge2CI: [2]float64{0.055, 0.065}},
}

// figureCases are the figures every test draws.
var figureCases = []struct {
	name string
	draw func(format string) ([]byte, error)
	want []string // text the SVG must contain
}{
	{
		name: "length_ratios",
		draw: func(f string) ([]byte, error) { return LengthRatios(corpusRatios(439), f) },
		want: []string{"439 books", "mean 0.011", "5% quantile 0.002", "95% quantile 0.032", "Number of books"},
	},
	{
		name: "boundary_density",
		draw: func(f string) ([]byte, error) {
			return BoundaryDensity(hdLeft, hdRight, "Heart of Darkness: one passage state", f)
		},
		want: []string{"Heart of Darkness", "left boundary (mode 1613)", "right boundary (mode 1660)", "Position in book (tokens)"},
	},
	{
		name: "rouge_chart",
		draw: func(f string) ([]byte, error) { return RougeChart(paperMethods, f) },
		want: []string{"ROUGE-1", "ROUGE-2", "Passage HMM", "First 1,000 words", "Recall (%)"},
	},
}

func TestFigures(t *testing.T) {
	out := os.Getenv(outEnv)
	for _, tc := range figureCases {
		for _, format := range []string{"svg", "png"} {
			t.Run(tc.name+"."+format, func(t *testing.T) {
				got, err := tc.draw(format)
				if err != nil {
					t.Fatalf("draw: %v", err)
				}
				again, err := tc.draw(format)
				if err != nil {
					t.Fatalf("second draw: %v", err)
				}
				if !bytes.Equal(got, again) {
					t.Errorf("two draws differ: %d and %d bytes", len(got), len(again))
				}
				if format == "svg" {
					checkSVG(t, got, tc.want)
				} else {
					checkPNG(t, got)
				}
				if out != "" {
					if err := os.WriteFile(filepath.Join(out, tc.name+"."+format), got, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
}

// checkSVG checks that b is well-formed XML with an <svg> root element,
// holds the texts in want and no id attributes or timestamps.
func checkSVG(t *testing.T, b []byte, want []string) {
	t.Helper()
	if len(b) == 0 {
		t.Fatal("empty SVG")
	}
	d := xml.NewDecoder(bytes.NewReader(b))
	var root string
	var text strings.Builder
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("invalid SVG: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
			for _, a := range tok.Attr {
				if a.Name.Local == "id" {
					t.Errorf("SVG element <%s> has id %q; ids may not be deterministic", tok.Name.Local, a.Value)
				}
			}
		case xml.CharData:
			text.Write(tok)
		}
	}
	if root != "svg" {
		t.Errorf("root element is <%s>, want <svg>", root)
	}
	for _, w := range want {
		if !strings.Contains(text.String(), w) {
			t.Errorf("SVG text lacks %q", w)
		}
	}
}

// checkPNG checks that b decodes as a 900×600 PNG.
func checkPNG(t *testing.T, b []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("invalid PNG: %v", err)
	}
	if got := img.Bounds().Size(); got.X != 900 || got.Y != 600 {
		t.Errorf("PNG is %v pixels, want 900x600", got)
	}
}

// TestGolden compares each SVG with testdata/<name>.svg. Run with
// BOOKALIGN_UPDATE_GOLDEN=1 to rewrite the files after a deliberate change.
// The files were written on amd64; another architecture that fuses
// multiply-adds may round a coordinate differently.
func TestGolden(t *testing.T) {
	update := os.Getenv(updateEnv) == "1"
	for _, tc := range figureCases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.draw("svg")
			if err != nil {
				t.Fatalf("draw: %v", err)
			}
			path := filepath.Join("testdata", tc.name+".svg")
			if update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with %s=1 to create it)", err, updateEnv)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("SVG differs from %s (%d bytes, want %d); run with %s=1 if the change is intended",
					path, len(got), len(want), updateEnv)
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	nan := math.NaN()
	good := []align.Bin{{Pos: 10, Count: 3}}
	score := func(m MethodScore) []MethodScore { return []MethodScore{m} }
	for _, tc := range []struct {
		name string
		draw func() ([]byte, error)
		want error
	}{
		{"ratios/empty", func() ([]byte, error) { return LengthRatios(nil, "svg") }, ErrNoData},
		{"ratios/NaN", func() ([]byte, error) { return LengthRatios([]float64{0.01, nan}, "svg") }, ErrBadValue},
		{"ratios/Inf", func() ([]byte, error) { return LengthRatios([]float64{math.Inf(1)}, "png") }, ErrBadValue},
		{"ratios/negative", func() ([]byte, error) { return LengthRatios([]float64{0.01, -0.01}, "svg") }, ErrBadValue},
		{"ratios/format", func() ([]byte, error) { return LengthRatios([]float64{0.01}, "pdf") }, ErrFormat},
		{"ratios/format case", func() ([]byte, error) { return LengthRatios([]float64{0.01}, "SVG") }, ErrFormat},
		{"boundary/left empty", func() ([]byte, error) { return BoundaryDensity(nil, good, "", "svg") }, ErrNoData},
		{"boundary/right empty", func() ([]byte, error) { return BoundaryDensity(good, nil, "", "svg") }, ErrNoData},
		{"boundary/zero counts", func() ([]byte, error) {
			return BoundaryDensity(good, []align.Bin{{Pos: 3, Count: 0}}, "", "svg")
		}, ErrNoData},
		{"boundary/negative count", func() ([]byte, error) {
			return BoundaryDensity([]align.Bin{{Pos: 3, Count: -1}}, good, "", "svg")
		}, ErrBadValue},
		{"boundary/negative pos", func() ([]byte, error) {
			return BoundaryDensity(good, []align.Bin{{Pos: -3, Count: 1}}, "", "svg")
		}, ErrBadValue},
		{"boundary/format", func() ([]byte, error) { return BoundaryDensity(good, good, "", "") }, ErrFormat},
		{"rouge/empty", func() ([]byte, error) { return RougeChart(nil, "svg") }, ErrNoData},
		{"rouge/NaN", func() ([]byte, error) { return RougeChart(score(MethodScore{Name: "a", Rouge1: nan}), "svg") }, ErrBadValue},
		{"rouge/NaN CI", func() ([]byte, error) {
			return RougeChart(score(MethodScore{Name: "a", Rouge2CI: [2]float64{0, nan}}), "svg")
		}, ErrBadValue},
		{"rouge/percent", func() ([]byte, error) { return RougeChart(score(MethodScore{Name: "a", Rouge1: 41.4}), "svg") }, ErrBadValue},
		{"rouge/reversed CI", func() ([]byte, error) {
			return RougeChart(score(MethodScore{Name: "a", Rouge1: 0.4, Rouge1CI: [2]float64{0.5, 0.3}}), "svg")
		}, ErrBadValue},
		{"rouge/no name", func() ([]byte, error) { return RougeChart(score(MethodScore{Name: " ", Rouge1: 0.4}), "svg") }, ErrBadValue},
		{"rouge/format", func() ([]byte, error) { return RougeChart(paperMethods, "jpg") }, ErrFormat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := tc.draw()
			if !errors.Is(err, tc.want) {
				t.Fatalf("got error %v, want %v", err, tc.want)
			}
			if b != nil {
				t.Errorf("got %d bytes with the error, want nil", len(b))
			}
			if !strings.HasPrefix(err.Error(), "figures: ") {
				t.Errorf("error %q lacks the figures: prefix", err)
			}
		})
	}
}

// TestEdgeCases draws degenerate but valid input.
func TestEdgeCases(t *testing.T) {
	for _, tc := range []struct {
		name string
		draw func(format string) ([]byte, error)
	}{
		{"ratios/one", func(f string) ([]byte, error) { return LengthRatios([]float64{0.01}, f) }},
		{"ratios/equal", func(f string) ([]byte, error) { return LengthRatios([]float64{0, 0, 0}, f) }},
		{"ratios/near", func(f string) ([]byte, error) { return LengthRatios([]float64{0.01, math.Nextafter(0.01, 1)}, f) }},
		{"ratios/outlier", func(f string) ([]byte, error) {
			return LengthRatios(append(corpusRatios(50), 1e300), f)
		}},
		{"boundary/one sample", func(f string) ([]byte, error) {
			return BoundaryDensity([]align.Bin{{Pos: 0, Count: 1}}, []align.Bin{{Pos: 0, Count: 1}}, "", f)
		}},
		{"boundary/histogram", func(f string) ([]byte, error) {
			return BoundaryDensity(align.Histogram{{Pos: 5, Count: 2}}, align.Histogram{{Pos: 9, Count: 7}, {Pos: 2, Count: 1}}, "", f)
		}},
		{"rouge/zeros", func(f string) ([]byte, error) { return RougeChart([]MethodScore{{Name: "none"}}, f) }},
		{"rouge/long names", func(f string) ([]byte, error) {
			var ms []MethodScore
			for _, n := range []string{"Passage HMM, no null state", "Token HMM, 1,000-token buckets", "Jing et al. 1999", "First 1,000 words", "Random sentences", "Oracle"} {
				ms = append(ms, MethodScore{Name: n, Rouge1: 0.4, Rouge2: 0.06})
			}
			return RougeChart(ms, f)
		}},
	} {
		for _, format := range []string{"svg", "png"} {
			t.Run(tc.name+"."+format, func(t *testing.T) {
				b, err := tc.draw(format)
				if err != nil {
					t.Fatalf("draw: %v", err)
				}
				if format == "svg" {
					checkSVG(t, b, nil)
				} else {
					checkPNG(t, b)
				}
				if out := os.Getenv(outEnv); out != "" {
					name := "edge_" + strings.NewReplacer("/", "_", " ", "_").Replace(tc.name) + "." + format
					if err := os.WriteFile(filepath.Join(out, name), b, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
}

func TestRatioStats(t *testing.T) {
	for _, tc := range []struct {
		name           string
		ratios         []float64
		mean, q05, q95 float64
	}{
		// R: quantile(1:10, c(.05, .95)) gives 1.45 and 9.55.
		{"one to ten", []float64{10, 9, 8, 7, 6, 5, 4, 3, 2, 1}, 5.5, 1.45, 9.55},
		{"one", []float64{0.012}, 0.012, 0.012, 0.012},
		{"two", []float64{0, 1}, 0.5, 0.05, 0.95},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sorted, err := sortedRatios(tc.ratios)
			if err != nil {
				t.Fatal(err)
			}
			mean, q05, q95 := ratioStats(sorted)
			for _, c := range []struct {
				what      string
				got, want float64
			}{{"mean", mean, tc.mean}, {"q05", q05, tc.q05}, {"q95", q95, tc.q95}} {
				if math.Abs(c.got-c.want) > 1e-12 {
					t.Errorf("%s = %v, want %v", c.what, c.got, c.want)
				}
			}
		})
	}
	if _, err := sortedRatios(nil); !errors.Is(err, ErrNoData) {
		t.Errorf("sortedRatios(nil): got %v, want ErrNoData", err)
	}
}

func TestSamples(t *testing.T) {
	s, err := newSamples("left", []align.Bin{{Pos: 4, Count: 2}, {Pos: 1, Count: 1}, {Pos: 9, Count: 2}, {Pos: 7, Count: 0}})
	if err != nil {
		t.Fatal(err)
	}
	// The samples are 1 4 4 9 9.
	if got := s.mode(); got != 4 {
		t.Errorf("mode = %d, want 4 (smallest of the tied)", got)
	}
	// R: quantile(c(1,4,4,9,9), c(.25, .5, .75)) gives 4 4 9.
	for _, c := range []struct{ p, want float64 }{{0, 1}, {0.25, 4}, {0.5, 4}, {0.75, 9}, {1, 9}, {0.1, 2.2}} {
		if got := s.quantile(c.p); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("quantile(%v) = %v, want %v", c.p, got, c.want)
		}
	}
	// R: bw.nrd0(c(1,4,4,9,9)) gives 2.28771, 0.9 * min(sd, IQR/1.34) * 5^-0.2
	// with sd = sqrt(12.3) below IQR/1.34 = 5/1.34.
	if got, want := s.bandwidth(), 0.9*math.Sqrt(12.3)*math.Pow(5, -0.2); math.Abs(got-want) > 1e-12 {
		t.Errorf("bandwidth = %v, want %v", got, want)
	}
	// The density integrates to about 1.
	xys := s.density(-20, 30)
	var area float64
	for i := 1; i < len(xys); i++ {
		area += (xys[i].X - xys[i-1].X) * (xys[i].Y + xys[i-1].Y) / 2
	}
	if math.Abs(area-1) > 1e-3 {
		t.Errorf("density integrates to %v, want 1", area)
	}
}

// TestBoundaryState checks the choice of Figure 3's state: the highest
// posterior among aligned sentences, the first on ties, none when no
// sentence is aligned.
func TestBoundaryState(t *testing.T) {
	for _, tc := range []struct {
		name            string
		state           []int
		posterior       []float64
		wantS, wantSent int
	}{
		{"highest posterior", []int{3, 5, 2}, []float64{0.4, 0.9, 0.6}, 5, 1},
		{"first on ties", []int{4, 7}, []float64{0.5, 0.5}, 4, 0},
		{"unaligned sentences skipped", []int{-1, 2}, []float64{0.99, 0.1}, 2, 1},
		{"none aligned", []int{-1, -1}, []float64{0.3, 0.2}, -1, -1},
	} {
		s, k := BoundaryState(&align.PassageFit{State: tc.state, Posterior: tc.posterior})
		if s != tc.wantS || k != tc.wantSent {
			t.Errorf("%s: state %d, sentence %d; want %d, %d", tc.name, s, k, tc.wantS, tc.wantSent)
		}
	}
}
