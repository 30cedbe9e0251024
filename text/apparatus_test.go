package text

import (
	"strings"
	"testing"
)

// TestCorpusSentences parses every book and summary of the shared corpus,
// checks the invariants of SplitSentences, and reports how much is marked
// as headings and apparatus.
func TestCorpusSentences(t *testing.T) {
	t.Parallel()
	var books, withApparatus, sentences, headings, apparatus, long int
	for _, b := range loadCorpus(t) {
		doc, err := ParseBook(b.raw)
		if err != nil {
			t.Errorf("%s: %v", b.id, err)
			continue
		}
		checkSentences(t, doc.Text, doc.Body, doc.Sentences)
		books++
		n := 0
		for _, s := range doc.Sentences {
			sentences++
			switch s.Kind {
			case Heading:
				headings++
			case Apparatus:
				apparatus++
				n++
			case Prose:
				if s.Len() > 2*maxSentenceWords && BudgetWords(doc.Str(s.Span)) > maxSentenceWords {
					long++
				}
			}
		}
		if n > 0 {
			withApparatus++
		}
		// The lowest is The Dynasts, a verse drama whose speakers' names in
		// capitals are headings: 78%.
		if p := len(doc.Prose()); p < len(doc.Sentences)*3/4 {
			t.Errorf("%s: only %d of %d sentences are prose", b.id, p, len(doc.Sentences))
		}

		sum, err := ParseSummary(b.summary)
		if err != nil {
			t.Errorf("%s summary: %v", b.id, err)
			continue
		}
		checkSentences(t, sum.Text, sum.Body, sum.Sentences)
		for _, s := range sum.Sentences {
			if s.Kind != Prose {
				t.Errorf("%s summary: %s sentence %q", b.id, s.Kind, sum.Str(s.Span))
			}
		}
	}
	t.Logf("%d books, %d sentences: %d headings, %d apparatus (in %d books); %d prose sentences over %d words",
		books, sentences, headings, apparatus, withApparatus, long, maxSentenceWords)
	if long > 10 {
		t.Errorf("%d prose sentences have more than %d words", long, maxSentenceWords)
	}
}

