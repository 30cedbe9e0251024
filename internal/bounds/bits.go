package bounds

import (
	"fmt"
	"slices"
	"strings"
)

// ParseBits reads a setting that is a comma-separated list of names, each
// one of names, into a bit set: bit i for names[i]. Spaces around a name
// are trimmed and a name given twice counts once; "" and "none" are the
// empty set. An unknown name is an error that says what is wanted.
func ParseBits(s string, names []string) (uint, error) {
	if s == "" || s == "none" {
		return 0, nil
	}
	var p uint
	for _, name := range strings.Split(s, ",") {
		i := slices.Index(names, strings.TrimSpace(name))
		if i < 0 {
			return 0, fmt.Errorf("unknown name %s: want %s", Quote(name), BitsWant(names))
		}
		p |= 1 << i
	}
	return p, nil
}

// BitsString returns the comma-separated names of the bits of p that names
// has, in names' order, or "none".
func BitsString(p uint, names []string) string {
	var out []string
	for i, name := range names {
		if p&(1<<i) != 0 {
			out = append(out, name)
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ",")
}

// BitsWant says what ParseBits accepts, for Listed.
func BitsWant(names []string) string {
	return "a comma-separated list of " + strings.Join(names, ", ") + "; or none"
}
