package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionLine checks what `bookalign version` says for the build
// information a binary can carry: a module version or none, a commit
// recorded by Go or given with -ldflags -X or none, a working tree with
// changes or without.
func TestVersionLine(t *testing.T) {
	vcs := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	const unknown = ", commit unknown: built without version control information (-buildvcs=false, as GOFLAGS may say, or outside a git checkout); " +
		`in a git checkout, ./run.sh records it, and so does go build -ldflags "-X main.commit=$(git rev-parse HEAD)" -o bin/bookalign ./cmd/bookalign`
	devel := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}
	for _, tt := range []struct {
		name               string
		bi                 *debug.BuildInfo
		stamped, stampedMo string
		want               string
	}{
		{"no build information", nil, "", "", "bookalign (devel)" + unknown},
		{"no version, no commit", &debug.BuildInfo{}, "", "", "bookalign (devel)" + unknown},
		{"devel with commit", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("vcs.revision", "088c6a3f", "vcs.modified", "false")}, "", "",
			"bookalign (devel), commit 088c6a3f"},
		{"modified tree", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20260101-088c6a3f+dirty"}, Settings: vcs("vcs", "git", "vcs.revision", "088c6a3f", "vcs.modified", "true")}, "", "",
			"bookalign v0.0.0-20260101-088c6a3f+dirty, commit 088c6a3f (modified)"},
		{"tagged release", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}, Settings: vcs("vcs.revision", "abc")}, "", "", "bookalign v1.2.0, commit abc"},
		{"-buildvcs=false, commit stamped", devel, "41aea30f", "", "bookalign (devel), commit 41aea30f"},
		{"-buildvcs=false, stamped modified", devel, "41aea30f", "true", "bookalign (devel), commit 41aea30f (modified)"},
		{"stamped with blanks around", devel, " 41aea30f\n", " true\n", "bookalign (devel), commit 41aea30f (modified)"},
		{"stamped blank", devel, "  ", "true", "bookalign (devel)" + unknown},
		{"stamped modified, no commit", devel, "", "true", "bookalign (devel)" + unknown},
		{"stamped modified not true", devel, "41aea30f", "yes", "bookalign (devel), commit 41aea30f"},
		{"Go's record wins over the stamp", &debug.BuildInfo{Settings: vcs("vcs.revision", "088c6a3f", "vcs.modified", "false")}, "41aea30f", "true",
			"bookalign (devel), commit 088c6a3f"},
	} {
		if got := versionLine(tt.bi, tt.stamped, tt.stampedMo); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestVersionAndHelpCommands runs `bookalign version` and the three ways
// of asking for bookalign's usage: each prints to stdout, nothing to
// stderr, and exits 0. No command at all is a usage error, on stderr.
func TestVersionAndHelpCommands(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"version"}, "bookalign "},
		{[]string{"--help"}, "bookalign: align books"},
		{[]string{"-h"}, "bookalign: align books"},
		{[]string{"help"}, "bookalign: align books"},
		{[]string{"-help"}, "bookalign: align books"},
		{[]string{"--help", "run"}, "bookalign: align books"},
		{[]string{"--runner=direct", "-h"}, "bookalign: align books"},
	} {
		stdout, stderr, code := bookalign(t, tt.args...)
		if code != 0 || stderr != "" || !strings.HasPrefix(stdout, tt.want) {
			t.Errorf("bookalign %s: exit %d, stdout %q, stderr %q; want exit 0 and stdout starting %q", tt.args[0], code, stdout, stderr, tt.want)
		}
		if tt.args[0] != "version" && !strings.Contains(stdout, "  version ") {
			t.Errorf("bookalign %s: the usage does not list the version command", tt.args[0])
		}
	}
	stdout, stderr, code := bookalign(t)
	if code != 2 || stdout != "" || !strings.Contains(stderr, "Commands:") {
		t.Errorf("bookalign with no command: exit %d, stdout %q, stderr %q; want exit 2 and the usage on stderr", code, stdout, stderr)
	}
	if _, stderr, code := bookalign(t, "version", "extra"); code != 1 || !strings.Contains(stderr, "takes no arguments") {
		t.Errorf("bookalign version extra: exit %d, stderr %q", code, stderr)
	}
	if stdout, stderr, code := bookalign(t, "--no-such-flag"); code != 2 || stdout != "" || !strings.Contains(stderr, "Commands:") {
		t.Errorf("bookalign --no-such-flag: exit %d, stdout %q, stderr %q; want exit 2 and the usage on stderr", code, stdout, stderr)
	}
}
