// Package transforms holds bookalign's Beam PTransforms: thin composites over
// the pure packages (corpus, text, align, classify, rouge, evaluate,
// outcome, wiki, match), with their registration, metrics and the reject
// outputs that make every input pair accountable.
//
// Each composite opens a scope named after itself ("transforms.ReadPairs"),
// makes one call into a pure package per element, and sends a bad element to
// a rejects output (a PCollection of Reject) with a reason instead of failing
// the bundle. Settings live in exported DoFn fields; anything that cannot be
// serialized is rebuilt in Setup. No algorithm lives here.
//
// Files are read and written through Beam's filesystem package, so every
// path may be local or a gs:// URL.
//
// Claim check. The training stages (FoldSplit, Train, Render) pass
// their large values, a book's compact data, its features for each training
// set, a trained model, a pair's texts, through files of the run's work
// directory (WorkDir, inside the output directory) and shuffle only keys and
// book IDs; RemoveWork removes the directory when they are done (spill.go).
//
// Parsed once. LoadPairs is the one stage that parses a book or summary:
// a PairText carries both as text.Documents (sentences and body with the
// text), and its coder (paircoder.go) encodes them with
// text.Document.MarshalBinary, so a later stage decodes a pair instead of
// parsing it again.
//
// Runners. No stage that runs long reads a side input: prism spins its
// scheduler while a stage that reads one has a bundle in progress, so the
// plan, the sets' statistics and the training inputs meet their stages by
// CoGroupByKey, and only short stages (routeTest, RemoveWork) read one.
// A DoFn's process-wide resources, its cores and the training slot, come
// from internal/process, whose doc says how each runner treats them, and
// the collections shared between bundles from internal/procache. The
// runners' limits that shape the pipeline are listed once in
// docs/running.md, "Runner limits the pipeline works around".
//
// Registration. Functions, emitters and iterators are registered with the
// typed register.FunctionNxM, register.EmitterN and register.IterN helpers.
// Struct DoFns are registered with beam.RegisterType instead of
// register.DoFnNxM, whose every instantiation costs the Go compiler
// seconds and hundreds of megabytes (each about 17 s and 460 MB of
// compiler; fifty DoFns took over ten minutes and 7 GB, by type 7 s and
// 180 MB).
// Registered by type, the DoFns are found by every runner (prism, direct,
// portable, Dataflow) and called through reflection, which costs nothing
// measurable next to aligning a book.
package transforms
