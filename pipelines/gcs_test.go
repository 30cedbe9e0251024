package pipelines

import (
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/bookalign/bookalign/internal/gcstest"
	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/fsouza/fake-gcs-server/fakestorage"
)

// TestGCS runs the pipeline with --corpus and --out on Google Cloud Storage,
// served by an in-process fake GCS server, and compares the outputs with a
// run on local files: the same files, and no work directory left behind.
func TestGCS(t *testing.T) {
	files, _ := testcorpus.Bad(3)
	srv := gcstest.Start(t)
	srv.CreateBucketWithOpts(fakestorage.CreateBucketOpts{Name: "corpora"})
	srv.CreateBucketWithOpts(fakestorage.CreateBucketOpts{Name: "results"})
	for name, b := range files {
		srv.CreateObject(fakestorage.Object{
			ObjectAttrs: fakestorage.ObjectAttrs{BucketName: "corpora", Name: "dev/" + name},
			Content:     b,
		})
	}
	// A trained method too, so that the training stages pass their books
	// through a work directory on GCS and remove it.
	config := func(corpus, out string) Config {
		cfg := smallConfig(corpus, out)
		cfg.Methods = append(cfg.Methods, "passage")
		cfg.Folds = 2
		cfg.Align.Iterations = 10
		return cfg
	}
	runExperiment(t, prism.Execute, config("gs://corpora/dev", "gs://results/run1"))

	got := map[string][]byte{}
	listed, err := srv.ListObjectsWithOptionsPaginated("results", fakestorage.ListOptions{Prefix: "run1/"}) // no MaxResults: one page
	if err != nil {
		t.Fatal(err)
	}
	objs := listed.Objects
	for _, o := range objs {
		obj, err := srv.GetObject("results", o.Name)
		if err != nil {
			t.Fatal(err)
		}
		got[strings.TrimPrefix(o.Name, "run1/")] = obj.Content
	}
	var names []string
	for n := range got {
		names = append(names, n)
	}
	sort.Strings(names)
	t.Logf("written to gs://results/run1: %v", names)
	for _, n := range names {
		if strings.HasPrefix(n, "tmp-work/") {
			t.Errorf("the work directory is left on GCS: %s", n)
		}
	}

	// The same corpus on local disk gives the same files, but for the corpus
	// path that results.json and table.md record.
	dir, out := t.TempDir(), t.TempDir()
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	runExperiment(t, prism.Execute, config(dir, out))
	local := readTree(t, out)
	for _, name := range []string{"results.json", "table.md"} {
		local[name] = []byte(strings.ReplaceAll(string(local[name]), dir, "gs://corpora/dev"))
	}
	// The filesystems word a missing file differently; the rest of each
	// reject is the same.
	for _, tree := range []map[string][]byte{local, got} {
		tree["rejects.jsonl"] = missingFileRE.ReplaceAll(tree["rejects.jsonl"], []byte("MISSING"))
	}
	compareTrees(t, local, got)
}

var missingFileRE = regexp.MustCompile(`((open|stat) \S+: no such file or directory|storage: object doesn't exist)`)
