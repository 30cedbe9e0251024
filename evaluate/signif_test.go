package evaluate

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestPairedPermutation(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	noise := func(n int, shift float64) (a, b []float64) {
		for range n {
			x := rng.Float64()
			a = append(a, x+shift+0.05*rng.NormFloat64())
			b = append(b, x+0.05*rng.NormFloat64())
		}
		return a, b
	}
	same1, same2 := noise(245, 0)
	diff1, diff2 := noise(245, 0.02)
	for _, tc := range []struct {
		name   string
		a, b   []float64
		lo, hi float64
	}{
		{"no difference", same1, same2, 0.05, 1},
		{"clear difference", diff1, diff2, 0, 0.001},
		{"identical", same1, same1, 1, 1},
		// Four books, all better by the same amount: only the all-swapped
		// and unswapped rounds reach t, so p is about 2/16.
		{"exact", []float64{1, 2, 3, 4}, []float64{0, 1, 2, 3}, 0.10, 0.15},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := PairedPermutation(tc.a, tc.b, 20000, 1)
			if err != nil {
				t.Fatal(err)
			}
			if p < tc.lo || p > tc.hi {
				t.Errorf("p = %v, want in [%v, %v]", p, tc.lo, tc.hi)
			}
			q, _ := PairedPermutation(tc.b, tc.a, 20000, 1)
			if math.Abs(p-q) > 1e-12 {
				t.Errorf("p(a, b) = %v but p(b, a) = %v", p, q)
			}
			r, _ := PairedPermutation(tc.a, tc.b, 20000, 1)
			if r != p {
				t.Errorf("same seed, p %v then %v", p, r)
			}
		})
	}
	if _, err := PairedPermutation([]float64{1}, []float64{1, 2}, 0, 1); err == nil {
		t.Errorf("lengths differ: no error")
	}
	if _, err := PairedPermutation(nil, nil, 0, 1); err == nil {
		t.Errorf("no scores: no error")
	}
}

// pairedPermutationOne is PairedPermutation as it was before the tests of
// several measures were made side by side: one test, its sign flips by a
// branch. TestPairedPermutations holds PairedPermutations to it, to the bit.
func pairedPermutationOne(a, b []float64, rounds int, seed uint64) float64 {
	d := make([]float64, len(a))
	var sum float64
	for i := range a {
		d[i] = a[i] - b[i]
		sum += d[i]
	}
	t := math.Abs(sum)
	if t == 0 {
		return 1
	}
	tol := 1e-9 * t
	rng := rand.New(rand.NewPCG(seed, 0x7065726d))
	hits := 0
	for range rounds {
		var s float64
		for i := 0; i < len(d); i += 64 {
			bits := rng.Uint64()
			for j := i; j < min(i+64, len(d)); j++ {
				if bits&1 == 1 {
					s -= d[j]
				} else {
					s += d[j]
				}
				bits >>= 1
			}
		}
		if math.Abs(s) >= t-tol {
			hits++
		}
	}
	return float64(1+hits) / float64(1+rounds)
}

