//go:build !linux

package cputime

import "time"

// Thread is not measured on this system: it returns 0.
func Thread() time.Duration { return 0 }
