package config

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// An autoSetting is a number setting whose 0 means "the run chooses": a
// settings file says so in words. Write prints such a 0 as the string
// "auto: MEANING", and Read takes that string, or "auto" alone, as 0, so
// that `bookalign config > f.json` and `bookalign run --config f.json`
// give the same run, and --set KEY=auto is the same as KEY=0.
type autoSetting struct {
	key     string // dotted, as --set names it
	meaning string // what 0 means, for the file and messages
}

// autoSettings are the settings whose 0 means "the run chooses".
var autoSettings = []autoSetting{
	{"lambda", "chosen on an inner split of each training set"},
	{"lambda_tolerance", "the final fit's, 1e-5"},
	{"align.iterations", "the aligners' own: Passage HMM 500 rounds, Token HMM at most 20"},
	{"align.passage_prior", "100"},
	{"summarizer.vocabulary", "10000 words"},
	{"summarizer.names", "100 names"},
}

// autoWord is the value that stands for 0 in an autoSetting.
const autoWord = "auto"

// autoOf returns the autoSetting of a dotted key, and whether it is one.
func autoOf(key string) (autoSetting, bool) {
	i := slices.IndexFunc(autoSettings, func(a autoSetting) bool { return a.key == key })
	if i < 0 {
		return autoSetting{}, false
	}
	return autoSettings[i], true
}

// printed is the string Write gives for a 0 of a: "auto: MEANING".
func (a autoSetting) printed() string { return autoWord + ": " + a.meaning }

// writeAuto returns the settings document data with the 0 of every
// autoSetting written as its printed string.
func writeAuto(data []byte) []byte {
	return rewriteValues(data, func(key string, raw []byte) ([]byte, bool) {
		a, ok := autoOf(key)
		if !ok || string(raw) != "0" {
			return nil, false
		}
		s, _ := json.Marshal(a.printed())
		return s, true
	})
}

// readAuto returns the settings document data with "auto", or the string
// Write prints, read as 0 at every autoSetting. Any other string is left
// for the decoder to refuse (decodeError names "auto" for these keys).
func readAuto(data []byte) []byte {
	return rewriteValues(data, func(key string, raw []byte) ([]byte, bool) {
		a, ok := autoOf(key)
		if !ok || len(raw) == 0 || raw[0] != '"' {
			return nil, false
		}
		var s string
		if json.Unmarshal(raw, &s) != nil || (s != autoWord && s != a.printed()) {
			return nil, false
		}
		return []byte("0"), true
	})
}

// rewriteValues returns the JSON document data with the values of the
// settings (not sections) that replace rewrites, named by their dotted
// keys, replaced by the JSON it returns; the rest of the text is kept as
// it is. A document that is not a JSON object, or not JSON, comes back
// unchanged, for the reader to report.
func rewriteValues(data []byte, replace func(key string, raw []byte) ([]byte, bool)) []byte {
	type splice struct {
		start, end int
		with       []byte
	}
	var splices []splice
	var walk func(doc []byte, base int, path []string) bool
	walk = func(doc []byte, base int, path []string) bool {
		dec := json.NewDecoder(bytes.NewReader(doc))
		if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
			return false
		}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return false
			}
			name, _ := tok.(string)
			keyEnd := int(dec.InputOffset())
			var raw json.RawMessage
			if dec.Decode(&raw) != nil {
				return false
			}
			start := keyEnd + bytes.IndexByte(doc[keyEnd:], ':') + 1
			start += len(doc[start:]) - len(bytes.TrimLeft(doc[start:], " \t\r\n"))
			key := append(path[:len(path):len(path)], name)
			if raw[0] == '{' {
				if !walk(raw, base+start, key) {
					return false
				}
			} else if with, ok := replace(strings.Join(key, "."), raw); ok {
				splices = append(splices, splice{base + start, base + start + len(raw), with})
			}
		}
		return true
	}
	if !walk(data, 0, nil) || len(splices) == 0 {
		return data
	}
	var out []byte
	last := 0
	for _, s := range splices {
		out = append(append(out, data[last:s.start]...), s.with...)
		last = s.end
	}
	return append(out, data[last:]...)
}
