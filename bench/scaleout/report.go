package main

import (
	"fmt"
	"io"
	"slices"
)

// writeTable writes the projection as a Markdown table: one row a stage
// and a row of the job's total, with what bounds each stage on the most
// workers; "–" where the job does not run a stage on that many workers.
// The sums of the job's row are those of the stages it runs on the fewest
// workers.
func writeTable(w io.Writer, stages []Stage, p Projection) {
	last := len(p.Workers) - 1
	fmt.Fprint(w, "| stage | source | elements | sum CPU-s | longest element s | serial s |")
	for _, n := range p.Workers {
		fmt.Fprintf(w, " wall at %d |", n)
	}
	fmt.Fprintf(w, " bound at %d |\n|---|---|---:|---:|---:|---:|", p.Workers[last])
	for range p.Workers {
		fmt.Fprint(w, "---:|")
	}
	fmt.Fprintln(w, "---|")
	var sum, serial float64
	var elements int
	for j, s := range stages {
		fmt.Fprintf(w, "| %s | %s | %d | %.1f | %.2f | %.1f |", s.Name, s.Source, len(s.Elements), s.Sum(), s.Longest(), s.Serial)
		for i, n := range p.Workers {
			if s.RunsOn(n) {
				fmt.Fprintf(w, " %.1f |", p.Walls[i][j])
			} else {
				fmt.Fprint(w, " – |")
			}
		}
		bound := "not run"
		if s.RunsOn(p.Workers[last]) {
			bound = s.Bound(p.Workers[last])
		}
		fmt.Fprintf(w, " %s |\n", bound)
		if s.RunsOn(p.Workers[0]) {
			sum, serial, elements = sum+s.Sum(), serial+s.Serial, elements+len(s.Elements)
		}
	}
	fmt.Fprintf(w, "| **job** | | %d | %.1f | | %.1f |", elements, sum, serial)
	for i := range p.Workers {
		fmt.Fprintf(w, " **%.1f** |", p.Total[i])
	}
	fmt.Fprintf(w, " %s |\n\n", stages[p.Bounding[last]].Name)
	for i, n := range p.Workers {
		fmt.Fprintf(w, "- %d workers: %.1f s; the largest stage is %s (%.1f s, %s)\n", n, p.Total[i],
			stages[p.Bounding[i]].Name, p.Walls[i][p.Bounding[i]], stages[p.Bounding[i]].Bound(n))
	}
	fmt.Fprintln(w)
}

// writeLongest lists the five books whose alignment costs most, with the
// split of each by aligner.
func writeLongest(w io.Writer, costs []BookCost) {
	byAlign := slices.Clone(costs)
	slices.SortFunc(byAlign, func(a, b BookCost) int {
		switch {
		case a.Align > b.Align:
			return -1
		case a.Align < b.Align:
			return 1
		}
		return 0
	})
	fmt.Fprintln(w, "| book | counted tokens | align CPU-s | prepare | passage | token | jing |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|")
	for _, c := range byAlign[:min(5, len(byAlign))] {
		fmt.Fprintf(w, "| %s | %d | %.2f | %.2f | %.2f | %.2f | %.2f |\n", c.ID, c.Tokens, c.Align, c.Prepare,
			c.ByMethod["passage"], c.ByMethod["token"], c.ByMethod["jing"])
	}
}
