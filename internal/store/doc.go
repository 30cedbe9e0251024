// Package store is bookalign's one file layer: every path it takes may be
// local or a URL of an object store (gs://…), read and written through
// Beam's filesystems. It opens, reads (capped for inputs, whole for files a
// run wrote itself), writes atomically, creates exclusively, lists, moves
// and removes trees; IsRemote is the one test of which kind a path is.
//
// Local paths take the operating system's calls where Beam's local
// filesystem would do otherwise: a size is a stat (Beam's opens the file,
// which blocks on a FIFO), a tree moves with one rename, and an exclusive
// create is O_EXCL. An object store has no create-if-absent and no
// directories: a tree is moved and removed object by object.
//
// No pipeline is built here: the package imports Beam's filesystem
// registry only.
package store
