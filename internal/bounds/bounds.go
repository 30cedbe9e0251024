// Package bounds checks the numbers of settings against their ranges and
// says what is wrong in one form, whatever package owns the setting:
//
//	summarizer.names -3 is out of range: want 0 to 1048576 (0: 100)
//
// The key is the setting's name as the user writes it (in a settings file
// or with --set); a package that owns a section of the settings names its
// keys without the section, and the caller adds it (First's section).
package bounds

import (
	"fmt"
	"math"
	"strconv"
)

// Error says that the value of a setting is outside its range.
type Error struct {
	// Key names the setting as the user writes it.
	Key string
	// Value is the value given, as text.
	Value string
	// Want says what is allowed.
	Want string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s %s is out of range: want %s", e.Key, e.Value, e.Want)
}

// Check is the value of one setting against its range.
type Check struct {
	key, value, want string
	ok               bool
}

// Int checks an integer setting: least to most, both included. The note,
// when not empty, says what a special value means ("0: 100").
func Int(key string, v, least, most int, note string) Check {
	want := strconv.Itoa(least) + " to " + strconv.Itoa(most)
	return Check{key, strconv.Itoa(v), withNote(want, note), v >= least && v <= most}
}

// Float checks a floating-point setting: a finite number from least to
// most, both included (NaN and the infinities never are).
func Float(key string, v, least, most float64, note string) Check {
	want := formatFloat(least) + " to " + formatFloat(most)
	return Check{key, formatFloat(v), withNote(want, note), v >= least && v <= most && !math.IsInf(v, 0)}
}

// ZeroOrFloat checks a floating-point setting whose 0 means a default: 0,
// or a finite number from least to most.
func ZeroOrFloat(key string, v, least, most float64, note string) Check {
	c := Float(key, v, least, most, "")
	c.ok = c.ok || v == 0
	c.want = withNote("0, or "+c.want, note)
	return c
}

// Below checks a floating-point setting that must be at least least and
// strictly below most.
func Below(key string, v, least, most float64, note string) Check {
	want := formatFloat(least) + " or more, below " + formatFloat(most)
	return Check{key, formatFloat(v), withNote(want, note), v >= least && v < most}
}

// First returns the error of the first check out of range, or nil. A
// section that is not empty is put before each key ("summarizer" makes
// "names" "summarizer.names").
func First(section string, checks ...Check) error {
	for _, c := range checks {
		if c.ok {
			continue
		}
		key := c.key
		if section != "" {
			key = section + "." + key
		}
		return &Error{Key: key, Value: c.value, Want: c.want}
	}
	return nil
}

func withNote(want, note string) string {
	if note == "" {
		return want
	}
	return want + " (" + note + ")"
}

func formatFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// Listed checks a setting whose value is a list of names: ok says whether
// every name of value is a known one, want says which are (the value is
// shortened as Short does).
func Listed(key, value string, ok bool, want string) Check {
	return Check{key, Short(value), want, ok}
}
