package align

import (
	"bufio"
	"flag"
	"fmt"
	"hash/maphash"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/bookalign/bookalign/text"
)

// The silver test measures alignments against quotations. Many Wikipedia
// summaries quote the book verbatim; a summary sentence holding a run of
// at least quoteLen word tokens (stopwords included, at least two of them
// not stopwords) that occurs exactly once in the book's prose is anchored at
// that occurrence. A method hits a sentence when its aligned span lies
// within hitRadius counted tokens of the anchor and is at most maxSpan
// counted tokens long.
//
// By default the test runs a few short books and checks that the HMMs beat
// the proportional baseline; with -silver it runs the whole corpus, in
// -silver-workers goroutines, and prints the table of docs/alignment.md.
var (
	silverAll     = flag.Bool("silver", false, "run the silver test on the whole corpus and print its table")
	silverWorkers = flag.Int("silver-workers", 2, "books aligned at once by -silver")
	silverBooks   = flag.String("silver-books", "", "comma-separated corpus ids for the silver test (default: a small built-in subset)")
	silverMask    = flag.Bool("silver-mask", false, "remove the quoted words from the summary before aligning")
)

const (
	quoteLen  = 6
	hitRadius = 250
	maxSpan   = 1000
)

// silverSubset are short books with quotations, for the default test.
var silverSubset = []string{
	"the-strange-case-of-dr-jekyll-and-mr-hyde", "a-christmas-carol", "the-life-and-adventures-of-santa-claus",
}

// anchor is a quoted summary sentence and where the quote is in the book.
type anchor struct {
	sentence int   // summary sentence
	pos      int   // counted book token at or after the quotation's start
	quoted   []int // the quotation's counted tokens, indices into Summary.Words[sentence]
}

// findAnchors returns the anchored summary sentences of a pair.
func findAnchors(book, summary *text.Document, p *Pair) []anchor {
	var seed = maphash.MakeSeed()
	gram := func(ws []string) uint64 {
		var h maphash.Hash
		h.SetSeed(seed)
		for _, w := range ws {
			h.WriteString(w)
			h.WriteByte(0)
		}
		return h.Sum64()
	}
	// All prose word tokens of the book, and for each the counted token
	// at or after it.
	var words []string
	var counted []int
	next := 0 // next counted token
	for _, s := range book.Sentences {
		if s.Kind != text.Prose {
			continue
		}
		for _, t := range text.Tokens(book.Text, s.Span) {
			for next < len(p.Book.Spans) && p.Book.Spans[next].Start < t.Start {
				next++
			}
			words = append(words, t.Lower)
			counted = append(counted, next)
		}
	}
	type seen struct{ n, at int }
	grams := make(map[uint64]seen, len(words))
	for i := 0; i+quoteLen <= len(words); i++ {
		g := gram(words[i : i+quoteLen])
		s := grams[g]
		if s.n == 0 {
			s.at = i
		}
		s.n++
		grams[g] = s
	}
	var out []anchor
	for k, s := range summary.Sentences {
		if s.Kind != text.Prose {
			continue
		}
		toks := text.Tokens(summary.Text, s.Span)
		ws := make([]string, len(toks))
		for i, t := range toks {
			ws[i] = t.Lower
		}
		for i := 0; i+quoteLen <= len(ws); i++ {
			content := 0
			for _, w := range ws[i : i+quoteLen] {
				if !text.IsStopword(w) {
					content++
				}
			}
			if content < 2 {
				continue
			}
			if g := grams[gram(ws[i:i+quoteLen])]; g.n == 1 && counted[g.at] < len(p.Book.Words) {
				an := anchor{sentence: k, pos: counted[g.at]}
				c := 0 // counted tokens before token x
				for x, w := range ws[:i+quoteLen] {
					if text.IsStopword(w) {
						continue
					}
					if x >= i {
						an.quoted = append(an.quoted, c)
					}
					c++
				}
				out = append(out, an)
				break
			}
		}
	}
	return out
}

// masked returns p with the quoted words of every anchored sentence
// removed, so that the quotation no longer gives the place away.
func masked(p *Pair, anchors []anchor) *Pair {
	q := *p
	q.Summary.Words = slices.Clone(p.Summary.Words)
	for _, an := range anchors {
		var kept []int32
		for x, w := range p.Summary.Words[an.sentence] {
			if !slices.Contains(an.quoted, x) {
				kept = append(kept, w)
			}
		}
		q.Summary.Words[an.sentence] = kept
	}
	return &q
}

// distance returns how far the anchor lies from the span, 0 inside it.
func distance(iv Interval, pos int) int {
	switch {
	case pos < iv.Start:
		return iv.Start - pos
	case pos >= iv.End:
		return pos - (iv.End - 1)
	}
	return 0
}

// silverScore accumulates one method's results.
type silverScore struct {
	name      string
	anchors   int
	hits      int
	near      int // within the radius, whatever the span's length
	long      int // aligned spans longer than maxSpan
	unaligned int
	dists     []float64
	spans     []float64 // lengths of the aligned spans, in counted tokens
	cpu       time.Duration
	slowest   string
	slowCPU   time.Duration
}

func (s *silverScore) add(a *Alignment, anchors []anchor) {
	for _, an := range anchors {
		s.anchors++
		sa := a.Sentences[an.sentence]
		if !sa.Aligned {
			s.unaligned++
			s.dists = append(s.dists, math.Inf(1))
			continue
		}
		d := distance(sa.Tokens, an.pos)
		s.dists = append(s.dists, float64(d))
		s.spans = append(s.spans, float64(sa.Tokens.Len()))
		if sa.Tokens.Len() > maxSpan {
			s.long++
		}
		if d <= hitRadius {
			s.near++
			if sa.Tokens.Len() <= maxSpan {
				s.hits++
			}
		}
	}
}

