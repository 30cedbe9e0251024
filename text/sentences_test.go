package text

import (
	"reflect"
	"strings"
	"testing"
)

// render writes each sentence as its text, prefixed "H:" for a heading and
// "A:" for apparatus.
func render(text string, ss []Sentence) []string {
	var out []string
	for _, s := range ss {
		prefix := ""
		switch s.Kind {
		case Heading:
			prefix = "H:"
		case Apparatus:
			prefix = "A:"
		}
		out = append(out, prefix+text[s.Start:s.End])
	}
	return out
}

func TestSplitSentences(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"empty", "", nil},
		{"space only", " \n\r\n\t ", nil},
		{"one", "Call me Ishmael.", []string{"Call me Ishmael."}},
		{"two", "Call me Ishmael. Some years ago I went.", []string{"Call me Ishmael.", "Some years ago I went."}},
		{"question and exclamation", "Who? Me! Yes.", []string{"Who?", "Me!", "Yes."}},
		{"no final stop", "It was late and", []string{"It was late and"}},
		{"title abbreviations", "Mr. and Mrs. Bennet met Dr. Jones at St. Paul's with Mme. Defarge and Messrs. Dodson.",
			[]string{"Mr. and Mrs. Bennet met Dr. Jones at St. Paul's with Mme. Defarge and Messrs. Dodson."}},
		{"initials", "J. K. Rowling met M. Poligny. They talked.", []string{"J. K. Rowling met M. Poligny.", "They talked."}},
		{"I ends a sentence", "It was I. Then he left.", []string{"It was I.", "Then he left."}},
		{"dotted abbreviation", "Fruit, e.g. Apples. Also U.S.A. Mail.", []string{"Fruit, e.g. Apples.", "Also U.S.A. Mail."}},
		{"number abbreviation", "He lived at No. 5 Baker Street. It was fine.", []string{"He lived at No. 5 Baker Street.", "It was fine."}},
		{"no before a word", "He said no. Then he went.", []string{"He said no.", "Then he went."}},
		{"decimal", "It cost 3.50 pounds. Dear.", []string{"It cost 3.50 pounds.", "Dear."}},
		{"dialogue tag", `"Where are you going?" said he. "Home," she said.`,
			[]string{`"Where are you going?" said he.`, `"Home," she said.`}},
		{"comma dialogue", `"I know," said he.`, []string{`"I know," said he.`}},
		{"closing quote belongs to the sentence", `"Go away!" He went.`, []string{`"Go away!"`, "He went."}},
		{"curly quotes", "“Go away!” He went. ‘Quite so.’ Yes.", []string{"“Go away!”", "He went.", "‘Quite so.’", "Yes."}},
		{"nested closers", `He said, "It is 'mine.'" Then he left.`, []string{`He said, "It is 'mine.'"`, "Then he left."}},
		{"bracket", "(He left.) Then she came.", []string{"(He left.)", "Then she came."}},
		{"ellipsis before lower case", "I thought... no, I knew.", []string{"I thought... no, I knew."}},
		{"ellipsis before capital", "I thought... Then I knew.", []string{"I thought...", "Then I knew."}},
		{"unicode ellipsis", "Wait… Now.", []string{"Wait…", "Now."}},
		{"spaced ellipsis", "But . . . No.", []string{"But . . .", "No."}},
		{"em dash inside", "He paused—then went on. Next.", []string{"He paused—then went on.", "Next."}},
		{"broken-off speech", `"I was going--" "Stop!" he said.`, []string{`"I was going--"`, `"Stop!" he said.`}},
		{"broken-off speech, em dash", "“I was going—” “Stop!”", []string{"“I was going—”", "“Stop!”"}},
		{"double hyphen inside", "It was--I think--late. Yes.", []string{"It was--I think--late.", "Yes."}},
		{"italic underscores", "_He_ did it. _She_ did not._ Yes.", []string{"_He_ did it.", "_She_ did not._", "Yes."}},
		{"hard-wrapped lines", "It was the best of times, it was the worst\nof times. It was the age\nof wisdom.",
			[]string{"It was the best of times, it was the worst\nof times.", "It was the age\nof wisdom."}},
		{"CRLF", "One line\r\nand more. Two.\r\n\r\nThree.\r\n", []string{"One line\r\nand more.", "Two.", "Three."}},
		{"paragraph ends a sentence", "No stop here\n\nNew paragraph.", []string{"No stop here", "New paragraph."}},
		{"blank line with spaces", "One.\n   \t\nTwo.", []string{"One.", "Two."}},
		{"chapter heading", "CHAPTER I.\n\nIt was a dark night.", []string{"H:CHAPTER I.", "It was a dark night."}},
		{"heading glued to prose", "CHAPTER IV\nIt was a dark night.", []string{"H:CHAPTER IV", "It was a dark night."}},
		{"heading with title", "CHAPTER I - THE ONE THING NEEDFUL\n\n'NOW, what I want is, Facts.",
			[]string{"H:CHAPTER I - THE ONE THING NEEDFUL", "'NOW, what I want is, Facts."}},
		{"title paragraph under a heading", "Last words.\n\nCHAPTER I.\n\nMr. Vavasor and His Daughter.\n\nWhether or no.",
			[]string{"Last words.", "H:CHAPTER I.", "H:Mr. Vavasor and His Daughter.", "Whether or no."}},
		{"one-word title", "Last words.\n\nCHAPTER 1\n\nLoomings\n\nCall me Ishmael.",
			[]string{"Last words.", "H:CHAPTER 1", "H:Loomings", "Call me Ishmael."}},
		{"one-word sentence under a heading", "Last words.\n\nCHAPTER 1\n\nNow.\n\nYes, Sir.",
			[]string{"Last words.", "H:CHAPTER 1", "Now.", "Yes, Sir."}},
		{"two-line heading", "Chapter 12\nIn Which the Hero Returns\nHe came back. Nobody saw.",
			[]string{"H:Chapter 12", "H:In Which the Hero Returns", "He came back.", "Nobody saw."}},
		{"bare numeral", "Last words.\n\nXIV\n\nFirst words.", []string{"Last words.", "H:XIV", "First words."}},
		{"decorated numeral", "Last words.\n\n-2-\n\nFirst words.", []string{"Last words.", "H:-2-", "First words."}},
		{"capitals heading", "Last words.\n\nMARLEY'S GHOST\n\nMarley was dead.", []string{"Last words.", "H:MARLEY'S GHOST", "Marley was dead."}},
		{"shouted dialogue is not a heading", "Last words.\n\n\"HELP!\"\n\nHe ran.", []string{"Last words.", `"HELP!"`, "He ran."}},
		{"book the first", "Last words.\n\nBOOK THE FIRST - SOWING\n\nNow.", []string{"Last words.", "H:BOOK THE FIRST - SOWING", "Now."}},
		{"part is a verb", "Last words.\n\nPart the curtains.\n\nNow.", []string{"Last words.", "Part the curtains.", "Now."}},
		{"the end", "Last words.\n\nTHE END", []string{"Last words.", "H:THE END"}},
		{"illustration", "Last words.\n\n[Illustration: The Cat]\n\nNow.", []string{"Last words.", "A:[Illustration: The Cat]", "Now."}},
		{"illustration over paragraphs", "Last words.\n\n[Illustration: THIS BOOK BELONGS\n\nTO]\n\nNow.",
			[]string{"Last words.", "A:[Illustration: THIS BOOK BELONGS", "A:TO]", "Now."}},
		{"illustration then prose", "Last words.\n\n[Illustration] The cat sat. It slept.",
			[]string{"Last words.", "A:[Illustration]", "The cat sat.", "It slept."}},
		{"transcriber's note", "Last words.\n\nTranscriber's Note: Spelling kept. Typos fixed.\n\nNow.",
			[]string{"Last words.", "A:Transcriber's Note: Spelling kept.", "A:Typos fixed.", "Now."}},
		{"front matter", "THE CAT\n\nby\n\nA. N. AUTHOR\n\nCHAPTER I\n\nThe cat sat on the mat. It slept.",
			[]string{"A:THE CAT", "A:by", "A:A. N. AUTHOR", "H:CHAPTER I", "The cat sat on the mat.", "It slept."}},
		{"no prose, no front matter", "Short.", []string{"Short."}},
		{"front matter and contents", "Not prose\n\nCONTENTS\n\nI. The Cat\n\nTHE CAT\n\nThe cat sat on the mat.",
			[]string{"A:Not prose", "A:CONTENTS", "H:I. The Cat", "H:THE CAT", "The cat sat on the mat."}},
		{"contents", "The first words of the book.\n\nCONTENTS\n\nI. The Cat\nII. The Dog\nIII. The End\n\nCHAPTER I\nTHE CAT\n\nThe cat sat on the mat.",
			[]string{"The first words of the book.", "A:CONTENTS", "A:I. The Cat", "A:II. The Dog", "A:III. The End", "H:CHAPTER I", "H:THE CAT", "The cat sat on the mat."}},
		{"contents with pages", "The text begins here.\n\nContents\n\nMarley's Ghost ........ 1\nThe First Spirit ...... 32\n\nThe story. It goes on.",
			[]string{"The text begins here.", "A:Contents", "A:Marley's Ghost ........ 1", "A:The First Spirit ...... 32", "The story.", "It goes on."}},
		{"list of illustrations", "The text begins here.\n\nLIST OF ILLUSTRATIONS\n\n\"Go away!\" cried he.      14\n\nThe Balcony.     Frontispiece\n\nNow the story. Yes.",
			[]string{"The text begins here.", "A:LIST OF ILLUSTRATIONS", `A:"Go away!" cried he.      14`, "A:The Balcony.     Frontispiece", "Now the story.", "Yes."}},
		{"numbered entries", "The text begins here.\n\nCONTENTS\n\n1. The Pickwickians\n\n2. The first Day's Journey, and the first Evening's\nAdventures; with their Consequences\n\nCHAPTER I. THE PICKWICKIANS\n\nThe first ray of light. It shone.",
			[]string{"The text begins here.", "A:CONTENTS", "A:1. The Pickwickians", "A:2. The first Day's Journey, and the first Evening's", "A:Adventures; with their Consequences", "H:CHAPTER I. THE PICKWICKIANS", "The first ray of light.", "It shone."}},
		{"double-spaced", "One line\r\rand the next.\r\r\r\rA new paragraph\r\rhere.\r\r\r\r" + strings.Repeat("It was\r\rso.\r\r\r\r", 10),
			append([]string{"One line\r\rand the next.", "A new paragraph\r\rhere."}, strings.Split(strings.Repeat("It was\r\rso.\r\r\r\r", 10), "\r\r\r\r")[:10]...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ss := SplitSentences(tt.in, Span{0, len(tt.in)})
			if got := render(tt.in, ss); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("SplitSentences(%q)\ngot  %q\nwant %q", tt.in, got, tt.want)
			}
			checkSentences(t, tt.in, Span{0, len(tt.in)}, ss)
		})
	}
}

