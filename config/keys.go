package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/bookalign/bookalign/internal/bounds"
)

// knownKeys is the tree of the settings' keys, as Write writes them: a
// section is a map of its keys, a setting any other value.
var knownKeys = sync.OnceValue(func() map[string]any {
	var b bytes.Buffer
	if err := Default().Write(&b); err != nil {
		panic(err) // the defaults are plain values
	}
	var doc map[string]any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		panic(err)
	}
	return doc
})

// notSettings are keys of the settings' types that a run sets itself, with
// what the user should know instead.
var notSettings = map[string]string{
	"summarizer.coverage_stopwords": "coverage extraction takes ROUGE's stopword list (--rouge-data), or NLTK's without ROUGE data",
}

// checkKeys refuses, in the JSON settings document data, what decoding it
// into Settings would let pass or resolve silently: a key that is not a
// setting's exactly (encoding/json matches keys in any case), a key given
// twice in one object (the last would win), a null (it would keep the
// value before), and a document that is not an object. It does so in
// every section. A document that is not JSON is left to the decoder to
// report.
func checkKeys(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil
	}
	if tok != json.Delim('{') {
		return fmt.Errorf("want a JSON object of settings, as bookalign config prints, not %s", describeToken(tok))
	}
	return checkObject(dec, nil, knownKeys())
}

// checkObject checks the keys of the object whose '{' dec has just read,
// the section at path whose keys are known.
func checkObject(dec *json.Decoder, path []string, known map[string]any) error {
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		name, _ := tok.(string)
		key := append(path[:len(path):len(path)], name)
		if seen[name] {
			return fmt.Errorf("setting %s given twice: give each setting once", bounds.Quote(strings.Join(key, ".")))
		}
		seen[name] = true
		sub, ok := known[name]
		if !ok {
			return unknownKey(key, known)
		}
		raw, err := peekValue(dec)
		if err != nil {
			return nil
		}
		if string(raw) == "null" {
			return fmt.Errorf("setting %s is null: give a value, or leave the key out to keep the default", bounds.Quote(strings.Join(key, ".")))
		}
		if section, isSection := sub.(map[string]any); isSection && raw[0] == '{' {
			inner := json.NewDecoder(bytes.NewReader(raw))
			_, _ = inner.Token()
			if err := checkObject(inner, key, section); err != nil {
				return err
			}
		}
	}
	return nil
}

// peekValue reads the next value of dec whole.
func peekValue(dec *json.Decoder) (json.RawMessage, error) {
	var raw json.RawMessage
	err := dec.Decode(&raw)
	return raw, err
}

// unknownKey says that the key at path is not a setting of its section,
// naming the setting it differs from only in case, or listing the
// section's keys.
func unknownKey(path []string, section map[string]any) error {
	key := strings.Join(path, ".")
	if why, ok := notSettings[key]; ok {
		return fmt.Errorf("%s is not a setting: %s", key, why)
	}
	name := path[len(path)-1]
	for k := range section {
		if strings.EqualFold(k, name) {
			return fmt.Errorf("unknown setting %s: keys are lower case, as in %q", bounds.Quote(key), strings.Join(append(path[:len(path)-1:len(path)-1], k), "."))
		}
	}
	return fmt.Errorf("unknown setting %s (known in this section: %s)", bounds.Quote(key), strings.Join(sortedKeys(section), ", "))
}

// describeToken names a JSON token for a message.
func describeToken(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		if v == '[' {
			return "a list"
		}
	case string:
		return "a string"
	case bool:
		return "true or false"
	case nil:
		return "null"
	}
	return "a number"
}
