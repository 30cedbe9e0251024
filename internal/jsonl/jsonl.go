// Package jsonl writes JSON Lines the way every .jsonl file of bookalign is
// written: one value a line, encoding/json's form, with <, > and & left as
// they are rather than HTML-escaped.
package jsonl

import (
	"encoding/json"
	"io"
)

// Write writes each element of list as one JSON line.
func Write[T any](w io.Writer, list []T) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, x := range list {
		if err := enc.Encode(x); err != nil {
			return err
		}
	}
	return nil
}
