package bounds

import (
	"fmt"
	"slices"
	"strings"
)

// KnownOnce refuses, in the list named key, a name that is not one of
// known ("unknown aligner \"x\" in align.extra (known: passage, token,
// jing)"), or one given twice; what names one of them.
func KnownOnce(what, key string, names, known []string) error {
	for i, m := range names {
		if !slices.Contains(known, m) {
			return fmt.Errorf("unknown %s %s in %s (known: %s)", what, Quote(m), key, strings.Join(known, ", "))
		}
		if slices.Contains(names[:i], m) {
			return fmt.Errorf("%s lists %s twice: give each %s once", key, Quote(m), what)
		}
	}
	return nil
}
