// Package config holds bookalign's settings: one JSON document that says
// what an experiment computes, read by `bookalign run --config FILE.json`
// and printed by `bookalign config [--preset paper]`.
//
// Settings is the one type: the command line writes into it, the pipeline
// reads it, and its sections are the settings types of the packages that
// use them (Summarizer is features.Settings, Align is read by the
// aligners' transform). Paths (corpus, output, ROUGE data, thesaurus) are
// not settings: they say where things are on one machine, and are flags.
//
// Every field has a documented default. Default returns the product's
// defaults and Paper the paper's exact choices (Bamman and Smith 2013);
// Read starts from the defaults and applies a file over them, refusing
// unknown fields, so that a misspelt setting is an error rather than
// silently ignored.
package config
