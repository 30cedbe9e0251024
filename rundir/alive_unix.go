//go:build unix

package rundir

import (
	"errors"
	"os"
	"syscall"
)

// processAlive reports whether a process of this host has the id pid
// (signal 0 checks without signalling).
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, os.ErrPermission) || errors.Is(err, syscall.EPERM)
}
