package browsertest

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// CheckIndex checks a report's index page: the results table (the first)
// has a row per method (methods < 0: at least one), every figure is an image that loaded,
// and sorting the books table by a method's ROUGE-1 orders it.
func CheckIndex(t *testing.T, p *Page, methods int) {
	t.Helper()
	var ix struct {
		Rows, Images, Broken, Books int
		Sorted                      bool
	}
	p.EvalInto(t, `(() => {
		const imgs = [...document.querySelectorAll('.figures img')];
		return {
			Rows: document.querySelectorAll('table.results')[0]?.tBodies[0].rows.length ?? 0,
			Images: imgs.length,
			Broken: imgs.filter(i => !i.complete || i.naturalWidth === 0).length,
			Books: document.querySelectorAll('#books tbody tr').length,
		};
	})()`, &ix)
	if methods >= 0 && ix.Rows != methods || ix.Rows == 0 {
		t.Errorf("index: %d rows in the results table, want %d", ix.Rows, methods)
	}
	if ix.Images < 2 || ix.Broken > 0 {
		t.Errorf("index: %d figures, %d broken; want at least the ROUGE chart and Figure 1", ix.Images, ix.Broken)
	}
	if ix.Books == 0 {
		t.Fatal("index: no books listed")
	}
	for _, desc := range []bool{true, false} {
		p.Click(t, `#books button[data-sort="1"]`)
		var order []float64
		p.EvalInto(t, `[...document.querySelectorAll('#books tbody tr')].map(r => Number(r.cells[1].dataset.value))`, &order)
		for i := 1; i < len(order); i++ {
			if desc && order[i] > order[i-1] || !desc && order[i] < order[i-1] {
				t.Errorf("index: books not sorted (descending %v) by the first method's ROUGE-1: %v", desc, order)
				break
			}
		}
	}
}

// bookState is what the page shows after a summary sentence was selected.
type bookState struct {
	Current  string
	Aligners []string
	// Want[i] is aligner i's span of the sentence (nil: not aligned), Got[i]
	// the ranges of its highlight.
	Want [][]int
	Got  [][][]int
	// InView[i] says whether the start of aligner i's highlight is inside
	// the book's visible area.
	InView []bool
}

const stateJS = `(() => {
	const data = JSON.parse(document.getElementById('page-data').textContent);
	const cur = document.querySelector('.sentence[aria-current="true"]');
	const k = cur ? Number(cur.dataset.index) : -1;
	const book = document.getElementById('book');
	const box = book.getBoundingClientRect();
	// at is the offset in the whole book text of a point of a range.
	const at = (node, offset) => { const r = document.createRange(); r.setStart(book, 0); r.setEnd(node, offset); return r.toString().length; };
	const s = {Current: cur ? cur.dataset.index : '', Aligners: data.aligners, Want: [], Got: [], InView: []};
	data.aligners.forEach((m, i) => {
		s.Want.push(k >= 0 ? data.align[k][i] : null);
		const h = CSS.highlights.get('align-' + m);
		const ranges = h ? [...h] : [];
		s.Got.push(ranges.map(r => [at(r.startContainer, r.startOffset), at(r.endContainer, r.endOffset)]));
		const rect = ranges.length ? ranges[0].getClientRects()[0] : null;
		s.InView.push(!!rect && rect.bottom > box.top && rect.top < box.bottom);
	});
	return s;
})()`

