package evaluate

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// CompactWidth is the width Compact keeps every line under, in columns
// (runes): a terminal of 100 columns shows it unwrapped.
const CompactWidth = 100

// MarkLevel is the p-value under which Compact marks a recall as higher
// than a baseline's.
const MarkLevel = 0.05

// The marks of Compact: higher than First 1000, and higher than the
// strongest other baseline of the column (compactBaselines).
const (
	markFirst1000 = "*"
	markStrongest = "+"
)

// compactBaselines are the baselines every method is tested against
// (MethodResult.PAgainst) but First 1000: the strongest of them in a
// column is the one Compact's "+" is against.
var compactBaselines = []string{MethodNames, MethodLexRank, MethodTextRank}

// ciHead heads Compact's column of intervals.
const ciHead = "R-1 95% CI"

// maxLabel is the widest method name Compact prints; a longer one is cut
// with "…". The longest known Label, "Content oracle (oracle-content)",
// is 31.
const maxLabel = 32

// A compactColumn is one recall column of Compact: its head, and the
// method's mean and a test's p-value in it (meanOf, pOf).
type compactColumn struct {
	head string
	// content marks a column of the content words (-s), which only
	// methods and tests with content words have.
	content bool
	mean    func(m *MethodResult) float64
	p       func(p *PValues) float64
}

// meanOf returns m's mean in the column; ok is false when m has none.
func (c compactColumn) meanOf(m *MethodResult) (mean float64, ok bool) {
	if c.content && m.ContentRecall == nil {
		return 0, false
	}
	return c.mean(m), true
}

// pOf returns the p-value of a test in the column; ok is false when the
// test was not run or has none.
func (c compactColumn) pOf(p *PValues) (pv float64, ok bool) {
	if p == nil || c.content && p.ContentPValues == nil {
		return 0, false
	}
	return c.p(p), true
}

// compactColumns are the columns of Compact: stemmed ROUGE-1 and ROUGE-2
// recall, then, with content, the same of the content words (-s).
func compactColumns(content bool) []compactColumn {
	cs := []compactColumn{
		{"R-1", false, func(m *MethodResult) float64 { return m.Rouge1Recall }, func(p *PValues) float64 { return p.Rouge1 }},
		{"R-2", false, func(m *MethodResult) float64 { return m.Rouge2Recall }, func(p *PValues) float64 { return p.Rouge2 }},
	}
	if content {
		cs = append(cs,
			compactColumn{"R-1 -s", true, func(m *MethodResult) float64 { return m.Rouge1RecallContent }, func(p *PValues) float64 { return p.Rouge1Content }},
			compactColumn{"R-2 -s", true, func(m *MethodResult) float64 { return m.Rouge2RecallContent }, func(p *PValues) float64 { return p.Rouge2Content }})
	}
	return cs
}

