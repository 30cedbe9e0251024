package wiki_test

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/bookalign/bookalign/wiki"
)

// A whole export read sequentially: articles only, book pages turned into
// summary rows, and rejects reported.
func Example() {
	export := `<mediawiki>
  <page><title>Fable (novel)</title><ns>0</ns><id>42</id><revision><id>1</id><text>{{Infobox book
| name = Fable | author = [[A. Writer]] | genre = [[Fable]], satire | pub_date = 1 May 1901 }}
'''''Fable''''' is a novel.&lt;ref&gt;Source.&lt;/ref&gt;

== Plot summary ==
A [[fox]] meets a ''crow''.{{sfn|Writer|1901}}

The crow sings; the cheese falls.
== Reception ==
Praised.</text></revision></page>
  <page><title>Essay</title><ns>0</ns><id>43</id><revision><id>2</id><text>{{Infobox book|name=Essay}}
== Argument ==
None.</text></revision></page>
  <page><title>Fox</title><ns>0</ns><id>44</id><redirect title="Red fox"/><revision><id>3</id><text>#REDIRECT [[Red fox]]</text></revision></page>
</mediawiki>`
	r := wiki.NewReader(strings.NewReader(export)) // wiki.Decompress first for .bz2
	w := wiki.NewSummaryWriter(os.Stdout)
	var x wiki.Extractor
	pages, skipped := 0, 0
	for r.Scan() {
		p := r.Page()
		pages++
		if !p.IsArticle() {
			skipped++
			continue
		}
		s, err := x.Extract(&p)
		var rej *wiki.Reject
		switch {
		case err == nil:
			w.Write(&s)
		case errors.As(err, &rej):
			fmt.Printf("reject %d: %s\n", rej.WikipediaID, rej.Reason)
		}
	}
	w.Flush()
	if err := r.Err(); err != nil {
		fmt.Println(err)
	}
	fmt.Printf("%d pages read, %d skipped\n", pages, skipped)
	// Output:
	// reject 43: no plot section
	// 42		Fable	A. Writer	1901-05-01	["Fable","satire"]	A fox meets a crow. The crow sings; the cheese falls.
	// 3 pages read, 1 skipped
}

// PlainText on a snippet of wikitext.
func ExamplePlainText() {
	fmt.Println(wiki.PlainText(`'''[[Old Major]]''', the old boar,<ref>Orwell, p. 1.</ref> calls a meeting ` +
		`{{sfn|Orwell|1945}} and teaches ''[[Beasts of England|the song]]'' &ndash; [[File:Boar.jpg|thumb|A boar]]`))
	// Output:
	// Old Major, the old boar, calls a meeting and teaches the song –
}
