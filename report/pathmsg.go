package report

import (
	"errors"
	"fmt"
	"io/fs"
)

// atPath says that err happened at path, "PATH: reason", naming the path
// once: a file system error that already names it (open PATH: …) gives
// its reason only. errors.Is still finds the reason (fs.ErrNotExist).
func atPath(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		return fmt.Errorf("%s: %w", path, pe.Err)
	}
	return fmt.Errorf("%s: %w", path, err)
}
