package parallel

import (
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
)

func TestFor(t *testing.T) {
	for _, tc := range []struct{ n, workers int }{{0, 2}, {1, 0}, {5, 1}, {100, 3}, {3, 8}} {
		var calls atomic.Int64
		seen := make([]atomic.Int64, tc.n)
		err := For(tc.n, tc.workers, func(i int) error {
			calls.Add(1)
			seen[i].Add(1)
			if i%7 == 3 {
				return fmt.Errorf("fail %d", i)
			}
			return nil
		})
		if calls.Load() != int64(tc.n) {
			t.Errorf("n %d workers %d: %d calls", tc.n, tc.workers, calls.Load())
		}
		for i := range seen {
			if seen[i].Load() != 1 {
				t.Errorf("n %d: f(%d) called %d times", tc.n, i, seen[i].Load())
			}
		}
		var want error
		if tc.n > 3 {
			want = errors.New("fail 3")
		}
		if fmt.Sprint(err) != fmt.Sprint(want) {
			t.Errorf("n %d workers %d: error %v, want %v", tc.n, tc.workers, err, want)
		}
	}
}
