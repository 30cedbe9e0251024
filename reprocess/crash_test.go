package reprocess

import (
	"bytes"
	"testing"
)

func TestCrashAt(t *testing.T) {
	if crashAt("", nil, nil) != nil {
		t.Error("a hook without a point")
	}
	var stderr bytes.Buffer
	var code int
	hook := crashAt(StageMatch, &stderr, func(c int) { code = c })
	hook(StageExtract)
	if code != 0 || stderr.Len() != 0 {
		t.Fatalf("crashed after extract: %d %q", code, stderr.String())
	}
	hook(StageMatch)
	if code != CrashExitCode || stderr.String() != "bookalign reprocess: failpoint: crashing after match\n" {
		t.Errorf("after match: exit %d, %q", code, stderr.String())
	}
}