// CheckBook checks a book page: one minimap mark per summary sentence and
// aligner; clicking each summary sentence highlights every aligner's passage
// at the offsets the page holds, and clicking an aligner's confidence
// scrolls its passage into view; j and k move between sentences; a picked
// summary can be marked in the book. aligners is the number of aligners the
// page must show.
func CheckBook(t *testing.T, p *Page, aligners int) {
	t.Helper()
	var page struct{ Sentences, Aligners, Marks, Lanes int }
	p.EvalInto(t, `(() => {
		const data = JSON.parse(document.getElementById('page-data').textContent);
		return {
			Sentences: document.querySelectorAll('#sentences .sentence').length,
			Aligners: data.aligners.length,
			Marks: document.querySelectorAll('.minimap .mark').length,
			Lanes: [...document.querySelectorAll('.minimap .lane:not(.pick-lane)')].filter(l =>
				new Set([...l.querySelectorAll('.mark')].map(m => m.dataset.sentence)).size === l.querySelectorAll('.mark').length).length,
		};
	})()`, &page)
	if page.Sentences == 0 || page.Aligners != aligners {
		t.Fatalf("%v: %d summary sentences, %d aligners (want %d)", p, page.Sentences, page.Aligners, aligners)
	}
	if page.Marks != page.Sentences*page.Aligners || page.Lanes != page.Aligners {
		t.Errorf("%v: minimap has %d marks in %d lanes of distinct sentences, want %d×%d in %d", p, page.Marks, page.Lanes, page.Sentences, page.Aligners, page.Aligners)
	}
	aligned := make([]int, page.Aligners)
	for k := range page.Sentences {
		p.Click(t, fmt.Sprintf("#s%d .text", k))
		var st bookState
		p.EvalInto(t, stateJS, &st)
		if st.Current != fmt.Sprint(k) {
			t.Fatalf("%v: clicked sentence %d, current is %q", p, k, st.Current)
		}
		for i, m := range st.Aligners {
			want := st.Want[i]
			if want == nil {
				if len(st.Got[i]) != 0 {
					t.Errorf("%v: sentence %d is not aligned by %s but %v is highlighted", p, k, m, st.Got[i])
				}
				continue
			}
			aligned[i]++
			if len(st.Got[i]) != 1 || st.Got[i][0][0] != want[0] || st.Got[i][0][1] != want[1] {
				t.Errorf("%v: sentence %d, %s: highlighted %v, want [%v]", p, k, m, st.Got[i], want)
			}
			p.Click(t, fmt.Sprintf(`#s%d button.verdict[data-method="%s"]`, k, m))
			p.EvalInto(t, stateJS, &st)
			if !st.InView[i] {
				t.Errorf("%v: sentence %d, %s: the highlighted passage is not scrolled into view", p, k, m)
			}
		}
	}
	for i, n := range aligned {
		if n == 0 {
			t.Errorf("%v: aligner %d aligned no summary sentence", p, i)
		}
	}

	// Keyboard: j and k step through the sentences.
	p.Click(t, "#s0 .text")
	p.Key(t, "j")
	var st bookState
	if p.EvalInto(t, stateJS, &st); page.Sentences > 1 && st.Current != "1" {
		t.Errorf("%v: after j the current sentence is %q, want 1", p, st.Current)
	}
	p.Key(t, "k")
	if p.EvalInto(t, stateJS, &st); st.Current != "0" {
		t.Errorf("%v: after k the current sentence is %q, want 0", p, st.Current)
	}

	// Marking a generated summary's sentences in the book.
	var picks struct {
		Method    string
		Want, Got int
	}
	p.EvalInto(t, `(() => {
		const box = document.querySelector('.pick-toggle');
		if (!box) return {Method: '', Want: 0, Got: 0};
		box.click();
		const data = JSON.parse(document.getElementById('page-data').textContent);
		const h = CSS.highlights.get('pick-' + box.value);
		return {Method: box.value, Want: (data.picked[box.value] || []).length, Got: h ? h.size : 0};
	})()`, &picks)
	if picks.Method == "" || picks.Want == 0 || picks.Got != picks.Want {
		t.Errorf("%v: marking %q's picks highlighted %d spans, want %d (> 0)", p, picks.Method, picks.Got, picks.Want)
	}
}

// ScrollTiming scrolls the book of a book page from top to bottom in steps,
// one per animation frame, and returns the mean and the longest frame in
// milliseconds: a page that scrolls smoothly keeps both near 16.7 ms (60
// frames a second).
func ScrollTiming(t *testing.T, p *Page, steps int) (mean, longest float64) {
	t.Helper()
	var r struct{ Mean, Max float64 }
	raw, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]byte](fmt.Sprintf(`new Promise(resolve => {
		const book = document.getElementById('book');
		const steps = %d, times = [];
		let i = 0, last = performance.now();
		function step(now) {
			times.push(now - last);
			last = now;
			if (i++ === steps) {
				times.shift();
				resolve({Mean: times.reduce((a, b) => a + b, 0) / times.length, Max: Math.max(...times)});
				return;
			}
			book.scrollTop = (book.scrollHeight - book.clientHeight) * i / steps;
			requestAnimationFrame(step);
		}
		requestAnimationFrame(step);
	})`, steps), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%v: scrolling: %v", p, err)
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	return r.Mean, r.Max
}
