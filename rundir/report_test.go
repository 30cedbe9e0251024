package rundir

import (
	"context"
	"slices"
	"testing"

	"github.com/bookalign/bookalign/internal/gcstest"
	"github.com/bookalign/bookalign/internal/store"
	"github.com/fsouza/fake-gcs-server/fakestorage"
)

// TestReportReplacedWhole: StartReport empties out/report.tmp of an
// interrupted build, and FinishReport puts it in place of out/report,
// leaving no page of the earlier report, locally and on gs://.
func TestReportReplacedWhole(t *testing.T) {
	srv := gcstest.Start(t)
	srv.CreateBucketWithOpts(fakestorage.CreateBucketOpts{Name: "b"})
	for name, out := range map[string]string{"local": t.TempDir(), "gcs": "gs://b/run"} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			for _, rel := range []string{"report/gone.html", "report.tmp/half.html"} {
				if err := store.WriteFile(ctx, out+"/"+rel, []byte("old")); err != nil {
					t.Fatal(err)
				}
			}
			rep, err := StartReport(ctx, out)
			if err != nil {
				t.Fatal(err)
			}
			if err := store.WriteFile(ctx, rep.Index(), []byte("new")); err != nil {
				t.Fatal(err)
			}
			if err := FinishReport(ctx, out); err != nil {
				t.Fatal(err)
			}
			got, err := store.Files(ctx, out)
			slices.Sort(got)
			if want := []string{"report/index.html"}; err != nil || !slices.Equal(got, want) {
				t.Errorf("files %q, %v; want %q", got, err, want)
			}
		})
	}
}
