package evaluate

import (
	"strings"
	"testing"
)

func TestFewBooks(t *testing.T) {
	tests := []struct {
		n    int
		want string // a part of the warning; "" for none
	}{
		{-1, ""},
		{0, ""},
		{1, "only 1 book was evaluated, fewer than 6"},
		{1, "here 1;"},
		{5, "here 0.0625;"},
		{MinBooks, ""},
		{1 << 30, ""},
	}
	for _, tt := range tests {
		got := FewBooks(tt.n)
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("FewBooks(%d) = %q, want one with %q", tt.n, got, tt.want)
		}
	}
	// The reason holds: 6 books reach p < 0.05 and 5 do not.
	if minP(MinBooks) >= 0.05 || minP(MinBooks-1) < 0.05 {
		t.Errorf("minP(%d) = %g, minP(%d) = %g", MinBooks, minP(MinBooks), MinBooks-1, minP(MinBooks-1))
	}
}
