// Package flink_test runs bench/flinkcheck.sh in go test: bookalign's run,
// wiki-extract and reprocess on a real Flink session cluster on this
// machine (a JobManager, two TaskManagers, Beam's Flink job server, Go
// workers started by the TaskManagers), each output file compared byte for
// byte with an in-process run.
package flink_test

import (
	"bytes"
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bookalign/bookalign/internal/sharedtest"
)

// freePort returns a loopback port nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func TestOnFlink(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Flink cluster and runs five jobs on it (about 3 minutes)")
	}
	for _, tool := range []string{"java", "mvn", "curl"} {
		if _, err := exec.LookPath(tool); err != nil {
			sharedtest.Skip(t, "need Java 17, Maven and curl (for the Flink cluster)", tool+" not found: the Flink check needs Java 17, Maven and curl")
		}
	}
	dump := sharedtest.Path(t, "wikidump", "enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2")
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", filepath.Join("..", "flinkcheck.sh"))
	cmd.Env = append(os.Environ(),
		"BOOKALIGN_WIKIDUMP="+dump,
		"BOOKALIGN_FLINK_REST_PORT="+strconv.Itoa(freePort(t)),
		"BOOKALIGN_FLINK_RPC_PORT="+strconv.Itoa(freePort(t)),
		"BOOKALIGN_FLINK_JOB_PORT="+strconv.Itoa(freePort(t)),
		"TMPDIR="+t.TempDir(),
	)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	t.Log(out.String())
	if err != nil {
		t.Fatalf("bench/flinkcheck.sh: %v", err)
	}
	for _, want := range []string{
		"bookalign run on the sample, in process vs Flink: identical outputs",
		"bookalign wiki-extract, in process vs Flink: identical outputs",
		"bookalign reprocess, in process vs Flink: identical outputs",
		"flinkcheck.sh: OK",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("bench/flinkcheck.sh did not say %q", want)
		}
	}
}
