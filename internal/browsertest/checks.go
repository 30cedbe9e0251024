package browsertest

import (
	"encoding/json"
	"fmt"
	"slices"
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
// summary can be marked in the book; and every method has a colour of its
// own (CheckMethods, whose methods it returns). aligners is the number of
// aligners the page must show.
func CheckBook(t *testing.T, p *Page, aligners int) []string {
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
	return CheckMethods(t, p)
}

// methodState is what a book page shows of one method: Colour is the
// computed colour of its swatches (every one the same, else Colours lists
// them), Fallback says it is the grey of a method without a colour.
// Marks counts its minimap lane's marks that are painted in Colour and
// have a size, of Want (its aligned sentences for an aligner's lane, its
// picked spans for a summary's). Align and Pick are the colours the book's
// text shows its passage highlight and its summary's underline in ("" for
// none); Marked and Unmarked the spans its check box highlights when ticked
// and then cleared, of Picked.
type methodState struct {
	Method, Colour   string
	Colours          []string
	Fallback         bool
	Lanes            []laneState
	Align, Pick      string
	Box              bool
	Marked, Unmarked int
	Picked           int
}

type laneState struct {
	Pick              bool
	Marks, Want, Seen int
}

// methodsJS gathers a methodState for each method a book page names (any
// element with an m-<method> class).
const methodsJS = `(() => {
	const data = JSON.parse(document.getElementById('page-data').textContent);
	const names = new Set();
	document.querySelectorAll('[class*="m-"]').forEach(e => e.classList.forEach(c => { if (c.startsWith('m-')) names.add(c.slice(2)); }));
	// opaque is a computed colour without its alpha, "" if it is transparent.
	const opaque = c => { const m = c.match(/^rgba\((\d+), (\d+), (\d+), ([0-9.]+)\)$/); return !m ? c : Number(m[4]) > 0 ? 'rgb(' + m[1] + ', ' + m[2] + ', ' + m[3] + ')' : ''; };
	const probe = document.body.appendChild(document.createElement('span'));
	probe.className = 'swatch m-browsertest-no-such-method';
	const fallback = getComputedStyle(probe).backgroundColor;
	probe.remove();
	// How the book's text shows a highlight.
	const book = document.getElementById('book');
	const highlight = name => getComputedStyle(book, '::highlight(' + name + ')');
	const out = [...names].map(m => {
		const cls = CSS.escape('m-' + m), mi = data.aligners.indexOf(m);
		const colours = [...new Set([...document.querySelectorAll('.swatch.' + cls)].map(e => getComputedStyle(e).backgroundColor))];
		const colour = colours.length === 1 ? colours[0] : '';
		const lanes = [...document.querySelectorAll('.minimap .lane.' + cls)].map(l => {
			const pick = l.classList.contains('pick-lane');
			const marks = [...l.querySelectorAll(pick ? '.pick-mark' : '.mark:not(.unaligned)')];
			return {
				Pick: pick, Seen: marks.length,
				Marks: marks.filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && opaque(getComputedStyle(e).backgroundColor) === colour; }).length,
				Want: pick ? (data.picked[m] || []).length : data.align.filter(a => mi >= 0 && a[mi]).length,
			};
		});
		const pick = highlight('pick-' + m);
		const s = {Method: m, Colour: colour, Colours: colours, Fallback: colour === fallback, Lanes: lanes,
			Align: opaque(highlight('align-' + m).backgroundColor),
			Pick: pick.textDecorationLine.includes('underline') ? opaque(pick.textDecorationColor) : '',
			Picked: (data.picked[m] || []).length};
		const box = document.querySelector('.pick-toggle[value="' + CSS.escape(m) + '"]');
		if (box) {
			s.Box = true;
			const was = box.checked;
			if (was) box.click();
			box.click();
			s.Marked = CSS.highlights.get('pick-' + m)?.size ?? 0;
			box.click();
			s.Unmarked = CSS.highlights.get('pick-' + m)?.size ?? 0;
			if (was) box.click();
		}
		return s;
	});
	return out;
})()`

// CheckMethods checks that every method a book page names has a colour of
// its own: its swatches share one colour, which is not the grey of a
// method without one and is no other method's; its minimap lanes (an
// aligner's and its summary's) exist and paint each mark in that colour;
// an aligner's passage highlight and its summary's underline are painted in
// it; and its check box highlights the summary's picked spans when ticked
// and clears them when cleared. It returns the methods it checked.
func CheckMethods(t *testing.T, p *Page) []string {
	t.Helper()
	var states []methodState
	p.EvalInto(t, methodsJS, &states)
	var aligners []string
	p.EvalInto(t, `JSON.parse(document.getElementById('page-data').textContent).aligners`, &aligners)
	owner := map[string]string{}
	var names []string
	for _, s := range states {
		m := s.Method
		names = append(names, m)
		switch {
		case s.Colour == "":
			t.Errorf("%v: %s: swatches of %d colours %v, want one", p, m, len(s.Colours), s.Colours)
			continue
		case s.Fallback:
			t.Errorf("%v: %s has no colour of its own: its swatch is the fallback %s", p, m, s.Colour)
		case owner[s.Colour] != "":
			t.Errorf("%v: %s and %s share the colour %s", p, owner[s.Colour], m, s.Colour)
		}
		owner[s.Colour] = m
		aligner := slices.Contains(aligners, m)
		wantLanes := 0
		if aligner {
			wantLanes++
			if s.Align != s.Colour {
				t.Errorf("%v: %s's passage highlight is painted %q, want its colour %s", p, m, s.Align, s.Colour)
			}
		}
		if s.Box {
			wantLanes++
			if s.Pick != s.Colour {
				t.Errorf("%v: %s's picked sentences are underlined in %q, want its colour %s", p, m, s.Pick, s.Colour)
			}
			if s.Marked != s.Picked || s.Picked == 0 || s.Unmarked != 0 {
				t.Errorf("%v: %s's check box marked %d spans and left %d when cleared, want %d (> 0) and 0", p, m, s.Marked, s.Unmarked, s.Picked)
			}
		}
		if len(s.Lanes) != wantLanes {
			t.Errorf("%v: %s has %d minimap lanes, want %d (aligner %v, summary %v)", p, m, len(s.Lanes), wantLanes, aligner, s.Box)
		}
		for _, l := range s.Lanes {
			if l.Want == 0 || l.Seen != l.Want || l.Marks != l.Want {
				t.Errorf("%v: %s's minimap lane (summary %v) has %d marks, %d of them drawn in %s, want %d (> 0)", p, m, l.Pick, l.Seen, l.Marks, s.Colour, l.Want)
			}
		}
	}
	if len(states) == 0 {
		t.Errorf("%v: no method named on the page", p)
	}
	return names
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
