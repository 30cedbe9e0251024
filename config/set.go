package config

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Set returns s with one setting changed, named by its JSON key, dotted
// into sections ("lambda", "align.iterations", "summarizer.coverage"), as
// `bookalign run --set KEY=VALUE` gives it. The value is JSON ("0.5",
// "true", "[\"passage\"]"); a value that is not JSON is a string, or, for a
// list, its comma-separated items ("passage,jing"). An unknown key is an
// error that lists the known keys of its section. Errors name the key but
// not the flag: the caller says which --set.
func (s Settings) Set(key, value string) (Settings, error) {
	var doc map[string]any
	var b bytes.Buffer
	if err := s.Write(&b); err != nil {
		return Settings{}, err
	}
	dec := json.NewDecoder(&b)
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return Settings{}, err
	}
	path := strings.Split(key, ".")
	section := doc
	for i, name := range path {
		old, ok := section[name]
		if !ok {
			return Settings{}, unknownKey(path[:i+1], section)
		}
		if i < len(path)-1 {
			if section, ok = old.(map[string]any); !ok {
				return Settings{}, fmt.Errorf("setting %q is not a section", strings.Join(path[:i+1], "."))
			}
			continue
		}
		if _, isSection := old.(map[string]any); isSection {
			return Settings{}, fmt.Errorf("setting %q is a section: name one of its keys (%s)", key, strings.Join(sortedKeys(old.(map[string]any)), ", "))
		}
		section[name] = parseValue(value, old)
	}
	js, err := json.Marshal(doc)
	if err != nil {
		return Settings{}, err
	}
	return Read(bytes.NewReader(js), Settings{})
}

// parseValue reads a --set value: JSON when it is, else the items of a
// comma-separated list where the setting is a list, else a string.
func parseValue(value string, old any) any {
	var v any
	dec := json.NewDecoder(strings.NewReader(value))
	dec.UseNumber()
	if err := dec.Decode(&v); err == nil && !dec.More() {
		return v
	}
	if _, list := old.([]any); list || old == nil {
		if value == "" {
			return []any{}
		}
		var items []any
		for _, item := range strings.Split(value, ",") {
			items = append(items, strings.TrimSpace(item))
		}
		return items
	}
	return value
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
