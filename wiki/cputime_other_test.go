//go:build !unix

package wiki

import "time"

// processCPU is not measured on this system.
func processCPU() time.Duration { return 0 }