// checkSentences checks the invariants of SplitSentences: sentences in
// order, inside body, trimmed, not overlapping, covering every non-space
// byte of body, with paragraph numbers that never decrease.
func checkSentences(tb testing.TB, text string, body Span, ss []Sentence) {
	tb.Helper()
	pos, para := body.Start, 0
	for i, s := range ss {
		if s.Start < pos || s.End > body.End || s.Start >= s.End {
			tb.Fatalf("sentence %d %v out of order or range (previous end %d, body %v)", i, s.Span, pos, body)
		}
		if !isBlank(text[pos:s.Start]) {
			tb.Fatalf("sentence %d %v: non-space text %q before it is in no sentence", i, s.Span, text[pos:s.Start])
		}
		if trimSpan(text, s.Span) != s.Span {
			tb.Fatalf("sentence %d %q is not trimmed", i, text[s.Start:s.End])
		}
		if s.Paragraph < para {
			tb.Fatalf("sentence %d: paragraph %d after %d", i, s.Paragraph, para)
		}
		if s.Kind > Apparatus {
			tb.Fatalf("sentence %d: kind %d", i, s.Kind)
		}
		pos, para = s.End, s.Paragraph
	}
	if !isBlank(text[pos:body.End]) {
		tb.Fatalf("non-space text %q after the last sentence is in no sentence", text[pos:body.End])
	}
}

