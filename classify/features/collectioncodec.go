package features

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// checkStopwords checks set (Settings.Validate) and the function words
// of coverage extraction that go with it: sorted, and only with coverage.
func checkStopwords(set Settings, stop []string) error {
	if err := set.Validate(); err != nil {
		return err
	}
	if len(stop) > 0 && !set.Coverage {
		return ErrCoverageOff
	}
	if !slices.IsSorted(stop) {
		return errors.New("features: the coverage stopwords are not sorted")
	}
	return nil
}

// FunctionWeight returns the weight of a function-word hit in coverage
// extraction: Settings.CoverageFunction, or 1 without a stopword list
// (every n-gram counts alike).
func (c *Collection) FunctionWeight() float64 {
	if len(c.Stopwords) == 0 {
		return 1
	}
	return c.Settings.CoverageFunction
}

// collectionFields are the fields of a Collection, without its JSON
// methods.
type collectionFields Collection

// stopwordsKey is the key of the stopwords in a saved collection's
// settings, and functionKey the key they come before.
const (
	stopwordsKey = `"coverage_stopwords":`
	functionKey  = `"coverage_function":`
)

// MarshalJSON writes c with its stopwords inside its settings object, as
// coverage_stopwords before coverage_function (the format of saved
// models): the stopwords are data a run gives beside the settings, but a
// model must summarize with the list it was trained with.
func (c *Collection) MarshalJSON() ([]byte, error) {
	all, err := json.Marshal((*collectionFields)(c))
	if err != nil {
		return nil, err
	}
	settings, err := json.Marshal(c.Settings)
	if err != nil {
		return nil, err
	}
	prefix := append([]byte(`{"settings":`), settings...)
	if !bytes.HasPrefix(all, prefix) {
		return nil, fmt.Errorf("features: a collection's JSON does not begin with its settings")
	}
	if len(c.Stopwords) == 0 {
		return all, nil
	}
	stop, err := json.Marshal(c.Stopwords)
	if err != nil {
		return nil, err
	}
	field := append([]byte(stopwordsKey), stop...)
	var saved []byte
	if i := bytes.Index(settings, []byte(functionKey)); i >= 0 {
		saved = slices.Concat(settings[:i], field, []byte{','}, settings[i:])
	} else {
		end := len(settings) - 1 // the closing brace
		sep := []byte{','}
		if end == 1 {
			sep = nil
		}
		saved = slices.Concat(settings[:end], sep, field, settings[end:])
	}
	return slices.Concat([]byte(`{"settings":`), saved, all[len(prefix):]), nil
}

// UnmarshalJSON reads a collection that MarshalJSON wrote; unknown keys
// are errors.
func (c *Collection) UnmarshalJSON(data []byte) error {
	saved := struct {
		*collectionFields
		Settings struct {
			Settings
			Stopwords []string `json:"coverage_stopwords"`
		} `json:"settings"`
	}{collectionFields: (*collectionFields)(c)}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&saved); err != nil {
		return err
	}
	c.Settings, c.Stopwords = saved.Settings.Settings, saved.Settings.Stopwords
	return nil
}
