// Package jsonl writes and reads JSON Lines the way every .jsonl file of
// bookalign is written: one value a line, encoding/json's form, with <, >
// and & left as they are rather than HTML-escaped. Write writes a list;
// Parse reads one back, line by line, naming the line of any error.
package jsonl

import (
	"bytes"
	"encoding/json"
	"fmt"
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

// Parse reads data as JSON Lines: one T a line, lines of white space
// skipped, the last line with or without its newline. maxLine, when not 0,
// bounds a line's length in bytes; check, when not nil, is called on each
// value decoded, and its error is Parse's. Every error names its line
// ("line 3: ..."), counted from 1.
func Parse[T any](data []byte, maxLine int, check func(*T) error) ([]T, error) {
	var out []T
	n := 0
	for line := range bytes.Lines(data) {
		n++
		if maxLine > 0 && len(bytes.TrimRight(line, "\r\n")) > maxLine {
			return nil, fmt.Errorf("line %d: too long (over %d bytes)", n, maxLine)
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var x T
		if err := json.Unmarshal(line, &x); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if check != nil {
			if err := check(&x); err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
		}
		out = append(out, x)
	}
	return out, nil
}
