package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestHelp checks every command's help: lines under 120 characters, no
// dates, Beam's flags kept out but for the three a user needs, named in
// the usage text; run shows at most 20 of its own flags, in groups, and
// --help-beam lists Beam's.
func TestHelp(t *testing.T) {
	date := regexp.MustCompile(`20\d\d-\d\d-\d\d|issue \d`)
	flagLine := regexp.MustCompile(`^  --[a-z]`)
	for _, cmd := range []string{"run", "config", "compare", "align", "summarize", "report", "rouge", "wiki-extract", "match", "reprocess", "fetch", "version"} {
		_, stderr, _ := bookalign(t, cmd, "-h")
		if !strings.HasPrefix(stderr, "usage: bookalign "+cmd) {
			t.Errorf("%s -h:\n%s", cmd, stderr)
			continue
		}
		flags := 0
		for _, line := range strings.Split(stderr, "\n") {
			if len([]rune(line)) >= 120 {
				t.Errorf("%s -h: a line of %d characters: %s", cmd, len([]rune(line)), line)
			}
			if date.MatchString(line) {
				t.Errorf("%s -h: a date or issue number: %s", cmd, line)
			}
			if flagLine.MatchString(line) {
				flags++
			}
			if strings.Contains(line, "--disk_provisioned_iops") || strings.HasPrefix(line, "  --runner") {
				t.Errorf("%s -h shows Beam's flags: %s", cmd, line)
			}
		}
		if cmd == "run" {
			if flags > 20 {
				t.Errorf("run -h: %d flags, want at most 20", flags)
			}
			for _, want := range []string{"Input and output:", "What to run:", "Reproducibility:", "--runner", "--endpoint", "--environment_type", "--help-beam"} {
				if !strings.Contains(stderr, want) {
					t.Errorf("run -h lacks %q", want)
				}
			}
		}
	}
	stdout, _, code := bookalign(t, "run", "--help-beam")
	if code != 0 || !strings.Contains(stdout, "--runner") || !strings.Contains(stdout, "--environment_type") {
		t.Errorf("run --help-beam: exit %d\n%s", code, stdout)
	}
}
