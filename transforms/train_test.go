package transforms

import (
	"slices"
	"testing"

	"github.com/bookalign/bookalign/classify/cv"
)

// TestTrainKey checks that a training key gives back its methods and
// training set, "all books" and a method of a variant included, and that
// the keys of different methods or sets differ.
func TestTrainKey(t *testing.T) {
	seen := map[string]bool{}
	for _, methods := range [][]string{{"passage"}, {"token"}, {"jing"}, {"passage-paper"}, {"passage", "token", "jing"}, {"token", "jing"}} {
		for _, set := range []int{0, 1, 10, cv.AllBooks} {
			key := trainKey(methods, set)
			if seen[key] {
				t.Errorf("%v on set %d: key %q is another's", methods, set, key)
			}
			seen[key] = true
			m, s, err := parseTrainKey(key)
			if err != nil || !slices.Equal(m, methods) || s != set {
				t.Errorf("parseTrainKey(%q) = %q, %d, %v; want %q, %d", key, m, s, err, methods, set)
			}
		}
	}
	for _, bad := range []string{"passage", "passage/", "passage/x", "/3", "passage,,jing/3", "passage,/3"} {
		if _, _, err := parseTrainKey(bad); err == nil {
			t.Errorf("parseTrainKey(%q) accepted a key with no method or no training set", bad)
		}
	}
}
