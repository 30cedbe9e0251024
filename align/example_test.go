package align_test

import (
	"fmt"
	"log"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/text"
)

func Example() {
	book, err := text.ParseBook("The ship left the harbour at dawn. Marlow watched the river. " +
		"Days later the steamer reached the inner station. Kurtz lay dying in the hut. " +
		"The manager said nothing at all.")
	if err != nil {
		log.Fatal(err)
	}
	summary, err := text.ParseSummary("Marlow sails up the river. He finds Kurtz dying in a hut.")
	if err != nil {
		log.Fatal(err)
	}
	p, err := align.Prepare(book, summary)
	if err != nil {
		log.Fatal(err)
	}
	// Jing's aligner, labelling every sentence of each aligned span.
	aligner, err := align.New(align.MethodJing, align.Options{WholeSpans: true})
	if err != nil {
		log.Fatal(err)
	}
	a, err := aligner.Align(p)
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range a.Sentences {
		if s.Aligned {
			fmt.Printf("%q -> %q\n", p.SummarySentence(s.SummaryIndex), book.Text[s.Bytes.Start:s.Bytes.End])
		}
	}
	// Output:
	// "Marlow sails up the river." -> "Marlow watched the river"
	// "He finds Kurtz dying in a hut." -> "Kurtz lay dying in the hut"
}
