// Package report writes a run's HTML report: an index page with the results
// table, the paper's figures, a ROUGE chart, the strongest features of each
// trained summarizer and a sortable list of books; and one page per book that
// puts the reference summary beside the book, highlights the passage each
// aligner chose for a summary sentence, draws a minimap of where every
// summary sentence landed for every method, and marks the sentences each
// generated summary picked.
//
// The pages are static and self-contained: html/template with contextual
// escaping (book and summary text is untrusted and always shows as text), a
// stylesheet and a small script embedded with embed, figures inlined as data
// URLs, no network access. They work from file:// and from any static web
// server.
//
// A book is rendered once as a single text node; highlights are ranges over
// it (the CSS Custom Highlight API), placed by UTF-16 offsets computed here,
// so a 160,000-word book costs no per-word DOM nodes.
//
// Build reads a finished run's outputs (results.json, alignments/,
// summaries/, features/, figures/) and the corpus through internal/store,
// bookalign's one file layer, so the same code serves `bookalign run` and
// `bookalign report`, on local paths or gs://.
//
// Package report builds no pipeline: it imports Beam's filesystem registry
// only, through internal/store.
package report
