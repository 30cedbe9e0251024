// Package transforms holds bookalign's Beam PTransforms: thin composites over
// the pure packages (corpus, text, rouge, evaluate), with their registration,
// metrics and the reject outputs that make every input pair accountable.
//
// Each composite opens a scope named after itself ("transforms.ReadPairs"),
// makes one call into a pure package per element, and sends a bad element to
// a rejects output (a PCollection of Reject) with a reason instead of failing
// the bundle. Settings live in exported DoFn fields; anything that cannot be
// serialized is rebuilt in Setup. No algorithm lives here.
//
// Files are read and written through Beam's filesystem package, so every
// path may be local or a gs:// URL.
package transforms
