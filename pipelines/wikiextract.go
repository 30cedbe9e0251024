package pipelines

import (
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/transforms"
	"github.com/bookalign/bookalign/wiki"
)

// WikiConfig is everything the wiki-extract pipeline needs to know.
type WikiConfig struct {
	// Dump is the pages-articles XML export, plain or .bz2, local or gs://.
	Dump string
	// Index is the multistream index of Dump (plain or .bz2), or empty to
	// read the dump sequentially.
	Index string
	// Out is the output directory, local or gs://.
	Out string
	// ChunkBytes and SplitBytes size the work items and their initial
	// splits when there is an index; 0 means transforms.DefaultChunkBytes
	// and transforms.DefaultSplitBytes.
	ChunkBytes, SplitBytes int64
	// Extractor says which pages are books and which sections are plots;
	// the zero value has the defaults.
	Extractor wiki.Extractor
}

// Check checks a configuration before a pipeline is built from it.
func (c WikiConfig) Check() error {
	if c.Dump == "" || c.Out == "" {
		return fmt.Errorf("a dump and an output directory are required")
	}
	if c.ChunkBytes < 0 || c.SplitBytes < 0 {
		return fmt.Errorf("chunk and split sizes must not be negative")
	}
	return nil
}

// WikiExtract builds the extraction: plan → read (a splittable DoFn over
// the streams of a multistream dump, or one sequential read) → extract →
// write OUT/summaries.tsv and OUT/rejects.jsonl. Every book page ends
// either in summaries.tsv or in rejects.jsonl with a reason, and so does
// every part of the dump that could not be read.
func WikiExtract(s beam.Scope, cfg WikiConfig) {
	s = s.Scope("WikiExtract")
	chunks, badIndex := transforms.PlanDump(s, cfg.Dump, cfg.Index, cfg.ChunkBytes)
	pages, unreadable := transforms.ReadDump(s, chunks, cfg.SplitBytes)
	summaries, noPlot, books := transforms.ExtractSummaries(s, cfg.Extractor, pages)
	transforms.WriteExtract(s, cfg.Out, summaries, books, badIndex, unreadable, noPlot)
}
