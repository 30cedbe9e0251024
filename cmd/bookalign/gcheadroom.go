package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/bookalign/bookalign/fetch"
	"github.com/bookalign/bookalign/internal/process"
)

// defaultHeadroom is --gc-headroom's default: above the live heap of the
// 245-book job (0.4–0.5 GB), so that it runs as with Go's default, and
// below the live heap of the corpus ten times over (about 3.4 GB), whose
// peak it brings from about twice that to about the live heap and 1 GB
// (measured on the sample corpus replicated to 2,450 books).
const defaultHeadroom = "1GB"

// headroomEvery is how often the headroom is checked: a collection of a
// large heap is seconds apart.
const headroomEvery = 100 * time.Millisecond

// addHeadroomFlag defines --gc-headroom on fs.
func addHeadroomFlag(fs *flag.FlagSet) *string {
	return fs.String("gc-headroom", defaultHeadroom, "let the Go heap grow at most about `SIZE` (kB, MB, GB) past its live data before a collection, or off: Go's default, twice the live data (GOGC in the environment turns it off)")
}

// startHeadroom applies --gc-headroom's value v (process.KeepHeadroom)
// and returns the function that stops it. It does nothing for "off", nor
// when GOGC is set in the environment, which then governs the collector:
// it says so when the flag was given too (explicit).
func startHeadroom(v string, explicit bool, say func(string)) (stop func(), err error) {
	none := func() {}
	if strings.EqualFold(strings.TrimSpace(v), "off") {
		return none, nil
	}
	n, err := fetch.ParseSize(v)
	if err != nil {
		return nil, fmt.Errorf("--gc-headroom: %w, or off", err)
	}
	if n <= 0 {
		return nil, fmt.Errorf("--gc-headroom %q: want a positive size, or off", v)
	}
	if gogc := os.Getenv("GOGC"); gogc != "" { // an empty GOGC is Go's default
		if explicit && say != nil {
			say(fmt.Sprintf("--gc-headroom %s is not applied: GOGC=%s in the environment governs the collector", v, gogc))
		}
		return none, nil
	}
	return process.KeepHeadroom(uint64(n), headroomEvery), nil
}
