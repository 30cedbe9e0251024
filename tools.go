//go:build tools

// This file pins dependencies that are used only by tests or by code still
// to come, so that go mod tidy keeps them.
package tools

import (
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/fsouza/fake-gcs-server/fakestorage"
	_ "gonum.org/v1/gonum/optimize"
)
