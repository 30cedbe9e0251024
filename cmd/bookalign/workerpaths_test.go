package main

import (
	"strings"
	"testing"
)

// TestRelativePathsOnACluster checks that the pipeline commands refuse a
// relative local path before submitting anything when a cluster's workers
// would read it from their own directories, and only then.
func TestRelativePathsOnACluster(t *testing.T) {
	abs := t.TempDir()
	flink := []string{"--runner=flink", "--endpoint=localhost:1", "--environment_type=PROCESS"}
	for _, c := range []struct {
		name    string
		args    []string
		refused string // the flag named in the refusal; "" for none
	}{
		{"run, relative --corpus", append([]string{"run", "--corpus", "sample", "--out", abs + "/out"}, flink...), "--corpus sample"},
		{"run, relative --out", append([]string{"run", "--corpus", abs, "--out", "out"}, flink...), "--out out"},
		{"run, relative --rouge-data", append([]string{"run", "--corpus", abs, "--out", abs + "/out", "--rouge-data", "rouge"}, flink...), "--rouge-data rouge"},
		{"run, relative --test-corpus", append([]string{"run", "--corpus", abs, "--test-corpus", "./held", "--out", abs + "/out"}, flink...), "--test-corpus ./held"},
		{"run, relative --thesaurus", append([]string{"run", "--corpus", abs, "--out", abs + "/out", "--thesaurus", "roget"}, flink...), "--thesaurus roget"},
		{"wiki-extract, relative --index", append([]string{"wiki-extract", "--dump", abs + "/d.xml.bz2", "--index", "i.txt.bz2", "--out", abs + "/x"}, flink...), "--index i.txt.bz2"},
		{"match, relative --books", append([]string{"match", "--summaries", abs + "/s.tsv", "--catalog", abs + "/c.csv", "--books", "mirror", "--out", abs + "/c"}, flink...), "--books mirror"},
		{"reprocess, relative --state", append([]string{"reprocess", "--dumps", abs, "--state", "state", "--out", abs + "/o", "--catalog", abs + "/c.csv", "--books", abs}, flink...), "--state state"},
		{"run, absolute and gs:// paths", append([]string{"run", "--corpus", abs + "/none", "--out", "gs://bucket/out"}, flink...), ""},
		{"run, relative, LOOPBACK", []string{"run", "--corpus", "none", "--out", abs + "/out", "--runner=universal", "--endpoint=localhost:1", "--environment_type=LOOPBACK"}, ""},
		{"run, relative, prism", []string{"run", "--corpus", "none", "--out", abs + "/out"}, ""},
	} {
		_, stderr, code := bookalign(t, c.args...)
		relative := strings.Contains(stderr, "a relative path, and with --runner=")
		switch {
		case code == 0:
			t.Errorf("%s: exit 0; want a failure (the inputs do not exist)", c.name)
		case c.refused == "" && relative:
			t.Errorf("%s: refused as relative: %s", c.name, stderr)
		case c.refused != "" && (!relative || !strings.Contains(stderr, c.refused+": ")):
			t.Errorf("%s: stderr %q; want a refusal of %s as relative", c.name, stderr, c.refused)
		}
	}
}
