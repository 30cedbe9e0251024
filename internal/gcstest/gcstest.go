// Package gcstest starts an in-process fake Google Cloud Storage server
// (fake-gcs-server) for tests of gs:// paths.
package gcstest

import (
	"net"
	"strconv"
	"testing"

	"github.com/fsouza/fake-gcs-server/fakestorage"
)

// Start starts a fake GCS server on a free loopback port and points the
// storage client at it through STORAGE_EMULATOR_HOST, in this process and
// in the commands it starts; the server stops when the test ends.
func Start(t *testing.T) *fakestorage.Server {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	host := "127.0.0.1:" + strconv.Itoa(port)
	srv, err := fakestorage.NewServerWithOptions(fakestorage.Options{Scheme: "http", Host: "127.0.0.1", Port: uint16(port), PublicHost: host})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Stop)
	t.Setenv("STORAGE_EMULATOR_HOST", host)
	return srv
}
