// Package jsonmsg words the errors of encoding/json for the user of a file:
// by the keys of the file and the kinds of JSON value, without the Go
// types they decode into.
package jsonmsg

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// Plain returns err, or, when it is a value of the wrong kind for its
// key (json.UnmarshalTypeError), an error naming the key's path in the
// file, the value found and the kind of value the key takes. A number
// too large for its key says so.
func Plain(err error) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return err
	}
	key := te.Field
	if key == "" {
		key = "the top level"
	}
	want := kindOf(te.Type)
	if strings.HasPrefix(te.Value, "number") {
		switch want {
		case "a number":
			return fmt.Errorf("%s: %s is out of range", key, te.Value)
		case "a whole number":
			return fmt.Errorf("%s: %s is not a whole number in range", key, te.Value)
		}
	}
	return fmt.Errorf("%s holds %s, where %s belongs", key, withArticle(te.Value), want)
}

// withArticle is the kind of JSON value v ("string", "array", "number 5")
// with its article.
func withArticle(v string) string {
	if strings.IndexAny(v[:min(1, len(v))], "aeiou") == 0 {
		return "an " + v
	}
	return "a " + v
}

// kindOf names the kind of JSON value that decodes into t.
func kindOf(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "another value"
}
