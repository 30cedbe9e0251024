package layout

import "github.com/bookalign/bookalign/corpus"

// Extract names the files of wiki-extract's output directory Dir.
type Extract struct {
	Dir string
}

// Summaries is summaries.tsv, one extracted plot summary a row
// (wiki.Summary).
func (e Extract) Summaries() string { return corpus.Join(e.Dir, "summaries.tsv") }

// Rejects is rejects.jsonl, the book pages and streams that gave no
// summary, with the reason.
func (e Extract) Rejects() string { return corpus.Join(e.Dir, "rejects.jsonl") }

// Dump names the tree reprocess makes for one dump under Dir
// (OUT/YYYYMMDD): the extraction, the corpus matched from it, the run on
// that corpus and what changed since the previous dump.
type Dump struct {
	Dir string
}

// Extract is wiki-extract's output for the dump.
func (d Dump) Extract() Extract { return Extract{Dir: corpus.Join(d.Dir, "extract")} }

// Corpus is the corpus match made from the extracted summaries.
func (d Dump) Corpus() corpus.Layout { return corpus.Layout{Dir: corpus.Join(d.Dir, "corpus")} }

// Results is the output directory of the run on the corpus.
func (d Dump) Results() Out { return Out{Dir: corpus.Join(d.Dir, "results")} }

// Changes is changes.md, what changed since the previous processed dump.
func (d Dump) Changes() string { return corpus.Join(d.Dir, "changes.md") }
