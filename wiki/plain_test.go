package wiki

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func TestPlainText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "Hello world.", "Hello world."},
		{"bold italic", "'''''Animal Farm''''' is a ''novella'' by '''Orwell'''.", "Animal Farm is a novella by Orwell."},
		{"apostrophe kept", "Boxer's death and the pigs' farm", "Boxer's death and the pigs' farm"},
		{"four apostrophes", "''''bold''' text", "'bold text"},
		{"piped link", "[[Snowball (Animal Farm)|Snowball]] runs", "Snowball runs"},
		{"plain link", "a [[windmill]] and [[windmill]]s", "a windmill and windmills"},
		{"pipe trick", "[[Snowball (Animal Farm)|]] and [[Help:Link|]]", "Snowball and Link"},
		{"section link", "[[Animal Farm#Animalism|Animalism]]", "Animalism"},
		{"colon link", "[[:Category:Novels]] list", "Category:Novels list"},
		{"category", "Text.\n[[Category:1945 novels]]\n[[Category:Satire]]", "Text."},
		{"interlanguage", "Text.[[fr:La Ferme des animaux]][[zh-yue:動物農莊]]", "Text."},
		{"file with nested links", "A [[File:X.jpg|thumb|left|The [[hammer and sickle]] flag]] B", "A B"},
		{"image", "[[Image:Y.png|200px]]Text", "Text"},
		{"templates", "{{About|the novel}}{{Use dmy dates|date=June 2013}}Old Major{{sfn|Davison|2000|p=}} dies.", "Old Major dies."},
		{"nested templates", "X{{a|{{b|{{c}}}}|d=[[e|f]]}}Y", "XY"},
		{"text templates", "called {{lang|fr|César}}{{snd}}or {{nowrap|Napoléon}}{{mdash}}and 5{{nbsp}}km", "called César – or Napoléon—and 5 km"},
		{"lang-xx", "{{lang-ru|Скотный двор}}", "Скотный двор"},
		{"convert", "a {{convert|26|ft|m}} wall", "a 26 ft wall"},
		{"pipe template", "a {{!}} b", "a | b"},
		{"refs", `Jones.<ref>{{cite web|url=http://x}}</ref> Pigs.<ref name="a"/> Dogs.<ref name=b>x</ref>`, "Jones. Pigs. Dogs."},
		{"ref spaced", "Jones <ref>x</ref>.", "Jones."},
		{"references tag", "Text<references />", "Text"},
		{"comments", "A<!-- hidden [[x]] -->B<!-- unclosed", "AB"},
		{"table", "Before\n{| class=\"wikitable\"\n|-\n| a || b\n{|\n| nested\n|}\n|}\nAfter", "Before\n\nAfter"},
		{"external links", "See [http://example.com the site] and [https://x.org] now", "See the site and now"},
		{"bracket not link", "a [sic] b", "a [sic] b"},
		{"html tags", "<small>a</small> <span style=\"x\">b</span> c<br/>d <sup>2</sup>", "a b c d 2"},
		{"angle text", "if a < b and c > d", "if a < b and c > d"},
		{"entities", "Tom &amp; Jerry&nbsp;&mdash; &quot;hi&quot; &#91;1&#93;", "Tom & Jerry — \"hi\" [1]"},
		{"paragraphs", "One\ntwo.\n\n\nThree.\n \nFour.", "One two.\n\nThree.\n\nFour."},
		{"headings end paragraphs", "A\n=== Pigs ===\nB\n==== x ====\nC", "A\n\nB\n\nC"},
		{"lists", "Commandments:\n# Two legs bad.\n# Four legs good.\n* item\n: indented\n; term", "Commandments: Two legs bad. Four legs good. item indented term"},
		{"rule", "A\n----\nB", "A\n\nB"},
		{"magic words", "__NOTOC__A __TOC__B __not__ c", "A B __not__ c"},
		{"nowiki", "<nowiki>[[not a link]] {{x}}</nowiki> ok", "not a link x ok"},
		{"pre", "<pre>''x''</pre>", "''x''"},
		{"empty parens", "Napoleon ({{lang|fr|}}) and (<ref>x</ref>)", "Napoleon and"},
		{"space before punctuation", "word {{cn}}, then word {{cn}}.", "word, then word."},
		{"gallery", "<gallery>\nFile:A.jpg|a\n</gallery>Text", "Text"},
		{"math", "x <math>\\frac{1}{2}</math> y", "x y"},
		{"unbalanced template", "a {{b c", "a b c"},
		{"unbalanced link", "a [[b c", "a b c"},
		{"stray closers", "a }} b ]] c", "a b c"},
		{"triple braces", "a {{{1|default}}} b", "a b"},
		{"invalid utf8", "a\xffb", "a\uFFFDb"},
		{"crlf", "a\r\n\r\nb", "a\n\nb"},
		{"quote template", "{{quote|All animals are equal.}}", "All animals are equal."},
		{"hlist", "{{hlist|a|b|c}}", "a, b, c"},
		{"unknown tag kept", "<foo>bar</foo>", "<foo>bar</foo>"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := PlainText(tc.in); got != tc.want {
				t.Errorf("PlainText(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestGolden converts the wikitext samples in testdata (written for these
// tests) and compares the result with the .golden file beside each. Run
// "go test ./wiki -run Golden -update" after a deliberate change, and read
// the diff.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.wiki"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			p := &Page{ID: 1, Title: strings.TrimSuffix(filepath.Base(path), ".wiki"), Text: string(raw)}
			var b strings.Builder
			s, err := (&Extractor{}).Extract(p)
			if err != nil {
				b.WriteString("error: " + err.Error() + "\n")
			} else {
				w := NewSummaryWriter(&b)
				if err := w.Write(&s); err != nil {
					t.Fatal(err)
				}
				if err := w.Flush(); err != nil {
					t.Fatal(err)
				}
				b.WriteString("\n" + s.Text + "\n")
			}
			golden := strings.TrimSuffix(path, ".wiki") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if b.String() != string(want) {
				t.Errorf("%s: got\n%s\nwant\n%s", path, b.String(), want)
			}
		})
	}
}

func TestCancelBrackets(t *testing.T) {
	for in, want := range map[string]string{
		"a[[b":   "ab",
		"[[[":    "[",
		"{[[}":   "{}",
		"{[]}":   "{[]}",
		"x}}}}y": "xy",
		"[{}]":   "[{}]",
		"]]]":    "]",
	} {
		got := cancelBrackets(in)
		if got != want {
			t.Errorf("cancelBrackets(%q) = %q, want %q", in, got, want)
		}
	}
}
