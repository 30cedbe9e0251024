// Package procache shares the training sets' collections, and the indexes
// over them, among the bundles of a process: a training set's collection is
// tens of megabytes for a large corpus (the document frequency of every
// word), and the bundles of the featurizing stage that run at once need
// the same ones.
//
// Collection builds a set's collection from its encoded statistics, once
// in the process while a bundle uses it; a Collection carries the key of
// the bytes and settings it was built from. SetsIndex builds the index of
// several collections (features.NewSetsIndex), keyed by their keys, so an
// index is shared by the bundles that hold the same collections.
//
// Both are built through a process.Cache, whose entries are weak: a value
// lives as long as a bundle uses it, and a cached value is the one any
// bundle would build from the same bytes (internal/process).
package procache