// Compact returns the table `bookalign run` prints on the terminal: one
// row per method, its stemmed ROUGE-1 and ROUGE-2 recall in percent, the
// same of the content words (ROUGE -s) when the run measured them, and
// the 95% interval of ROUGE-1, each recall marked "*" when it is higher
// than First 1000's and "+" when it is higher than the strongest other
// baseline's in its column (Names, LexRank, TextRank), at p < MarkLevel
// in the paired test; then a legend that says what the columns and marks
// are, which test, and its smallest possible p (PFloor). A column of books
// appears when the methods were scored on different numbers of books.
// full, when not empty, names where the full tables are (table.md, the
// report) in the last line. Every line is under CompactWidth columns.
func (r *Results) Compact(full ...string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "ROUGE recall (%%) of %d-word summaries, %d books evaluated, %d pairs rejected\n\n", r.Words, r.Books, r.Rejected)
	cols := compactColumns(r.HasContent())
	strongest := make([]string, len(cols))
	for i, c := range cols {
		strongest[i] = r.strongest(c)
	}
	first := r.method(MethodFirst1000)
	books := false
	label, ciWidth := len("method"), len(ciHead)
	for i := range r.Methods {
		m := &r.Methods[i]
		books = books || m.Books != r.Methods[0].Books
		label = max(label, utf8.RuneCountInString(cutLabel(DisplayName(m.Name))))
		ciWidth = max(ciWidth, len(interval(m.Rouge1RecallCI95)))
	}
	row := func(name string, cells []string, ci, n string) {
		line := pad(name, label) + " " + strings.Join(cells, " ") + "  " + pad(ci, ciWidth)
		if books {
			line += "  " + fmt.Sprintf("%5s", n)
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	// A cell is the recall right-aligned in 5 runes, then two for the
	// marks; its head starts where a recall of two digits does.
	var heads []string
	for _, c := range cols {
		heads = append(heads, fmt.Sprintf(" %-6s", c.head))
	}
	row("method", heads, ciHead, "books")
	for i := range r.Methods {
		m := &r.Methods[i]
		var cells []string
		for k, c := range cols {
			v, ok := c.meanOf(m)
			if !ok {
				cells = append(cells, fmt.Sprintf("%5s  ", "–"))
				continue
			}
			marks := ""
			if first != nil && m != first && higher(m, first, c) {
				marks += markFirst1000
			}
			if s := r.method(strongest[k]); s != nil && m != s && higher(m, s, c) {
				marks += markStrongest
			}
			cells = append(cells, fmt.Sprintf("%5s%-2s", pct(v), marks))
		}
		row(cutLabel(DisplayName(m.Name)), cells, interval(m.Rouge1RecallCI95), fmt.Sprint(m.Books))
	}
	if len(r.Methods) == 0 {
		b.WriteString("(no method was scored)\n")
	}
	b.WriteString("\n")
	for _, line := range r.legend(cols, strongest, first != nil, full) {
		b.WriteString(line + "\n")
	}
	return []byte(b.String())
}

// legend returns the lines of Compact's legend, each under CompactWidth.
func (r *Results) legend(cols []compactColumn, strongest []string, hasFirst bool, full []string) []string {
	var words []string // the legend as text, wrapped at the end
	say := func(format string, a ...any) { words = append(words, fmt.Sprintf(format, a...)) }
	say("R-1, R-2: ROUGE-1.5.5 recall in percent, %s.", r.Rouge.describe())
	if r.HasContent() {
		say("-s: the same of the content words alone (ROUGE's stopwords removed, -s), stemmed.")
	} else {
		say("%s", r.ContentNote())
	}
	say("R-1 95%% CI: percentile bootstrap over books (seed %d).", r.Seed)
	rounds := r.testRounds()
	switch {
	case len(r.Methods) < 2:
		say("No significance marks: one method, no test.")
	case rounds == 0:
		say("No significance marks: no test was run.")
	default:
		var marks []string
		if hasFirst {
			marks = append(marks, fmt.Sprintf("%s: higher than First 1000", markFirst1000))
		} else {
			marks = append(marks, fmt.Sprintf("no %s: First 1000 did not run", markFirst1000))
		}
		if m := strongestNote(r, cols, strongest); m != "" {
			marks = append(marks, fmt.Sprintf("%s: higher than %s", markStrongest, m))
		} else {
			marks = append(marks, fmt.Sprintf("no %s: none of %s ran", markStrongest, strings.Join(DisplayNames(compactBaselines), ", ")))
		}
		say("%s. Each at p < %g in a two-sided paired approximate-randomization test over books, %d rounds.", strings.Join(marks, "; "), MarkLevel, rounds)
		say("%s", r.floorNote(rounds))
	}
	var lines []string
	for _, w := range words {
		lines = append(lines, wrap(w, CompactWidth-1, "  ")...)
	}
	if len(full) > 0 {
		lines = append(lines, wrap("Full tables (unstemmed recall, intervals, every p-value): "+strings.Join(full, " and ")+".", CompactWidth-1, "  ")...)
	}
	return lines
}

// strongestNote says what "+" is against, for the legend: the strongest
// of the baselines of compactBaselines that ran, "Names in every column"
// or column by column; "" when none of them ran.
func strongestNote(r *Results, cols []compactColumn, strongest []string) string {
	var ran []string
	for _, name := range compactBaselines {
		if r.method(name) != nil {
			ran = append(ran, name)
		}
	}
	if len(ran) == 0 {
		return ""
	}
	var per []string
	same := true
	for i, s := range strongest {
		same = same && s == strongest[0]
		name := "none"
		if s != "" {
			name = DisplayName(s)
		}
		per = append(per, cols[i].head+" "+name)
	}
	which := strings.Join(per, ", ")
	if same && strongest[0] != "" {
		which = DisplayName(strongest[0]) + " in every column"
	}
	return fmt.Sprintf("the strongest of the other baselines (%s): %s", strings.Join(DisplayNames(ran), ", "), which)
}

// floorNote says what the smallest p of the test is (PFloor) and why.
func (r *Results) floorNote(rounds int) string {
	n := r.Books
	fewer := ""
	for i := range r.Methods {
		if r.Methods[i].Books < n {
			fewer = "; higher for the pairs of methods scored on fewer books"
		}
	}
	floor, k := PFloor(n, rounds, r.Seed)
	if k == 0 {
		return fmt.Sprintf("Smallest p possible: 1 / (1 + %d) (no round as extreme), printed %q%s.", rounds, FormatP(floor, rounds), fewer)
	}
	ways := fmt.Sprintf("2^%d", n)
	if n <= 30 {
		ways += fmt.Sprintf(" = %d", 1<<n)
	}
	return fmt.Sprintf("Smallest p possible here: %s%s. With %d books the test has only %s ways to swap the pairs, and two of them (none swapped, all swapped) always match the observed difference; the %d rounds drew them %d times, so p >= (1 + %d) / (1 + %d).",
		FormatP(floor, rounds), fewer, n, ways, rounds, k, k, rounds)
}

// strongest returns the name of the baseline of compactBaselines with the
// highest mean in column c, "" when none ran.
func (r *Results) strongest(c compactColumn) string {
	best, bestMean := "", 0.0
	for _, name := range compactBaselines {
		m := r.method(name)
		if m == nil {
			continue
		}
		if v, ok := c.meanOf(m); ok && (best == "" || v > bestMean) {
			best, bestMean = name, v
		}
	}
	return best
}

// higher reports whether m's mean in column c is higher than base's, at
// p < MarkLevel in m's test against base.
func higher(m, base *MethodResult, c compactColumn) bool {
	vm, ok1 := c.meanOf(m)
	vb, ok2 := c.meanOf(base)
	if !ok1 || !ok2 || vm <= vb {
		return false
	}
	for _, t := range m.PAgainst() {
		if t.Base == base.Name {
			p, ok := c.pOf(*t.P)
			return ok && p < MarkLevel
		}
	}
	return false
}

// method returns the result of the method name, nil when it did not run.
func (r *Results) method(name string) *MethodResult {
	for i := range r.Methods {
		if r.Methods[i].Name == name {
			return &r.Methods[i]
		}
	}
	return nil
}

// testRounds returns the rounds of the paired tests of r, 0 when none
// ran.
func (r *Results) testRounds() int {
	for i := range r.Methods {
		for _, c := range r.Methods[i].PAgainst() {
			if *c.P != nil {
				return (*c.P).Rounds
			}
		}
	}
	return 0
}

// cutLabel cuts a display name longer than maxLabel runes, ending it
// with "…".
func cutLabel(s string) string {
	if utf8.RuneCountInString(s) <= maxLabel {
		return s
	}
	return string([]rune(s)[:maxLabel-1]) + "…"
}

// pad pads s with spaces to width runes.
func pad(s string, width int) string {
	return s + strings.Repeat(" ", max(0, width-utf8.RuneCountInString(s)))
}

// wrap breaks text into lines of at most width runes at spaces, the lines
// after the first indented by indent. A word longer than a line is cut
// into pieces that fill their lines.
func wrap(text string, width int, indent string) []string {
	width = max(width, utf8.RuneCountInString(indent)+1)
	var lines []string
	line, lead := "", "" // the line being filled; what the next one starts with
	for _, w := range strings.Fields(text) {
		if line != "" && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) <= width {
			line += " " + w
			continue
		}
		if line != "" {
			lines, lead = append(lines, line), indent
		}
		line = lead + w
		for utf8.RuneCountInString(line) > width {
			rs := []rune(line)
			lines, lead = append(lines, string(rs[:width])), indent
			line = lead + string(rs[width:])
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