func TestSplitSentencesParagraphs(t *testing.T) {
	const in = "One. Two.\n\nThree\nfour.\n\n\n\nCHAPTER V\n\nFive."
	var got []int
	for _, s := range SplitSentences(in, Span{0, len(in)}) {
		got = append(got, s.Paragraph)
	}
	if want := []int{0, 0, 1, 2, 3}; !reflect.DeepEqual(got, want) {
		t.Errorf("paragraphs = %v, want %v", got, want)
	}
}

func TestSplitSentencesSubspan(t *testing.T) {
	const in = "Not this. Yes this. And this. Not."
	got := render(in, SplitSentences(in, Span{10, 29}))
	if want := []string{"Yes this.", "And this."}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestSplitLong(t *testing.T) {
	// A glossary: one "sentence" of many short lines with no capital after
	// its full stops.
	var b strings.Builder
	for i := 0; i < 150; i++ {
		b.WriteString("word, a meaning.\n")
	}
	gloss := b.String()
	ss := SplitSentences(gloss, Span{0, len(gloss)})
	if len(ss) != 150 {
		t.Errorf("glossary of 150 lines: %d sentences, want 150", len(ss))
	}
	// Unpunctuated lines are cut so that no piece passes maxSentenceWords.
	verse := strings.Repeat("and the waves rolled on and on\n", 200)
	ss = SplitSentences(verse, Span{0, len(verse)})
	for _, s := range ss {
		if n := BudgetWords(verse[s.Start:s.End]); n > maxSentenceWords {
			t.Errorf("piece of %d words", n)
		}
	}
	if len(ss) < 5 {
		t.Errorf("1,400 unpunctuated words: %d sentences", len(ss))
	}
	checkSentences(t, verse, Span{0, len(verse)}, ss)
	// One long line is left whole.
	line := strings.Repeat("and on ", 300)
	if ss := SplitSentences(line, Span{0, len(line)}); len(ss) != 1 {
		t.Errorf("one long line: %d sentences, want 1", len(ss))
	}
}

func TestHeadings(t *testing.T) {
	for _, tt := range []struct {
		line         string
		strong, weak bool
	}{
		{"CHAPTER IV.", true, true},
		{"Chapter 12", true, false},
		{"CHAP. XII.", true, true},
		{"STAVE ONE", true, true},
		{"Book the First", true, false},
		{"CHAPTER THE LAST", true, true},
		{"PART II. THE RIVER", true, true},
		{"CHAPTER I - THE ONE THING NEEDFUL", true, true},
		{"CHAPTER XXI--In Which Things Happen", true, false},
		{"XIV", true, true},
		{"xiv.", true, false},
		{"[ 12 ]", true, false},
		{"I.  A MYSTERIOUS DISAPPEARANCE.", true, true},
		{"I. David and I Set Forth Upon a Journey", true, false},
		{"PREFACE", true, true},
		{"Epilogue.", true, false},
		{"THE END", true, true},
		{"MARLEY'S GHOST", false, true},
		{"\"HELP!\"", false, false},
		{"Part the curtains.", false, false},
		{"Chapter and verse were quoted.", false, false},
		{"CHAPTER I. It was a dark and stormy night", false, false},
		{"DIM", false, true},
		{"M. Riviere bent his head.", false, false},
		{"It was I.", false, false},
	} {
		if got := strongHeading(tt.line); got != tt.strong {
			t.Errorf("strongHeading(%q) = %v, want %v", tt.line, got, tt.strong)
		}
		if got := weakHeading(tt.line); got != tt.weak {
			t.Errorf("weakHeading(%q) = %v, want %v", tt.line, got, tt.weak)
		}
	}
}

func TestIsRoman(t *testing.T) {
	for s, want := range map[string]bool{
		"I": true, "IV": true, "XIV": true, "MCMXCIX": true, "xlii": true, "MMMCMXCIX": true,
		"": false, "IIII": false, "IC": false, "DIM": false, "CIVIL": false, "Xi": false, "MMMM": false,
	} {
		if got := isRoman(s); got != want {
			t.Errorf("isRoman(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Prose: "prose", Heading: "heading", Apparatus: "apparatus", 9: "unknown"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", k, got, want)
		}
	}
}
