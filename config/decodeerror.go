package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/bookalign/bookalign/internal/bounds"
)

// decodeError says in the settings' terms why a settings document did not
// decode: the key and the kind of value it wants for a value of the wrong
// type or out of its type's range, the place of a syntax error, or that
// the document is empty.
func decodeError(err error) error {
	var typ *json.UnmarshalTypeError
	var syntax *json.SyntaxError
	switch {
	case errors.As(err, &typ):
		key := typ.Field
		if key == "" {
			return fmt.Errorf("want %s, not %s", kindOf(typ.Type), given(typ.Value))
		}
		return fmt.Errorf("%s: want %s, not %s", key, wanted(key, typ.Type), given(typ.Value))
	case errors.As(err, &syntax):
		return fmt.Errorf("not JSON at byte %d: %v", syntax.Offset, syntax)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("empty or cut short: want a JSON object of settings, as bookalign config prints")
	}
	return err
}

// wanted says what the setting key takes: its kind of value (kindOf),
// an example, and "auto" for a setting whose 0 means "the run chooses".
func wanted(key string, t reflect.Type) string {
	want := kindOf(t)
	if ex := example(key, t); ex != "" {
		want += " (e.g. " + ex + ")"
	}
	if a, ok := autoOf(key); ok {
		want += fmt.Sprintf(" or %q (%s)", autoWord, a.meaning)
	}
	return want
}

// examples are values of the settings whose default makes a poor
// example: a 0 that means "auto", or a list too long to quote.
var examples = map[string]string{
	"lambda":                "0.5",
	"lambda_tolerance":      "1e-5",
	"align.iterations":      "50",
	"align.passage_prior":   "100",
	"summarizer.vocabulary": "5000",
	"summarizer.names":      "50",
	"methods":               `["passage", "first1000"]`,
	"align.extra":           `["jing"]`,
}

// example returns a value of the setting key as a settings file writes
// it: from examples, else its default when that is a number or a string,
// empty for a true-or-false.
func example(key string, t reflect.Type) string {
	if ex, ok := examples[key]; ok {
		return ex
	}
	if t.Kind() == reflect.Bool {
		return ""
	}
	var v any = knownKeys()
	for _, name := range strings.Split(key, ".") {
		section, ok := v.(map[string]any)
		if !ok {
			return ""
		}
		v = section[name]
	}
	switch v.(type) {
	case float64, string:
		b, _ := json.Marshal(v)
		return string(b)
	}
	return ""
}

// kindOf names the kind of JSON value a setting of Go type t takes.
func kindOf(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number, 0 or more, below 2^64"
	case reflect.Float32, reflect.Float64:
		return "a finite number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a string"
	case reflect.Slice:
		if t.Elem().Kind() == reflect.String {
			return "a list of strings"
		}
		return "a list"
	case reflect.Struct, reflect.Map:
		return "a section, a JSON object"
	}
	return "another kind of value"
}

// given names the JSON value that encoding/json describes as value
// ("string", "number 1e30", "bool", "array", "object").
func given(value string) string {
	switch {
	case value == "bool":
		return "true or false"
	case value == "array":
		return "a list"
	case value == "object":
		return "an object"
	case strings.HasPrefix(value, "number "):
		return "the number " + bounds.Short(strings.TrimPrefix(value, "number "))
	}
	return "a " + value
}
