package pipelines

import (
	"context"
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/universal"
	"github.com/bookalign/bookalign/internal/testcorpus"
)

// TestPortableRunner submits the pipeline through the portable job API, as
// --runner=universal --endpoint=HOST:PORT --environment_type=LOOPBACK does
// against Flink's job server, to a prism job server listening on a loopback
// port, and checks that the outputs equal an in-process run.
func TestPortableRunner(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if _, err := prism.CreateJobServer(ctx, prism.Options{Port: port}); err != nil {
		t.Fatalf("starting a prism job server: %v", err)
	}

	files, _ := testcorpus.Bad(3)
	dir := t.TempDir()
	if err := files.WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	outPortable, outLocal := t.TempDir(), t.TempDir()

	endpoint, envType := *jobopts.Endpoint, *jobopts.EnvironmentType
	*jobopts.Endpoint, *jobopts.EnvironmentType = "localhost:"+strconv.Itoa(port), "LOOPBACK"
	defer func() { *jobopts.Endpoint, *jobopts.EnvironmentType = endpoint, envType }()
	runExperiment(t, universal.Execute, smallConfig(dir, outPortable))
	*jobopts.Endpoint, *jobopts.EnvironmentType = endpoint, envType

	runExperiment(t, func(ctx context.Context, p *beam.Pipeline) (beam.PipelineResult, error) {
		return prism.Execute(ctx, p)
	}, smallConfig(dir, outLocal))
	compareTrees(t, readTree(t, outPortable), readTree(t, outLocal))
}
