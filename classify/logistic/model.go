package logistic

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
	"github.com/bookalign/bookalign/classify/extract"
	"github.com/bookalign/bookalign/classify/features"
)

// FormatVersion names the format of a model file; ReadModel accepts no
// other.
const FormatVersion = "bookalign-classify/1"

// Errors of reading a model.
var (
	// ErrFormat means the file is not a model of FormatVersion.
	ErrFormat = errors.New("logistic: not a model file of format " + FormatVersion)
	// ErrModel means the file is a model of the right format but is not
	// consistent: its features do not match its collection, a weight is not
	// finite, and so on.
	ErrModel = errors.New("logistic: invalid model")
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
	Collection *features.Collection `json:"collection"`
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
	// features.Settings.Coverage (package coverage); nil otherwise.
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
func (m *Model) Scores(b *classify.Book) []float64 {
	return logits(m.Weights, m.Bias, m.Collection.Prepare(b, nil).Rows())
}

// Logits returns the log-odds of each row of f, features of a book made
// with m.Collection.Featurize (Scores without featurizing again).
func (m *Model) Logits(f *features.Features) []float64 {
	return logits(m.Weights, m.Bias, f)
}

// Summarize returns the summary of the book p within budget words, in book
// order: the document sentence indices of the rows coverage extraction
// picks with features.Settings.Coverage (coverage.Book.Extract), else of the rows
// extract.Top picks by Logits, the paper's rule. The book is prepared under
// m.Collection (m.Collection.Prepare), once for all the models trained on
// one training set, which share it; a book prepared under another
// collection is prepared again. A book without a term view (not made by
// classify.NewBook) is ranked by probability. A book to summarize that is not one of
// the training books must have an ID outside m.Collection.IDs, or its IDF
// would leave out the training book of that ID.
func (m *Model) Summarize(p *features.Prepared, budget int) []int {
	p = p.Under(m.Collection)
	if cb := m.coverageBook(p); cb != nil {
		return extract.Sentences(p.Book(), cb.Extract(budget, m.CoverageOptions()))
	}
	return extract.Top(p.Book(), m.Logits(p.Rows()), budget)
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

// validate checks that m is consistent: its collection
// (features.Collection.Validate), then its features, weights and coverage
// model against it.
func (m *Model) validate() error {
	c := m.Collection
	if c == nil {
		return errors.New("no collection")
	}
	if err := c.Validate(); err != nil {
		return err
	}
	dim := c.Dim()
	if len(m.Features) != dim || len(m.Weights) != dim {
		return fmt.Errorf("%d features and %d weights for %d features", len(m.Features), len(m.Weights), dim)
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
	if c.Settings.Coverage != (m.Coverage != nil) {
		return errors.New("coverage model and statistics must go with Settings.Coverage")
	}
	if m.Coverage != nil {
		return m.Coverage.Validate()
	}
	return nil
}