// TestPairedPermutations checks that the tests made side by side give
// each test's p-value of one test alone, to the bit, whatever the number
// of books (within and past a word of random bits), the differences
// (none, exact ties, borderline), and the rounds; and that it refuses
// tests of different lengths or of no books.
func TestPairedPermutations(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, n := range []int{1, 4, 63, 64, 65, 245} {
		var a, b [][]float64
		for k := range 8 {
			xa, xb := make([]float64, n), make([]float64, n)
			for i := range n {
				x := rng.Float64()
				switch k {
				case 0: // identical: p = 1
					xa[i], xb[i] = x, x
				case 1: // equal steps: exact ties with t
					xa[i], xb[i] = x+0.25, x
				case 2: // negative zeros and zeros
					xa[i], xb[i] = math.Copysign(0, -1), 0
				default:
					xa[i], xb[i] = x+0.01*float64(k-4), x+0.05*rng.NormFloat64()
				}
			}
			a, b = append(a, xa), append(b, xb)
		}
		for _, rounds := range []int{0, 1, 999} {
			got, err := PairedPermutations(a, b, rounds, 3)
			if err != nil {
				t.Fatal(err)
			}
			r := rounds
			if r == 0 {
				r = DefaultPermutations
			}
			for k := range a {
				want := pairedPermutationOne(a[k], b[k], r, 3)
				if math.Float64bits(got[k]) != math.Float64bits(want) {
					t.Errorf("n %d, rounds %d, test %d: p = %v, alone %v", n, rounds, k, got[k], want)
				}
				if one, _ := PairedPermutation(a[k], b[k], rounds, 3); one != got[k] {
					t.Errorf("n %d, rounds %d, test %d: PairedPermutation %v, side by side %v", n, rounds, k, one, got[k])
				}
			}
		}
	}
	for _, tc := range []struct {
		name string
		a, b [][]float64
	}{
		{"no tests", nil, nil},
		{"no books", [][]float64{{}}, [][]float64{{}}},
		{"a and b of different counts", [][]float64{{1}}, nil},
		{"a test of different lengths", [][]float64{{1, 2}}, [][]float64{{1}}},
		{"tests of different lengths", [][]float64{{1, 2}, {1}}, [][]float64{{1, 2}, {1}}},
	} {
		if _, err := PairedPermutations(tc.a, tc.b, 10, 1); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

// BenchmarkPairedPermutations runs the eight measures' tests of one pair
// of methods on 245 books, side by side and one after another.
//
//	go test ./evaluate -run XXX -bench PairedPermutations
func BenchmarkPairedPermutations(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	var xa, xb [][]float64
	for range 8 {
		a, c := make([]float64, 245), make([]float64, 245)
		for i := range a {
			a[i], c[i] = rng.Float64(), rng.Float64()
		}
		xa, xb = append(xa, a), append(xb, c)
	}
	b.Run("side-by-side", func(b *testing.B) {
		for b.Loop() {
			if _, err := PairedPermutations(xa, xb, 0, 1); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("alone", func(b *testing.B) {
		for b.Loop() {
			for k := range xa {
				pairedPermutationOne(xa[k], xb[k], DefaultPermutations, 1)
			}
		}
	})
}

// TestPFloor checks PFloor against PairedPermutation itself: with every
// difference equal, only the rounds that swap no pair or every pair reach
// t, so the test's p is the floor. 12 books under seed 1 is the sample
// corpus of ./run.sh, whose smallest p is 0.0003: k = 2.
func TestPFloor(t *testing.T) {
	for _, tc := range []struct {
		n, rounds int
		seed      uint64
		wantK     int // -1: not checked
	}{
		{12, 10000, 1, 2},
		{12, 0, 1, 2}, // 0 rounds means DefaultPermutations
		{3, 2000, 7, -1},
		{1, 500, 1, 500}, // one book: every round swaps none or all, p = 1
		{64, 200, 1, 0},
		{65, 200, 1, 0},
		{200, 1000, 3, 0},
	} {
		floor, k := PFloor(tc.n, tc.rounds, tc.seed)
		a, b := make([]float64, tc.n), make([]float64, tc.n)
		for i := range a {
			a[i] = 0.5
		}
		p, err := PairedPermutation(a, b, tc.rounds, tc.seed)
		if err != nil {
			t.Fatal(err)
		}
		if floor != p || (tc.wantK >= 0 && k != tc.wantK) {
			t.Errorf("PFloor(%d, %d, %d) = %v, k %d; PairedPermutation's p = %v, want k %d", tc.n, tc.rounds, tc.seed, floor, k, p, tc.wantK)
		}
	}
	if floor, k := PFloor(0, 100, 1); floor != 1 || k != 0 {
		t.Errorf("PFloor of no books = %v, %d, want 1, 0", floor, k)
	}
}
