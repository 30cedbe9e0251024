package evaluate

import (
	"slices"
	"testing"

	"github.com/bookalign/bookalign/align"
)

// TestAlignersAreTrained checks that the aligners align.Settings knows
// (align.extra) are the trained methods, in the same order, as a run's
// lists name them.
func TestAlignersAreTrained(t *testing.T) {
	if got := NamesOf(Trained); !slices.Equal(got, align.Methods) {
		t.Errorf("trained methods %v, aligners %v", got, align.Methods)
	}
}
