package classify

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/bookalign/bookalign/classify/coverage"
)

// FormatVersion names the format of a model file; ReadModel accepts no
// other.
const FormatVersion = "bookalign-classify/1"

// Errors of reading a model.
var (
	// ErrFormat means the file is not a model of FormatVersion.
	ErrFormat = errors.New("classify: not a model file of format " + FormatVersion)
	// ErrModel means the file is a model of the right format but is not
	// consistent: its features do not match its collection, a weight is not
	// finite, and so on.
	ErrModel = errors.New("classify: invalid model")
)

// A Model is a trained summarizer: the collection that defines its features
// and one weight per feature. It holds everything needed to summarize a new
// book, and is saved as JSON (WriteJSON, ReadModel):
//
//	{"format": "bookalign-classify/1", "collection": {"settings": {…},
//	 "ids": […], "vocabulary": […], "df": {"word": n, …}}, "lambda": 1e-05,
//	 "criterion": "logloss", "selection": […], "training": {…}, "bias": -3.9,
//	 "features": ["DECILE_0", …], "weights": [0.41, …]}
type Model struct {
	// Format is FormatVersion.
	Format string `json:"format"`
	// Collection defines the features.
	Collection *Collection `json:"collection"`
	// Lambda is the regularisation strength the weights were fitted with.
	Lambda float64 `json:"lambda"`
	// LambdaNote says why Lambda was not chosen on held-out books when a
	// Trainer had to fall back to a fixed one (too few books).
	LambdaNote string `json:"lambda_note,omitempty"`
	// Criterion is how lambda was chosen (Criterion.String).
	Criterion string `json:"criterion"`
	// Selection holds each candidate lambda's held-out score, when lambda
	// was chosen on an inner split.
	Selection []Selection `json:"selection,omitempty"`
	// Training describes the training data.
	Training Training `json:"training"`
	// Bias is the intercept b.
	Bias float64 `json:"bias"`
	// Features are the names of the features (Collection.FeatureNames) and
	// Weights their weights w.
	Features []string  `json:"features"`
	Weights  []float64 `json:"weights"`
	// Coverage is the coverage model of extraction with
	// Settings.Coverage (package coverage); nil otherwise.
	Coverage *coverage.Model `json:"coverage,omitempty"`
}

// Training describes the data a model was fitted to.
type Training struct {
	Books      int `json:"books"`
	Sentences  int `json:"sentences"`
	Positives  int `json:"positives"`
	Iterations int `json:"iterations"`
}

// Scores returns the log-odds that each row of b is in the summary,
//
//	z_i = b + sum_{j in x_i} w_j,
//
// the features x_i coming from m.Collection.Featurize. The probability is
// sigma(z_i) = 1 / (1 + exp(-z_i)); ranking by z_i is ranking by it, without
// the ties that rounding the probability to 1 would make.
func (m *Model) Scores(b *Book) []float64 {
	return logits(m.Weights, m.Bias, m.Collection.featurizeRows(b))
}

// Logits returns the log-odds of each row of f, features of a book made
// with m.Collection.Featurize (Scores without featurizing again).
func (m *Model) Logits(f *Features) []float64 {
	return logits(m.Weights, m.Bias, f)
}

// Summarize returns the summary of the book p within budget words, in book
// order: the document sentence indices of the rows coverage extraction
// picks with Settings.Coverage (coverage.Book.Extract), else of the rows
// Extract picks by Logits, the paper's rule. The book is prepared under
// m.Collection (m.Collection.Prepare), once for all the models trained on
// one training set, which share it; a book prepared under another
// collection is prepared again. A book without a term view (not made by
// NewBook) is ranked by probability. A book to summarize that is not one of
// the training books must have an ID outside m.Collection.IDs, or its IDF
// would leave out the training book of that ID.
func (m *Model) Summarize(p *Prepared, budget int) []int {
	if p.c != m.Collection {
		p = m.Collection.Prepare(p.b, p.g)
	}
	if cb := m.coverageBook(p); cb != nil {
		return rowsToSentences(p.b, cb.Extract(budget, m.CoverageOptions()))
	}
	return p.b.Extract(m.Logits(p.rows), budget)
}

// WriteJSON writes m as indented JSON. The output depends only on m.
func (m *Model) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ReadModel reads a model written by WriteJSON and checks it: the format,
// that the feature names are those its collection defines, that every
// number is finite and every document frequency lies in [1, books]. The
// error wraps ErrFormat or ErrModel, or is the JSON decoder's.
func ReadModel(r io.Reader) (*Model, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var probe struct {
		Format string `json:"format"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, err
	}
	if probe.Format != FormatVersion {
		return nil, fmt.Errorf("%w (format %q)", ErrFormat, probe.Format)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	m := new(Model)
	if err := dec.Decode(m); err != nil {
		return nil, err
	}
	if err := m.validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrModel, err)
	}
	return m, nil
}

// validate checks that m is consistent.
func (m *Model) validate() error {
	c := m.Collection
	if c == nil {
		return errors.New("no collection")
	}
	s := c.Settings
	if s.Vocabulary < 0 || s.Names < 0 {
		return errors.New("negative setting")
	}
	if len(c.IDs) == 0 {
		return errors.New("no training books")
	}
	for i := 1; i < len(c.IDs); i++ {
		if c.IDs[i] <= c.IDs[i-1] {
			return errors.New("training book ids not sorted and distinct")
		}
	}
	if len(c.Vocabulary) > s.vocabulary() {
		return errors.New("vocabulary larger than its setting")
	}
	seen := make(map[string]bool, len(c.Vocabulary))
	for _, w := range c.Vocabulary {
		if seen[w] {
			return fmt.Errorf("vocabulary word %q repeated", w)
		}
		seen[w] = true
	}
	for w, df := range c.DF {
		if df < 1 || int(df) > len(c.IDs) {
			return fmt.Errorf("document frequency %d of %q out of range", df, w)
		}
	}
	for w, n := range c.Summaries {
		if n < 1 || n > c.DF[w] {
			return fmt.Errorf("summary count %d of %q out of range", n, w)
		}
	}
	l := c.layout()
	if s.names() > MaxNames || len(m.Features) != l.dim() || len(m.Weights) != l.dim() {
		return fmt.Errorf("%d features and %d weights for %d features", len(m.Features), len(m.Weights), l.dim())
	}
	if !slices.Equal(m.Features, c.FeatureNames()) {
		return errors.New("feature names do not match the collection")
	}
	for _, x := range append([]float64{m.Bias, m.Lambda}, m.Weights...) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return errors.New("number not finite")
		}
	}
	if m.Lambda < 0 {
		return errors.New("negative lambda")
	}
	if err := checkStopwords(s, c.Stopwords); err != nil {
		return err
	}
	if s.Coverage != (m.Coverage != nil) || s.Coverage != (c.Coverage != nil) {
		return errors.New("coverage model and statistics must go with Settings.Coverage")
	}
	if s.Coverage {
		if err := m.Coverage.Validate(); err != nil {
			return err
		}
		if err := c.Coverage.Validate(len(c.IDs)); err != nil {
			return err
		}
		if plot, _ := s.plot(); c.Coverage.Plot != plot {
			return errors.New("the coverage statistics' plot properties are not Settings.CoveragePlot")
		}
	}
	return nil
}
