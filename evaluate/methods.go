package evaluate

import "sort"

// Methods known to bookalign, in the order of the paper's table followed by
// the extra baselines. DisplayName gives their names in the paper.
var knownMethods = []struct{ name, display string }{
	{"passage", "Block HMM"},
	{"token", "Word HMM"},
	{"jing", "Jing 1999"},
	{"first1000", "First 1000"},
	{"oracle", "Oracle"},
	{"random", "Random"},
	{"names", "Names"},
}

// MethodOrder sorts method names into table order: known methods first, in
// the paper's order, then any others alphabetically.
func MethodOrder(names []string) []string {
	rank := func(n string) int {
		for i, m := range knownMethods {
			if m.name == n {
				return i
			}
		}
		return len(knownMethods)
	}
	out := append([]string(nil), names...)
	sort.Slice(out, func(i, j int) bool {
		ri, rj := rank(out[i]), rank(out[j])
		if ri != rj {
			return ri < rj
		}
		return out[i] < out[j]
	})
	return out
}

// DisplayName returns the paper's name for a method ("Block HMM" for
// "passage"), or the name itself for a method the paper does not have.
func DisplayName(name string) string {
	for _, m := range knownMethods {
		if m.name == name {
			return m.display
		}
	}
	return name
}
