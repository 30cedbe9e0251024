package progressline

import (
	"os"
	"strconv"
)

// Terminal reports whether f is a terminal (a character device), and its
// width from $COLUMNS when the shell exports it (0 otherwise: Start's
// default).
func Terminal(f *os.File) (ok bool, width int) {
	info, err := f.Stat()
	if err != nil || info.Mode()&os.ModeCharDevice == 0 {
		return false, 0
	}
	width, _ = strconv.Atoi(os.Getenv("COLUMNS"))
	return true, width
}
