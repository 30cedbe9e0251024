package jsonmsg

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestPlain(t *testing.T) {
	type book struct {
		Recall float64 `json:"rouge_1_recall"`
	}
	type file struct {
		Seed    uint64          `json:"seed"`
		Name    string          `json:"name"`
		Flag    bool            `json:"flag"`
		PerBook map[string]book `json:"per_book"`
		List    []string        `json:"list"`
	}
	for _, tt := range []struct{ js, want string }{
		{`{"per_book": {"a": {"rouge_1_recall": "x"}}}`, "per_book.rouge_1_recall holds a string, where a number belongs"},
		{`{"per_book": {"a": {"rouge_1_recall": 1e999}}}`, "per_book.rouge_1_recall: number 1e999 is out of range"},
		{`{"seed": -3}`, "seed: number -3 is not a whole number in range"},
		{`{"seed": "1"}`, "seed holds a string, where a whole number belongs"},
		{`{"name": 5}`, "name holds a number, where a string belongs"},
		{`{"flag": "yes"}`, "flag holds a string, where true or false belongs"},
		{`{"list": {}}`, "list holds an object, where a list belongs"},
		{`{"per_book": []}`, "per_book holds an array, where an object belongs"},
		{`[1]`, "the top level holds an array, where an object belongs"},
	} {
		var f file
		err := Plain(json.Unmarshal([]byte(tt.js), &f))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: %v, want %q", tt.js, err, tt.want)
		}
	}
	other := errors.New("unexpected end of JSON input")
	if Plain(other) != other {
		t.Error("another error was changed")
	}
}
