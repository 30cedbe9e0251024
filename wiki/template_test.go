package wiki

import (
	"errors"
	"reflect"
	"testing"
)

func TestTemplateName(t *testing.T) {
	for in, want := range map[string]string{
		"Infobox book":                  "infobox book",
		" Infobox_Book\n":               "infobox book",
		"Template:Infobox  novel":       "infobox novel",
		"infobox book <!-- comment -->": "infobox book",
		"subst:Infobox book":            "infobox book",
		"Book\u00a0infobox":             "book infobox",
		"lang-fr":                       "lang-fr",
		"":                              "",
	} {
		if got := TemplateName(in); got != want {
			t.Errorf("TemplateName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseTemplates(t *testing.T) {
	text := "a {{Infobox book| name = [[X|Y]] | genre = {{hlist|a|b}}|pos1| 2 = two |x=y=z}} b {{cite|<!-- | -->c}} {{{param}}}"
	ts, err := ParseTemplates(text)
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) != 2 {
		t.Fatalf("got %d templates: %+v", len(ts), ts)
	}
	want := []Param{{"name", "[[X|Y]]"}, {"genre", "{{hlist|a|b}}"}, {"1", "pos1"}, {"2", "two"}, {"x", "y=z"}}
	if ts[0].Name != "infobox book" || !reflect.DeepEqual(ts[0].Params, want) {
		t.Errorf("got %q %+v\nwant %+v", ts[0].Name, ts[0].Params, want)
	}
	if text[ts[0].Start:ts[0].End] != "{{Infobox book| name = [[X|Y]] | genre = {{hlist|a|b}}|pos1| 2 = two |x=y=z}}" {
		t.Errorf("span %d-%d is %q", ts[0].Start, ts[0].End, text[ts[0].Start:ts[0].End])
	}
	if got := ts[1].Params; len(got) != 1 || got[0].Value != "<!-- | -->c" {
		t.Errorf("comment not skipped: %+v", got)
	}
	if got := ts[0].Arg("missing", "genre"); got != "{{hlist|a|b}}" {
		t.Errorf("Arg = %q", got)
	}
}

func TestParseTemplatesUnclosed(t *testing.T) {
	text := "line one\n{{Infobox book | name = X\n{{lang|fr|y}} more"
	ts, err := ParseTemplates(text)
	var pe *ParseError
	if !errors.Is(err, ErrUnclosedTemplate) || !errors.As(err, &pe) || pe.Offset != 9 || pe.Line != 2 {
		t.Fatalf("err = %v, want ErrUnclosedTemplate at byte 9, line 2", err)
	}
	if len(ts) != 1 || ts[0].Name != "lang" {
		t.Errorf("templates inside the unclosed one: %+v", ts)
	}
}

func TestBalance(t *testing.T) {
	tests := []struct {
		in       string
		top      []bracket
		unclosed []int
	}{
		{"{{a}}{{b}}", []bracket{{0, 5, 2}, {5, 10, 2}}, nil},
		{"{{a{{b}}c}}", []bracket{{0, 11, 2}}, nil},
		{"{{{p}}}", []bracket{{0, 7, 3}}, nil},
		{"{{{p}}", []bracket{{1, 6, 2}}, nil},
		{"{{a {{b}} {{c}}", []bracket{{4, 9, 2}, {10, 15, 2}}, []int{0}},
		{"}} {{", nil, []int{3}},
		{"<!-- {{ -->{{x}}", []bracket{{11, 16, 2}}, nil},
	}
	for _, tc := range tests {
		top, unclosed := balance(tc.in, '{', '}')
		if !reflect.DeepEqual(top, tc.top) || !reflect.DeepEqual(unclosed, tc.unclosed) {
			t.Errorf("balance(%q) = %v, %v; want %v, %v", tc.in, top, unclosed, tc.top, tc.unclosed)
		}
	}
}
