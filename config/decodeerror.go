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
		return fmt.Errorf("%s: want %s, not %s", key, kindOf(typ.Type), given(typ.Value))
	case errors.As(err, &syntax):
		return fmt.Errorf("not JSON at byte %d: %v", syntax.Offset, syntax)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("empty or cut short: want a JSON object of settings, as bookalign config prints")
	}
	return err
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
