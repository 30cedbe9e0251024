package report

import (
	"fmt"
	"math"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/evaluate"
)

// cssColour reads a custom property's #rrggbb (or #rgb) value from
// report.css's :root.
func cssColour(t *testing.T, css, name string) colour {
	t.Helper()
	m := regexp.MustCompile(`(?:^|[\s;{])` + regexp.QuoteMeta(name) + `:\s*#([0-9a-fA-F]{3}|[0-9a-fA-F]{6});`).FindStringSubmatch(css)
	if m == nil {
		t.Fatalf("report.css sets no %s", name)
	}
	h := m[1]
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	var c colour
	if _, err := fmt.Sscanf(h, "%02x%02x%02x", &c.R, &c.G, &c.B); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestPalette checks that every method of evaluate.Methods has a colour of
// its own, none the grey fallback, each readable on the page's backgrounds
// and told apart from every other by normal and colour-blind sight.
func TestPalette(t *testing.T) {
	if len(palette) != len(evaluate.Methods) {
		t.Errorf("%d colours for %d methods: give each method of evaluate.Methods one", len(palette), len(evaluate.Methods))
	}
	css, err := assets.ReadFile("assets/report.css")
	if err != nil {
		t.Fatal(err)
	}
	fallback := cssColour(t, string(css), "--c")
	backgrounds := map[string]colour{"--paper": cssColour(t, string(css), "--paper"), "--wash": cssColour(t, string(css), "--wash")}
	ident := regexp.MustCompile(`^[a-z][a-z0-9-]*$`)
	seen := map[colour]string{}
	names := map[string]string{}
	for i, m := range evaluate.Methods[:min(len(palette), len(evaluate.Methods))] {
		p := palette[i]
		if !ident.MatchString(m.Name) {
			t.Errorf("method %q cannot name a CSS class", m.Name)
		}
		if p.Colour == fallback {
			t.Errorf("%s has the fallback grey %s", m.Name, p.Colour.hex())
		}
		if o, ok := seen[p.Colour]; ok {
			t.Errorf("%s and %s share %s", o, m.Name, p.Colour.hex())
		}
		if o, ok := names[p.Name]; ok || p.Name == "" {
			t.Errorf("%s and %s share the colour name %q", o, m.Name, p.Name)
		}
		seen[p.Colour], names[p.Name] = m.Name, m.Name
		for bg, c := range backgrounds {
			if r := contrast(p.Colour, c); r < 3 {
				t.Errorf("%s (%s) has a contrast of %.2f:1 with %s, want 3:1", m.Name, p.Colour.hex(), r, bg)
			}
		}
	}
	// Every two colours, seen as each kind of sight sees them.
	for _, v := range sights {
		floor := 12.0
		if v.name == "normal" {
			floor = 20
		}
		for i := range palette {
			for j := range i {
				if d := deltaE2000(lab(v.see(palette[i].Colour)), lab(v.see(palette[j].Colour))); d < floor {
					t.Errorf("%s sight: %s and %s differ by ΔE %.1f, want at least %.0f", v.name, palette[i].Name, palette[j].Name, d, floor)
				}
			}
		}
	}
}

// TestMethodCSS checks the rules methodCSS writes for each method, and
// that a method past the end of the palette gets none.
func TestMethodCSS(t *testing.T) {
	extra := evaluate.Method{Name: "eleventh"}
	methods := append(append([]evaluate.Method(nil), evaluate.Methods[:len(palette)]...), extra)
	css := methodCSS(methods)
	for i, m := range methods[:len(palette)] {
		c := palette[i].Colour
		for _, want := range []string{
			fmt.Sprintf(".m-%s { --c: %s; }", m.Name, c.hex()),
			fmt.Sprintf("::highlight(align-%s) { background-color: rgb(%d %d %d / 0.28); }", m.Name, c.R, c.G, c.B),
			fmt.Sprintf("::highlight(pick-%s) { text-decoration: underline 2px %s; }", m.Name, c.hex()),
		} {
			if !strings.Contains(css, want) {
				t.Errorf("method CSS lacks %q", want)
			}
		}
	}
	if strings.Contains(css, extra.Name) {
		t.Errorf("a method without a colour got rules:\n%s", css)
	}
	if css := methodCSS(nil); strings.Contains(css, "{") {
		t.Errorf("no methods, yet rules: %q", css)
	}
	// Every page carries them.
	if !strings.Contains(string(style.CSS), methodCSS(evaluate.Methods)) {
		t.Error("the pages' stylesheet lacks the method colours")
	}
}

// TestPaletteDocumented checks that docs/report.md names each method's
// colour as palette does.
func TestPaletteDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/report.md")
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range evaluate.Methods[:min(len(palette), len(evaluate.Methods))] {
		if row := fmt.Sprintf("| %s | %s |", m.Label, palette[i].Name); !strings.Contains(string(doc), row) {
			t.Errorf("docs/report.md lacks the row %q", row)
		}
	}
}

