package transforms

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/corpus"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
)

// TestBaselinesFn checks that each baseline method runs its summarizer,
// that an unknown method rejects the pair at the baselines stage with
// nothing emitted, and that the content oracle without ROUGE's stopwords,
// or a pair that was not prepared, fails the bundle.
func TestBaselinesFn(t *testing.T) {
	ctx := context.Background()
	pt := baselinePair(t)
	const words = 30
	withScorers := &baselinesFn{Options: BaselineOptions{Words: words, Seed: 3}}
	if err := withScorers.Setup(ctx); err != nil {
		t.Fatal(err)
	}
	lex, err := extract.LexRank(pt.Prepared, words)
	if err != nil {
		t.Fatal(err)
	}
	textRank, err := extract.TextRank(pt.Prepared, words)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(lex, textRank) || reflect.DeepEqual(extract.Random(pt.Prepared, 3, words), extract.Random(pt.Prepared, 4, words)) {
		t.Fatal("the test book does not tell LexRank from TextRank, or one seed from another")
	}
	oracle, err := extract.Oracle(pt.Book, pt.Prepared, pt.Summary.Text, withScorers.scorer, words)
	if err != nil {
		t.Fatal(err)
	}
	unprepared := pt
	unprepared.Prepared = nil
	tests := []struct {
		name    string
		methods []string
		fn      *baselinesFn // nil: one without scorers
		pair    *PairText    // nil: pt
		want    []Candidate
		reject  *Reject
		wantErr error
	}{
		{name: "every method without scorers",
			methods: []string{evaluate.MethodNames, evaluate.MethodRandom, evaluate.MethodLexRank, evaluate.MethodTextRank},
			want: []Candidate{
				newCandidate(pt, evaluate.MethodNames, extract.Names(pt.Prepared, words)),
				newCandidate(pt, evaluate.MethodRandom, extract.Random(pt.Prepared, 3, words)),
				newCandidate(pt, evaluate.MethodLexRank, lex),
				newCandidate(pt, evaluate.MethodTextRank, textRank),
			}},
		{name: "oracle", methods: []string{evaluate.MethodOracle}, fn: withScorers,
			want: []Candidate{newCandidate(pt, evaluate.MethodOracle, oracle)}},
		{name: "unknown method after a known one", methods: []string{evaluate.MethodNames, "bogus"},
			reject: &Reject{ID: "carol", Row: 7, Stage: "baselines", Reason: "bogus: unknown baseline"}},
		{name: "content oracle without stopwords", methods: []string{evaluate.MethodOracleContent}, wantErr: rouge.ErrNoStopwords},
		{name: "unprepared pair", methods: []string{evaluate.MethodNames}, pair: &unprepared, wantErr: errAny},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := tt.fn
			if f == nil {
				f = &baselinesFn{Options: BaselineOptions{Words: words, Seed: 3}}
			}
			f.Options.Methods = tt.methods
			in := pt
			if tt.pair != nil {
				in = *tt.pair
			}
			var got []Candidate
			var rejects []Reject
			err := f.ProcessElement(ctx, in, func(c Candidate) { got = append(got, c) }, func(r Reject) { rejects = append(rejects, r) })
			switch {
			case tt.wantErr == errAny && err == nil, tt.wantErr != errAny && !errors.Is(err, tt.wantErr):
				t.Fatalf("error %v, want %v", err, tt.wantErr)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("candidates %+v, want %+v", got, tt.want)
			}
			var want []Reject
			if tt.reject != nil {
				want = []Reject{*tt.reject}
			}
			if !reflect.DeepEqual(rejects, want) {
				t.Errorf("rejects %+v, want %+v", rejects, want)
			}
		})
	}
}

// baselinePair returns a prepared pair whose book is long enough for the
// baselines to pick differently.
func baselinePair(t *testing.T) PairText {
	t.Helper()
	book, err := text.ParseBook(`Marley was dead to begin with. Scrooge signed the register of his burial.
Old Marley was as dead as a door-nail. Scrooge knew he was dead, of course.

The fog came pouring in at every chink and keyhole. Bob Cratchit warmed his hands at the candle.
The clerk in the tank smote his hands together. Scrooge's nephew came in with a cheerful voice.

A merry Christmas, uncle, cried the nephew. Bah, said Scrooge, humbug. The bells of the church
struck the hour. Scrooge took his melancholy dinner in his usual melancholy tavern. Marley's face
looked at Scrooge from the knocker. The ghost of Marley walked through the heavy door.

The spirit showed Scrooge the school where he had been a lonely boy. Fezziwig danced with his wife at
the Christmas ball. Belle released Scrooge from his promise in a mourning dress.
`)
	if err != nil {
		t.Fatal(err)
	}
	summary, err := text.ParseSummary("Scrooge is visited by the ghost of Marley. The spirits show him Christmas past.")
	if err != nil {
		t.Fatal(err)
	}
	pt := PairText{Pair: corpus.Pair{ID: "carol", Row: 7}, Book: book, Summary: summary}
	return prepare(pt)
}

// errAny stands for any error in a test table.
var errAny = errors.New("any error")