func (s *silverScore) share() float64 { return float64(s.hits) / float64(max(1, s.anchors)) }

// median returns the median of x, NaN for none.
func median(x []float64) float64 {
	d := slices.Clone(x)
	sort.Float64s(d)
	if len(d) == 0 {
		return math.NaN()
	}
	return d[len(d)/2]
}

// proportional aligns summary sentence k of n to counted book token
// (k + 1/2)/n · N, a one-token span.
func proportional(p *Pair) *Alignment {
	a := newAlignment("proportional", p)
	n, N := len(p.Summary.Words), len(p.Book.Words)
	for k := range a.Sentences {
		x := min(N-1, int((float64(k)+0.5)/float64(n)*float64(N)))
		p.setSpan(&a.Sentences[k], Interval{x, x + 1}, nil)
	}
	return a
}

// silverMethods are the aligners the silver test compares.
// With all, the Token HMM's variants are compared too.
func silverMethods(th *Thesaurus, all bool) []silverMethod {
	ms := []silverMethod{
		{"Passage HMM", &PassageHMM{Seed: 1}},
		{"Token HMM", &TokenHMM{Thesaurus: th}},
	}
	if all {
		ms = append(ms,
			silverMethod{"Token HMM, literal τ", &TokenHMM{Thesaurus: th, LiteralTau: true}},
			silverMethod{"Token HMM, no synonyms", &TokenHMM{}})
	}
	return append(ms, silverMethod{"Jing (1999)", &Jing{}})
}

type silverMethod struct {
	name string
	a    Aligner
}

func TestSilver(t *testing.T) {
	dir := sharedtest.Path(t, "corpus")
	th, err := LoadThesaurus(sharedtest.Path(t, "thesaurus"))
	if err != nil {
		t.Fatal(err)
	}
	ids := silverSubset
	switch {
	case *silverBooks != "":
		ids = strings.Split(*silverBooks, ",")
	case *silverAll:
		ids = corpusIDs(t, dir)
	}
	methods := silverMethods(th, (*silverAll || *silverBooks != "") && !*silverMask)
	scores := make([]*silverScore, len(methods)+1)
	scores[0] = &silverScore{name: "proportional position"}
	for i, m := range methods {
		scores[i+1] = &silverScore{name: m.name}
	}
	var mu sync.Mutex
	work := make(chan string)
	var wg sync.WaitGroup
	for range max(1, *silverWorkers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			for id := range work {
				book, summary, p := loadDocs(t, dir, id)
				anchors := findAnchors(book, summary, p)
				if *silverMask {
					p = masked(p, anchors)
				}
				als := []*Alignment{proportional(p)}
				cpus := []time.Duration{0}
				for _, m := range methods {
					start := threadCPU()
					a, err := m.a.Align(p)
					if err != nil {
						t.Errorf("%s %s: %v", id, m.name, err)
						a = newAlignment(m.name, p)
					}
					als = append(als, a)
					cpus = append(cpus, threadCPU()-start)
				}
				mu.Lock()
				for i, a := range als {
					scores[i].add(a, anchors)
					scores[i].cpu += cpus[i]
					if cpus[i] > scores[i].slowCPU {
						scores[i].slowCPU, scores[i].slowest = cpus[i], id
					}
				}
				if *silverAll {
					t.Logf("%s: %d tokens, %d anchors", id, len(p.Book.Words), len(anchors))
				}
				mu.Unlock()
			}
		}()
	}
	for _, id := range ids {
		work <- id
	}
	close(work)
	wg.Wait()

	var b strings.Builder
	fmt.Fprintf(&b, "%d books, %d anchored summary sentences", len(ids), scores[0].anchors)
	if *silverMask {
		fmt.Fprintf(&b, ", quotations removed from the summary")
	}
	fmt.Fprintf(&b, "\n\n")
	fmt.Fprintf(&b, "| method | hits (±%d, span ≤ %d) | within ±%d, any span | span > %d | unaligned | median distance | median span | CPU per book | slowest book |\n", hitRadius, maxSpan, hitRadius, maxSpan)
	fmt.Fprintf(&b, "|---|---|---|---|---|---|---|---|---|\n")
	for _, s := range scores {
		n := float64(max(1, s.anchors))
		fmt.Fprintf(&b, "| %s | %.1f%% | %.1f%% | %.1f%% | %.1f%% | %.0f | %.0f | %.2fs | %s (%.2fs) |\n",
			s.name, 100*s.share(), 100*float64(s.near)/n, 100*float64(s.long)/n, 100*float64(s.unaligned)/n,
			median(s.dists), median(s.spans), s.cpu.Seconds()/float64(len(ids)), s.slowest, s.slowCPU.Seconds())
	}
	t.Logf("silver table:\n%s", b.String())

	if scores[0].anchors < 10 {
		t.Fatalf("only %d anchors: the corpus or the anchor rule is broken", scores[0].anchors)
	}
	base := scores[0].share()
	for _, s := range scores[1:] {
		if strings.HasPrefix(s.name, "Passage") || s.name == "Token HMM" {
			if s.share() < base+0.2 {
				t.Errorf("%s hits %.2f of anchors, not clearly above the proportional baseline's %.2f", s.name, s.share(), base)
			}
		}
	}
}

// corpusIDs returns the ids of pairs.tsv.
func corpusIDs(t *testing.T, dir string) []string {
	f, err := os.Open(filepath.Join(dir, "pairs.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ids []string
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		if !first {
			ids = append(ids, strings.SplitN(sc.Text(), "\t", 2)[0])
		}
	}
	return ids
}
