package align

import (
	"sync"
	"time"
)

// A Result is one aligner's alignment of a pair, or its error, and how
// long the aligner took.
type Result struct {
	Alignment *Alignment
	Err       error
	Took      time.Duration
}

// AlignAll runs every aligner on p at once, each on a goroutine of its
// own, and returns their results in the order of aligners: an Aligner only
// reads the pair, so a runner that keeps one bundle of pairs on one core
// still uses more than one.
//
// A non-nil fitter asks for the Passage HMM fit of p as well
// (PassageHMM.Fit): the fit of the aligner that is a *PassageHMM, which
// aligns p with it (PassageHMM.AlignFit), or, when none is, fitter's, run
// beside the aligners.
func AlignAll(p *Pair, aligners []Aligner, fitter *PassageHMM) (results []Result, fit *PassageFit, fitErr error) {
	results = make([]Result, len(aligners))
	passage := false
	var wg sync.WaitGroup
	for i, a := range aligners {
		h, isPassage := a.(*PassageHMM)
		fits := isPassage && fitter != nil && !passage
		passage = passage || isPassage
		wg.Go(func() {
			r := &results[i]
			start := time.Now()
			if fits {
				r.Alignment, fit, r.Err = h.AlignFit(p)
				fitErr = r.Err
			} else {
				r.Alignment, r.Err = a.Align(p)
			}
			r.Took = time.Since(start)
		})
	}
	if fitter != nil && !passage {
		wg.Go(func() { fit, fitErr = fitter.Fit(p) })
	}
	wg.Wait()
	return results, fit, fitErr
}
