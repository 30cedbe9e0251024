package corpus

import (
	"errors"
	"strings"
)

// MaxIDLen is the longest id ValidID accepts, in bytes.
const MaxIDLen = 200

// ValidID reports whether id is safe to use as a file name on every
// filesystem bookalign writes to: 1 to MaxIDLen bytes of ASCII letters,
// digits, '.', '_' and '-', starting with a letter or digit. So "../x",
// "/etc/passwd", "a b" and "" are refused.
func ValidID(id string) error {
	switch {
	case id == "":
		return errors.New("empty id")
	case len(id) > MaxIDLen:
		return errors.New("id longer than 200 bytes")
	case !isAlnum(id[0]):
		return errors.New("id must start with a letter or digit")
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !isAlnum(c) && c != '.' && c != '_' && c != '-' {
			return errors.New("id is not a safe file name: only ASCII letters, digits, '.', '_' and '-' are allowed")
		}
	}
	if strings.Contains(id, "..") {
		return errors.New(`id is not a safe file name: contains ".."`)
	}
	return nil
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
