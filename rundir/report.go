package rundir

import (
	"context"
	"fmt"

	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/layout"
)

// StartReport returns the directory to build the report of the run in
// out in, out/report.tmp (layout.Out.ReportBuild), emptied of what an
// interrupted build left there. FinishReport then puts it in place.
func StartReport(ctx context.Context, out string) (layout.Report, error) {
	rep := layout.Out{Dir: out}.ReportBuild()
	if err := store.RemoveAll(ctx, rep.Dir); err != nil {
		return rep, fmt.Errorf("clearing %s: %w", rep.Dir, err)
	}
	return rep, nil
}

// FinishReport puts the report built in out/report.tmp (StartReport) in
// place of out/report, whole: the earlier report is removed, and the new
// one moved (store.MoveTree), so that no page of an earlier build stays.
func FinishReport(ctx context.Context, out string) error {
	rep, final := layout.Out{Dir: out}.ReportBuild(), layout.Out{Dir: out}.Report()
	if err := store.RemoveAll(ctx, final.Dir); err != nil {
		return fmt.Errorf("removing the earlier report %s: %w", final.Dir, err)
	}
	if err := store.MoveTree(ctx, rep.Dir, final.Dir, ""); err != nil {
		return fmt.Errorf("moving %s to %s: %w", rep.Dir, final.Dir, err)
	}
	return nil
}
