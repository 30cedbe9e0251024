package fetch

import (
	"context"

	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/rouge"
)

// RougeDir is the directory of a fetch directory that holds ROUGE-1.5.5's
// data files, for `bookalign run --rouge-data`.
const RougeDir = "rouge"

// RougeSource is the URL that the manifest gives for a ROUGE data file
// named name: the copy in bookalign's binary, from rouge/data/ of its
// repository; nothing is downloaded.
func RougeSource(name string) string { return fromBinary + "rouge/data/" + name }

// fromBinary starts the manifest's URL of a file that a fetch copies from
// bookalign's binary rather than downloads.
const fromBinary = "bookalign:"

// writeRouge writes into st's RougeDir the copy of ROUGE-1.5.5's data
// files that the binary holds (rouge.BuiltinFile), with the README that
// states their origins and licences, and lists them in its manifest.
func writeRouge(ctx context.Context, st *Store) error {
	for _, name := range append(rouge.DataFiles(), rouge.BuiltinReadme) {
		b, err := rouge.BuiltinFile(name)
		if err != nil {
			return err
		}
		rel := RougeDir + "/" + name
		if err := store.WriteFile(ctx, st.Path(rel), b); err != nil {
			return err
		}
		if _, err := st.Record(rel, RougeSource(name)); err != nil {
			return err
		}
	}
	return nil
}
