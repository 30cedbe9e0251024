package centrality

// product is a symmetric weight matrix of the form
//
//	W = Σ_q diag(F_q) X Xᵀ diag(F_q) − diag(Self)
//
// for a sparse sentence × term matrix X and K factors F_q (one value per
// sentence): W_ij = Σ_q F_q(i) F_q(j) Σ_t X_it X_jt off the diagonal, and
// Self_i the same sum at i = j, so W's diagonal is zero. LexRank has K = 1
// and F = 1; TextRank's F are the factors of its length term (lowRank).
type product struct {
	x     sparse
	k     int
	f     []float64 // f[i*k+q] = F_q(i)
	self  []float64
	z     []float64 // scratch: Xᵀ diag(F_q) u, term-major
	accum []float64 // scratch: one row of X Z
}

// sparse is a sentence × term matrix in compressed rows: row i holds
// Val[j] in column Col[j] for j in [Start[i], Start[i+1]).
type sparse struct {
	Start []int32
	Col   []int32
	Val   []float64
	Cols  int
}

// newProduct returns the product of x and the factors f (len(f) = k times
// the rows of x), with its diagonal computed from them.
func newProduct(x sparse, f []float64, k int) *product {
	n := len(x.Start) - 1
	w := &product{x: x, k: k, f: f, self: make([]float64, n), z: make([]float64, x.Cols*k), accum: make([]float64, k)}
	for i := range n {
		sq := 0.0
		for j := x.Start[i]; j < x.Start[i+1]; j++ {
			sq += x.Val[j] * x.Val[j]
		}
		fi := f[i*k : (i+1)*k]
		ff := 0.0
		for _, v := range fi {
			ff += v * v
		}
		w.self[i] = ff * sq
	}
	return w
}

// mul sets dst = W u in O(k · nnz(X)) and is a multiplier.
func (w *product) mul(dst, u []float64) {
	k, x, z := w.k, &w.x, w.z
	clear(z)
	for i := range len(x.Start) - 1 {
		fi := w.f[i*k : (i+1)*k]
		for j := x.Start[i]; j < x.Start[i+1]; j++ {
			v := x.Val[j] * u[i]
			zt := z[int(x.Col[j])*k : int(x.Col[j]+1)*k]
			for q, f := range fi {
				zt[q] += v * f
			}
		}
	}
	acc := w.accum
	for i := range len(x.Start) - 1 {
		clear(acc)
		for j := x.Start[i]; j < x.Start[i+1]; j++ {
			v := x.Val[j]
			zt := z[int(x.Col[j])*k : int(x.Col[j]+1)*k]
			for q, zq := range zt {
				acc[q] += v * zq
			}
		}
		s := 0.0
		for q, f := range w.f[i*k : (i+1)*k] {
			s += f * acc[q]
		}
		dst[i] = s - w.self[i]*u[i]
	}
}

// sparseBuilder builds a sparse matrix row by row, numbering the columns
// in order of first use so that only the columns used take space.
type sparseBuilder struct {
	m   sparse
	col []int32 // col[t]: the column of term t, -1 before its first use
}

func newSparseBuilder(terms, rows int) *sparseBuilder {
	b := &sparseBuilder{m: sparse{Start: make([]int32, 1, rows+1)}, col: make([]int32, terms)}
	for t := range b.col {
		b.col[t] = -1
	}
	return b
}

// add appends value v in the column of term t to the current row.
func (b *sparseBuilder) add(t int32, v float64) {
	if b.col[t] < 0 {
		b.col[t] = int32(b.m.Cols)
		b.m.Cols++
	}
	b.m.Col = append(b.m.Col, b.col[t])
	b.m.Val = append(b.m.Val, v)
}

// endRow ends the current row.
func (b *sparseBuilder) endRow() { b.m.Start = append(b.m.Start, int32(len(b.m.Col))) }
