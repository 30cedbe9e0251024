// Package layout names the files bookalign writes: every path of a run's
// output directory (Out), of its work directory (Work) and of its HTML
// report (Report), the output directory of wiki-extract (Extract), and the
// tree reprocess makes for one dump (Dump). Writers, the report and
// reprocess all take their paths from here, so that the layout is written
// down once; a test fails when a path of these trees is spelled as a
// string literal anywhere else.
//
// A layout is rooted at Dir, a local directory or a URL such as
// gs://bucket/prefix, and paths are joined with '/', as corpus.Layout does
// for a corpus. The zero value of each type names its paths relative to
// its directory: Rel.Model("passage") is "models/passage.json", the path
// an Artifact carries before it is written under the output directory.
//
// The package is pure: it never imports Beam and touches no file.
package layout
