// Package pipelines builds bookalign's Beam pipelines. Each file holds one
// pipeline that reads top-down like the paper's experiment, one line per
// stage, so that the command line and the tests build the same graph.
package pipelines
