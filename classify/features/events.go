package features

import (
	"math"
	"strconv"

	"github.com/bookalign/bookalign/classify"
)

// The event-word features (Settings.Events): from the training pairs,
// each word w gets the smoothed log-ratio
//
//	event(w) = log((S_w + a p0) / (B_w + a)) - log p0,
//
// where B_w is the number of training books holding w (Collection.DF),
// S_w the number of them whose summary holds it too (Collection.Summaries),
// p0 the pooled rate sum S / sum B over all words that are not stopwords,
// and a = eventPrior books. A training book leaves itself out of B_w and
// S_w, as IDF does. A row's features are then
//
//   - EVENTS>=k, k = 1, 2, 3, 5: the row holds k distinct words of
//     event(w) >= eventWordScore (e ≈ 2.7 times the base rate);
//   - EVENT_MAX>=t, t = 0.5, 1, 1.5, 2: the highest event(w) of the row;
//   - EVENT_MEAN>=t, t = 0, 0.25, 0.5: the mean event(w) of the row,
//
// over the distinct words of the row that are not stopwords and that some
// other training book holds.
var (
	eventCountTops = [...]int{1, 2, 3, 5}
	eventMaxTops   = [...]float64{0.5, 1, 1.5, 2}
	eventMeanTops  = [...]float64{0, 0.25, 0.5}
)

const (
	// eventPrior is a, the weight in books of the base rate in event(w).
	eventPrior = 10.0
	// eventWordScore is the event(w) of an event word (EVENTS>=k).
	eventWordScore = 1.0

	eventFeatures = len(eventCountTops) + len(eventMaxTops) + len(eventMeanTops)
)

// EventBase returns p0, the share of (training book, word) pairs whose
// summary holds the word, over the words that are not stopwords; 0 when no
// summary was counted.
func (c *Collection) EventBase() float64 {
	c.baseOnce.Do(func() {
		var s, b float64
		for w, df := range c.DF {
			b += float64(df)
			s += float64(c.Summaries[w])
		}
		if b > 0 {
			c.base = s / b
		}
	})
	return c.base
}

// eventScores returns event(w) of every word of b, whose statistics are
// stats (Collection.wordIndex), leaving b's own summary out when self, and
// NaN for stopwords and for words no other training book holds (or every
// word when no summary was counted).
func (c *Collection) eventScores(b *classify.Book, stats []wordStats, self bool) []float64 {
	out := make([]float64, len(b.Words))
	p0 := c.EventBase()
	for k := range b.Words {
		out[k] = math.NaN()
		if p0 <= 0 || p0 >= 1 || stats[k].stop {
			continue
		}
		df, s := stats[k].df, stats[k].summaries
		if self {
			df--
			if k < len(b.InSummary) && b.InSummary[k] {
				s--
			}
		}
		if df <= 0 {
			continue
		}
		s = min(max(s, 0), df)
		out[k] = math.Log((float64(s)+eventPrior*p0)/(float64(df)+eventPrior)) - math.Log(p0)
	}
	return out
}

// eventRow is what Featurize learns of a row's event words.
type eventRow struct {
	words    int     // distinct words with event(w) >= eventWordScore
	n        int     // distinct words with a score
	max, sum float64 // of their scores
}

func (e *eventRow) add(score float64) {
	if math.IsNaN(score) {
		return
	}
	if e.n == 0 || score > e.max {
		e.max = score
	}
	e.n++
	e.sum += score
	if score >= eventWordScore {
		e.words++
	}
}

// appendEvents appends the active event features of a row, the first at
// index at.
func appendEvents(idx []int32, at int32, e eventRow) []int32 {
	for t, k := range eventCountTops {
		if e.words >= k {
			idx = append(idx, at+int32(t))
		}
	}
	at += int32(len(eventCountTops))
	if e.n > 0 {
		for t, x := range eventMaxTops {
			if e.max >= x {
				idx = append(idx, at+int32(t))
			}
		}
		at += int32(len(eventMaxTops))
		mean := e.sum / float64(e.n)
		for t, x := range eventMeanTops {
			if mean >= x {
				idx = append(idx, at+int32(t))
			}
		}
	}
	return idx
}

func eventNames() []string {
	var out []string
	for _, k := range eventCountTops {
		out = append(out, "EVENTS>="+strconv.Itoa(k))
	}
	for _, x := range eventMaxTops {
		out = append(out, "EVENT_MAX>="+strconv.FormatFloat(x, 'g', -1, 64))
	}
	for _, x := range eventMeanTops {
		out = append(out, "EVENT_MEAN>="+strconv.FormatFloat(x, 'g', -1, 64))
	}
	return out
}