// TestCorpusFrontMatter checks front matter, contents and lists of
// illustrations in books of the corpus that have them.
func TestCorpusFrontMatter(t *testing.T) {
	t.Parallel()
	tests := []struct {
		id string
		// firstProse starts the first prose sentence.
		firstProse string
		// kinds gives the kind of a sentence that starts so (the same text
		// may also be, say, a line of the contents).
		kinds map[string]Kind
		// proseAfter starts a prose sentence, all of whose predecessors
		// back to the sentence starting with listStart are not prose.
		listStart, proseAfter string
	}{
		{id: "mary-barton", firstProse: `"Oh! 't is hard`, // the epigraph of Chapter I
			kinds: map[string]Kind{"MARY BARTON": Apparatus, "CONTENTS": Apparatus, "XVIII.   Murder.": Apparatus,
				"XXXVIII. Conclusion.": Apparatus, "I.  A MYSTERIOUS DISAPPEARANCE.": Heading,
				"There are some fields near Manchester": Prose},
			listStart: "CONTENTS", proseAfter: `"Oh! 't is hard`},
		{id: "a-christmas-carol", firstProse: "The combined qualities of the realist", // the editor's introduction
			kinds: map[string]Kind{"A CHRISTMAS CAROL": Apparatus, "STAVE ONE": Heading, "MARLEY'S GHOST": Heading,
				`_"He had been Tim's blood horse`: Apparatus, "[Illustration: _\"A Merry Christmas": Apparatus,
				"STAVE TWO": Heading, "Marley was dead, to begin with.": Prose},
			listStart: "CONTENTS", proseAfter: "Marley was dead, to begin with."},
		{id: "the-cricket-on-the-hearth", firstProse: "The combined qualities of the realist",
			kinds:     map[string]Kind{"List of Illustrations": Apparatus, "_Tilly Slowboy_": Apparatus, "CHIRP THE FIRST": Heading},
			listStart: "List of Illustrations", proseAfter: "The kettle began it!"},
		{id: "can-you-forgive-her", firstProse: "Whether or no, she, whom you are to forgive",
			kinds: map[string]Kind{"ILLUSTRATIONS.": Apparatus, "The Balcony at Basle.": Apparatus,
				"CHAPTER I.": Heading, "Mr. Vavasor and His Daughter.": Heading, "Lady Macleod.": Heading},
			listStart: "ILLUSTRATIONS.", proseAfter: "Whether or no, she, whom you are to forgive"},
		{id: "the-pickwick-papers", firstProse: "The first ray of light which illumines the gloom",
			kinds: map[string]Kind{"1. The Pickwickians": Apparatus, "2. The first Day's Journey": Apparatus,
				"CHAPTER I. THE PICKWICKIANS": Heading},
			listStart: "CONTENTS", proseAfter: "The first ray of light which illumines the gloom"},
		{id: "kenilworth", firstProse: "A certain degree of success",
			kinds:     map[string]Kind{"Contents": Apparatus, "CHAPTER XLI.": Apparatus, "INTRODUCTION": Heading},
			listStart: "Contents", proseAfter: "A certain degree of success"},
		{id: "the-little-white-bird", firstProse: "Sometimes the little boy who calls me father",
			kinds: map[string]Kind{"XXVI. The Dedication": Apparatus, "I. David and I Set Forth Upon a Journey": Heading,
				"II. The Little Nursery Governess": Heading},
			listStart: "CONTENTS", proseAfter: "Sometimes the little boy who calls me father"},
		{id: "moby-dick-or-the-whale", firstProse: "Call me Ishmael.",
			kinds: map[string]Kind{"MOBY DICK;": Apparatus, "Loomings": Heading, "The Carpet-Bag": Heading}},
		{id: "heart-of-darkness", firstProse: "The Nellie, a cruising yawl, swung to her anchor"},
		{id: "pride-and-prejudice", firstProse: "It is a truth universally acknowledged"},
		{id: "hard-times", firstProse: "'NOW, what I want is, Facts.",
			kinds: map[string]Kind{"CHAPTER I - THE ONE THING NEEDFUL": Heading}},
		{id: "catriona", firstProse: "It is the fate of sequels", // a double-spaced file with "\r" line ends
			kinds: map[string]Kind{"DEDICATION.": Apparatus}},
	}
	for _, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			b := findBook(t, tt.id)
			doc, err := ParseBook(b.raw)
			if err != nil {
				t.Fatal(err)
			}
			text := func(s Sentence) string { return doc.Str(s.Span) }
			prose := doc.Prose()
			if len(prose) == 0 || !strings.HasPrefix(text(prose[0]), tt.firstProse) {
				t.Errorf("first prose sentence %q, want it to start %q", text(prose[0]), tt.firstProse)
			}
			for start, want := range tt.kinds {
				var kinds []Kind
				for _, s := range doc.Sentences {
					if strings.HasPrefix(text(s), start) {
						kinds = append(kinds, s.Kind)
						if s.Kind == want {
							break
						}
					}
				}
				if len(kinds) == 0 || kinds[len(kinds)-1] != want {
					t.Errorf("sentences starting %q are %v, want one %s", start, kinds, want)
				}
			}
			if tt.listStart == "" {
				return
			}
			list := -1
			for i, s := range doc.Sentences {
				switch {
				case list < 0 && strings.HasPrefix(text(s), tt.listStart):
					list = i
				case list >= 0 && s.Kind == Prose:
					if !strings.HasPrefix(text(s), tt.proseAfter) {
						t.Errorf("first prose after %q is %q, want %q", tt.listStart, text(s), tt.proseAfter)
					}
					return
				}
			}
			t.Errorf("no prose after %q", tt.listStart)
		})
	}
}
