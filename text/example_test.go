package text_test

import (
	"fmt"

	"github.com/bookalign/bookalign/text"
)

func ExampleSplitSentences() {
	const raw = "CHAPTER I.\n\n\"Who put out the light?\" cried Mrs. Pell from the stair. \"Was it\nthe wind?\"\n"
	for _, s := range text.SplitSentences(raw, text.GutenbergBody(raw)) {
		fmt.Printf("%-7s %q\n", s.Kind, raw[s.Start:s.End])
	}
	// Output:
	// heading "CHAPTER I."
	// prose   "\"Who put out the light?\" cried Mrs. Pell from the stair."
	// prose   "\"Was it\nthe wind?\""
}

func ExampleCountWords() {
	const s = "It was the best of times, it was the worst of times."
	fmt.Println(text.CountWords(s), text.BudgetWords(s))
	// Output: 4 12
}

func ExamplePrefixWords() {
	const s = "Ishmael goes to sea. He meets Ahab."
	p := text.PrefixWords(s, text.Span{Start: 0, End: len(s)}, 5)
	fmt.Printf("%q\n", s[p.Start:p.End])
	// Output: "Ishmael goes to sea. He"
}

func ExampleParseBook() {
	_, err := text.ParseBook("Good.\n\nBad \xff here.")
	fmt.Println(err)
	// Output: text: invalid UTF-8 (byte 11)
}

func ExampleASCIITokens() {
	fmt.Printf("%q\n", text.ASCIITokens("Don't stop, Café 7:30!"))
	// Output: ["don" "t" "stop" "caf" "7" "30"]
}

func ExampleStem() {
	for _, w := range []string{"generalizations", "agreement", "argument", "ponies"} {
		fmt.Println(w, text.Stem(w))
	}
	// Output:
	// generalizations gener
	// agreement agreem
	// argument argum
	// ponies poni
}