// TestDeltaE2000 checks deltaE2000 against pairs of Sharma, Wu and Dalal's
// (2005) test data, and lab against CIELAB's white and black.
func TestDeltaE2000(t *testing.T) {
	for _, c := range []struct {
		p, q [3]float64
		want float64
	}{
		{[3]float64{50, 2.6772, -79.7751}, [3]float64{50, 0, -82.7485}, 2.0425},                  // pair 1
		{[3]float64{50, 0, 0}, [3]float64{50, -1, 2}, 2.3669},                                    // pair 7
		{[3]float64{50, 2.5, 0}, [3]float64{73, 25, -18}, 27.1492},                               // pair 17
		{[3]float64{50, 2.5, 0}, [3]float64{50, 3.2592, 0.3350}, 1.0000},                         // pair 19
		{[3]float64{60.2574, -34.0099, 36.2677}, [3]float64{60.4626, -34.1751, 39.4387}, 1.2644}, // pair 25
		{[3]float64{2.0776, 0.0795, -1.1350}, [3]float64{0.9033, -0.0636, -0.5514}, 0.9082},      // pair 34
	} {
		if got := deltaE2000(c.p, c.q); math.Abs(got-c.want) > 1e-4 {
			t.Errorf("ΔE2000(%v, %v) = %.4f, want %.4f", c.p, c.q, got, c.want)
		}
	}
	for _, c := range []struct {
		c    colour
		want [3]float64
	}{{colour{255, 255, 255}, [3]float64{100, 0, 0}}, {colour{}, [3]float64{0, 0, 0}}} {
		got := lab(sights[0].see(c.c))
		for i := range got {
			if math.Abs(got[i]-c.want[i]) > 0.05 {
				t.Errorf("lab(%s) = %.2f, want %v", c.c.hex(), got, c.want)
				break
			}
		}
	}
}

// linear is an sRGB channel in linear light.
func linear(v uint8) float64 {
	c := float64(v) / 255
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// luminance is WCAG's relative luminance, 0.2126 R + 0.7152 G + 0.0722 B of
// the linear channels.
func luminance(c colour) float64 {
	return 0.2126*linear(c.R) + 0.7152*linear(c.G) + 0.0722*linear(c.B)
}

// contrast is WCAG's contrast ratio (L1 + 0.05) / (L2 + 0.05), L1 the
// lighter.
func contrast(a, b colour) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// A sight is normal sight or a dichromacy at full severity, as Machado,
// Oliveira and Fernandes (2009) simulate it: a matrix applied to linear
// sRGB (nil for normal sight).
type sight struct {
	name string
	m    *[3][3]float64
}

var sights = []sight{
	{"normal", nil},
	{"protanopia", &[3][3]float64{{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216}, {-0.003882, -0.048116, 1.051998}}},
	{"deuteranopia", &[3][3]float64{{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413}, {-0.011820, 0.042940, 0.968881}}},
	{"tritanopia", &[3][3]float64{{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602}, {0.004733, 0.691367, 0.303900}}},
}

// see returns c in linear sRGB as the sight sees it, clipped to the gamut.
func (s sight) see(c colour) [3]float64 {
	in := [3]float64{linear(c.R), linear(c.G), linear(c.B)}
	if s.m == nil {
		return in
	}
	var out [3]float64
	for i, row := range s.m {
		out[i] = min(max(row[0]*in[0]+row[1]*in[1]+row[2]*in[2], 0), 1)
	}
	return out
}

// lab converts linear sRGB to CIELAB under D65.
func lab(rgb [3]float64) [3]float64 {
	r, g, b := rgb[0], rgb[1], rgb[2]
	x := (0.4124*r + 0.3576*g + 0.1805*b) / 0.95047
	y := 0.2126*r + 0.7152*g + 0.0722*b
	z := (0.0193*r + 0.1192*g + 0.9505*b) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return t*24389/27/116 + 16.0/116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return [3]float64{116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)}
}

// deltaE2000 is the CIEDE2000 colour difference of two CIELAB colours
// (Sharma, Wu and Dalal 2005, equations 1 to 17, kL = kC = kH = 1).
func deltaE2000(p, q [3]float64) float64 {
	deg, rad := 180/math.Pi, math.Pi/180
	cBar := (math.Hypot(p[1], p[2]) + math.Hypot(q[1], q[2])) / 2
	g := 0.5 * (1 - math.Sqrt(math.Pow(cBar, 7)/(math.Pow(cBar, 7)+math.Pow(25, 7))))
	a1, a2 := (1+g)*p[1], (1+g)*q[1]
	c1, c2 := math.Hypot(a1, p[2]), math.Hypot(a2, q[2])
	hue := func(b, a float64) float64 {
		if a == 0 && b == 0 {
			return 0
		}
		return math.Mod(math.Atan2(b, a)*deg+360, 360)
	}
	h1, h2 := hue(p[2], a1), hue(q[2], a2)
	dL, dC := q[0]-p[0], c2-c1
	dh := h2 - h1
	switch {
	case c1*c2 == 0:
		dh = 0
	case dh > 180:
		dh -= 360
	case dh < -180:
		dh += 360
	}
	dH := 2 * math.Sqrt(c1*c2) * math.Sin(dh/2*rad)
	lBar, cBarP := (p[0]+q[0])/2, (c1+c2)/2
	hBar := h1 + h2
	switch {
	case c1*c2 == 0:
	case math.Abs(h1-h2) <= 180:
		hBar /= 2
	case h1+h2 < 360:
		hBar = (hBar + 360) / 2
	default:
		hBar = (hBar - 360) / 2
	}
	t := 1 - 0.17*math.Cos((hBar-30)*rad) + 0.24*math.Cos(2*hBar*rad) + 0.32*math.Cos((3*hBar+6)*rad) - 0.20*math.Cos((4*hBar-63)*rad)
	dTheta := 30 * math.Exp(-math.Pow((hBar-275)/25, 2))
	rC := 2 * math.Sqrt(math.Pow(cBarP, 7)/(math.Pow(cBarP, 7)+math.Pow(25, 7)))
	sL := 1 + 0.015*math.Pow(lBar-50, 2)/math.Sqrt(20+math.Pow(lBar-50, 2))
	sC, sH := 1+0.045*cBarP, 1+0.015*cBarP*t
	rT := -math.Sin(2*dTheta*rad) * rC
	return math.Sqrt(math.Pow(dL/sL, 2) + math.Pow(dC/sC, 2) + math.Pow(dH/sH, 2) + rT*(dC/sC)*(dH/sH))
}
