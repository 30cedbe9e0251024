package config

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// TestAutoWritten: a 0 that means "the run chooses" is written as
// "auto: MEANING", every one of them, in both presets; a set value is
// written as the number.
func TestAutoWritten(t *testing.T) {
	for name, s := range map[string]Settings{"default": Default(), "paper": Paper()} {
		var b bytes.Buffer
		if err := s.Write(&b); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(b.String(), "\n") {
			if strings.HasSuffix(strings.TrimSuffix(line, ","), ": 0") {
				t.Errorf("%s: an unexplained 0: %s", name, line)
			}
		}
		for _, want := range []string{`"lambda": "auto: chosen on an inner split`, `"iterations": "auto: the aligners' own: Passage HMM 500 rounds`,
			`"passage_prior": "auto: 100"`, `"vocabulary": "auto: 10000 words"`, `"names": "auto: 100 names"`} {
			if !strings.Contains(b.String(), want) {
				t.Errorf("%s: no %s in\n%s", name, want, b.String())
			}
		}
	}
	s := Default()
	s.Lambda, s.Align.Iterations = 0.5, 50
	var b bytes.Buffer
	if err := s.Write(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"lambda": 0.5,`) || !strings.Contains(b.String(), `"iterations": 50,`) {
		t.Errorf("set values not written as numbers:\n%s", b.String())
	}
}

// TestAutoRoundTrip: what Write prints reads back as the same settings,
// over any base, for both presets and with every auto value set.
func TestAutoRoundTrip(t *testing.T) {
	set := Default()
	set.Lambda, set.LambdaTolerance, set.Align.Iterations, set.Align.PassagePrior = 2, 0.001, 7, 50
	set.Summarizer.Vocabulary, set.Summarizer.Names = 300, 9
	for name, s := range map[string]Settings{"default": Default(), "paper": Paper(), "all set": set} {
		var b bytes.Buffer
		if err := s.Write(&b); err != nil {
			t.Fatal(err)
		}
		got, err := Read(bytes.NewReader(b.Bytes()), set)
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, b.String())
		}
		if !reflect.DeepEqual(got.WithoutUnused(), s) {
			t.Errorf("%s: read back\n%+v\nwant\n%+v", name, got, s)
		}
	}
}

// TestAutoRead: "auto" and the printed string read as 0 at every auto
// setting, in a file and by --set; other spellings, and "auto" where a 0
// means 0 or where there is no number, are refused in the settings'
// terms.
func TestAutoRead(t *testing.T) {
	base := Default()
	base.Lambda, base.Align.Iterations, base.Summarizer.Names = 1, 5, 3
	for _, a := range autoSettings {
		for _, v := range []string{autoWord, a.printed()} {
			s, err := base.Set(a.key, v)
			if err != nil {
				t.Errorf("--set %s=%s: %v", a.key, v, err)
				continue
			}
			zero, err := base.Set(a.key, "0")
			if err != nil || !reflect.DeepEqual(s, zero) {
				t.Errorf("--set %s=%s is not %s=0: %+v, %v", a.key, v, a.key, s, err)
			}
		}
	}
	s, err := Read(strings.NewReader(`{"align": {"iterations": "auto"}, "summarizer": {"names" :  "auto: 100 names"}, "lambda":"auto"}`), base)
	if err != nil || s.Align.Iterations != 0 || s.Summarizer.Names != 0 || s.Lambda != 0 {
		t.Errorf("a file with auto: %+v, %v", s, err)
	}
	for _, tc := range []struct{ key, value, want string }{
		{"lambda", "AUTO", `lambda: want a finite number (e.g. 0.5) or "auto"`},
		{"lambda", " auto", `lambda: want a finite number`},
		{"lambda", "auto: 50", `lambda: want a finite number`},
		{"align.iterations", "auto: 100 names", `align.iterations: want a whole number (e.g. 50) or "auto"`},
		{"words", "auto", "words: want a whole number (e.g. 1000), not a string"},
		{"seed", "auto", "seed: want a whole number, 0 or more"},
		{"min_book_words", "auto", "min_book_words: want a whole number"},
		{"summarizer.coverage_prior", "auto", "summarizer.coverage_prior: want a finite number"},
		{"methods", "auto", `unknown method "auto" in methods`},
	} {
		s, err := Default().Set(tc.key, tc.value)
		if err == nil {
			err = s.Check()
		}
		wantError(t, err, tc.want, tc.key+"="+tc.value)
	}
	// A section whose value is "auto" is not a setting's.
	if _, err := Read(strings.NewReader(`{"align": "auto"}`), Default()); err == nil || !strings.Contains(err.Error(), "align: want a section") {
		t.Errorf(`{"align": "auto"}: %v`, err)
	}
}

// TestRewriteValuesKeepsText: rewriting leaves everything but the values
// it replaces as it was, whitespace and escapes included, and leaves a
// document that is not a JSON object alone.
func TestRewriteValuesKeepsText(t *testing.T) {
	doc := "{\"a\":1, \"s\" :\t{\"b\" : \"x\\u0022y\",\"c\": 0 } ,\"d\" : [0]}"
	got := rewriteValues([]byte(doc), func(key string, raw []byte) ([]byte, bool) {
		if key == "s.c" || key == "s.b" {
			return []byte(`"` + key + `"`), true
		}
		return nil, false
	})
	want := "{\"a\":1, \"s\" :\t{\"b\" : \"s.b\",\"c\": \"s.c\" } ,\"d\" : [0]}"
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	for _, bad := range []string{``, `[1]`, `{"a": `, `{"a": 1} x`, `"x"`} {
		if got := rewriteValues([]byte(bad), func(string, []byte) ([]byte, bool) { return []byte("9"), true }); string(got) != bad && !strings.HasPrefix(bad, `{"a": 1}`) {
			t.Errorf("%q became %q", bad, got)
		}
	}
}
