package align

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/bookalign/bookalign/text"
)

// Thesaurus holds synonym sets read from the body of Roget's Thesaurus
// (Project Gutenberg eBook #10681, 1911 edition), as the Token HMM's
// emissions need them (§3.2).
//
// The body is a sequence of numbered heads, each opened by a line such as
//
//  1. Existence -- N. existence, being, entity, ens [Lat.], esse [Lat.],
//
// and divided into part-of-speech paragraphs, each opened by a marker (N.,
// V., Adj., Adv., Int., Phr., ...) or, within one part of speech, by an
// indented line:
//
//	     reality, actuality; positiveness &c adj.; fact, matter of fact,
//	sober reality; truth &c 494; actual existence.
//	V. exist, be; have being &c n.; subsist, live, breathe, stand, obtain,
//
// Every paragraph except phrases (Phr., quotations) is one synonym set: its
// single-word entries, lower-cased, in order, without stopwords, at most
// MaxSetSize of them. Cross-references (&c 494, &c adj.), bracketed tags
// ([Lat.], [obs3]), parenthesized notes and braces are removed, and entries
// of several words or with characters other than letters are skipped,
// since the tokenizer could never produce them as one token.
//
// The synonyms of a word are the other members of the sets holding it,
// nearest in the set first and sets in book order, at most MaxSynonyms.
type Thesaurus struct {
	ids   map[string]int32
	words []string
	syn   [][]int32

	mu    sync.Mutex
	forms map[Forms]*thesaurusForms // the words in each Forms asked for
}

// thesaurusForms are the thesaurus's words reduced by one Forms.
type thesaurusForms struct {
	forms   []string         // distinct forms
	index   map[string]int32 // form → index into forms
	of      []int32          // word id → index of its form
	members [][]int32        // index of a form → word ids with that form
}

// inForms returns the thesaurus's words reduced by f, computed once per f.
// It is safe for use by several goroutines.
func (th *Thesaurus) inForms(f Forms) *thesaurusForms {
	th.mu.Lock()
	defer th.mu.Unlock()
	if tf, ok := th.forms[f]; ok {
		return tf
	}
	tf := &thesaurusForms{index: make(map[string]int32), of: make([]int32, len(th.words))}
	for id, w := range th.words {
		form := f.Form(w)
		x, ok := tf.index[form]
		if !ok {
			x = int32(len(tf.forms))
			tf.index[form] = x
			tf.forms = append(tf.forms, form)
			tf.members = append(tf.members, nil)
		}
		tf.of[id] = x
		tf.members[x] = append(tf.members[x], int32(id))
	}
	if th.forms == nil {
		th.forms = make(map[Forms]*thesaurusForms)
	}
	th.forms[f] = tf
	return tf
}

// Caps on the thesaurus.
const (
	// MaxSetSize is the most words kept from one paragraph.
	MaxSetSize = 40
	// MaxSynonyms is the most synonyms kept for one word.
	MaxSynonyms = 30
)

// ErrThesaurus is returned when a thesaurus holds no synonym set.
var ErrThesaurus = errors.New("align: no synonym set found in thesaurus")

// ThesaurusFile is the name of the thesaurus body in the directory given to
// LoadThesaurus.
const ThesaurusFile = "roget-10681-body.txt"

// ThesaurusHint says where to get a thesaurus directory, for the messages
// that find none.
const ThesaurusHint = "bookalign fetch --out CORPUS writes one to CORPUS/thesaurus, and a clone of bookalign has one in sample/thesaurus"

// LoadThesaurus parses dir/ThesaurusFile.
func LoadThesaurus(dir string) (*Thesaurus, error) {
	f, err := os.Open(filepath.Join(dir, ThesaurusFile))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	th, err := ParseThesaurus(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Name(), err)
	}
	return th, nil
}

// ParseThesaurus reads a thesaurus body in the format described at
// Thesaurus. A Project Gutenberg header and footer, if present, are skipped.
func ParseThesaurus(r io.Reader) (*Thesaurus, error) {
	th := &Thesaurus{ids: make(map[string]int32)}
	var sets [][]int32
	p := rogetParser{emit: func(para string) {
		if set := th.set(para); len(set) > 1 {
			sets = append(sets, set)
		}
	}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		if p.line(strings.TrimRight(sc.Text(), "\r")) {
			break
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	p.flush()
	if len(sets) == 0 {
		return nil, ErrThesaurus
	}
	th.link(sets)
	return th, nil
}

// Synonyms returns the synonyms of word (lower-cased), nearest first; nil
// if it has none. The caller must not modify the result's backing words.
func (th *Thesaurus) Synonyms(word string) []string {
	id, ok := th.ids[word]
	if !ok {
		return nil
	}
	out := make([]string, len(th.syn[id]))
	for i, s := range th.syn[id] {
		out[i] = th.words[s]
	}
	return out
}

// Len returns the number of words that have synonyms.
func (th *Thesaurus) Len() int {
	n := 0
	for _, s := range th.syn {
		if len(s) > 0 {
			n++
		}
	}
	return n
}

// id interns w.
func (th *Thesaurus) id(w string) int32 {
	if id, ok := th.ids[w]; ok {
		return id
	}
	id := int32(len(th.words))
	th.ids[w] = id
	th.words = append(th.words, w)
	return id
}

// set turns one paragraph into a synonym set.
func (th *Thesaurus) set(para string) []int32 {
	para = stripNotes(para)
	var set []int32
	for _, item := range strings.FieldsFunc(para, func(r rune) bool { return r == ',' || r == ';' }) {
		w, ok := entryWord(item)
		if !ok {
			continue
		}
		id := th.id(w)
		dup := false
		for _, x := range set {
			dup = dup || x == id
		}
		if !dup {
			set = append(set, id)
		}
		if len(set) == MaxSetSize {
			break
		}
	}
	return set
}

// link builds each word's synonym list from the sets.
func (th *Thesaurus) link(sets [][]int32) {
	th.syn = make([][]int32, len(th.words))
	seen := make(map[int32]bool)
	in := make([][]int32, len(th.words)) // sets holding each word
	for si, set := range sets {
		for _, w := range set {
			in[w] = append(in[w], int32(si))
		}
	}
	for w := range th.words {
		clear(seen)
		var out []int32
		for _, si := range in[w] {
			set := sets[si]
			at := 0
			for i, x := range set {
				if x == int32(w) {
					at = i
				}
			}
			// Nearest first: at-1, at+1, at-2, at+2, ...
			for d := 1; d < len(set) && len(out) < MaxSynonyms; d++ {
				for _, i := range [2]int{at - d, at + d} {
					if i >= 0 && i < len(set) && !seen[set[i]] && len(out) < MaxSynonyms {
						seen[set[i]] = true
						out = append(out, set[i])
					}
				}
			}
		}
		th.syn[w] = out
	}
}

// rogetParser splits the body into paragraphs and hands each
// non-phrase paragraph of a head to emit.
type rogetParser struct {
	emit       func(para string)
	inHead     bool
	afterBlank bool
	phrase     bool // the current part of speech is Phr.
	buf        strings.Builder
}

// line consumes one line and reports whether the body has ended.
func (p *rogetParser) line(l string) (done bool) {
	if strings.Contains(l, "END OF THE PROJECT GUTENBERG") || strings.Contains(l, "END OF THIS PROJECT GUTENBERG") {
		return true
	}
	if strings.Contains(l, "START OF THE PROJECT GUTENBERG") || strings.Contains(l, "START OF THIS PROJECT GUTENBERG") {
		p.flush()
		p.inHead = false
		return false
	}
	trimmed := strings.TrimSpace(l)
	if trimmed == "" {
		p.afterBlank = true
		return false
	}
	indented := l[0] == ' ' || l[0] == '\t'
	if rest, ok := headLine(trimmed); ok {
		p.flush()
		p.inHead, p.phrase, p.afterBlank = true, false, false
		p.paragraph(rest)
		return false
	}
	if !p.inHead {
		return false
	}
	_, marked := posMarker(trimmed)
	switch {
	case indented || marked:
		p.flush()
		p.paragraph(trimmed)
	case p.afterBlank:
		p.flush() // a section heading: the head is over
		p.inHead = false
	default:
		p.buf.WriteByte(' ')
		p.buf.WriteString(trimmed)
	}
	p.afterBlank = false
	return false
}

// paragraph starts a paragraph with text s, noting its part of speech.
func (p *rogetParser) paragraph(s string) {
	if pos, ok := posMarker(s); ok {
		p.phrase = pos == "Phr."
		s = s[len(pos):]
	}
	p.buf.WriteString(s)
}

// flush emits the paragraph being gathered, unless it is phrases.
func (p *rogetParser) flush() {
	if p.buf.Len() > 0 && !p.phrase {
		p.emit(p.buf.String())
	}
	p.buf.Reset()
}

// headLine reports whether l opens a numbered head ("12. Name -- N. ...")
// and returns the text after the dashes.
func headLine(l string) (rest string, ok bool) {
	i := 0
	if i < len(l) && l[i] == '#' {
		i++
	}
	j := i
	for j < len(l) && '0' <= l[j] && l[j] <= '9' {
		j++
	}
	if j == i {
		return "", false
	}
	for j < len(l) && 'a' <= l[j] && l[j] <= 'z' {
		j++
	}
	if !strings.HasPrefix(l[j:], ". ") {
		return "", false
	}
	k := strings.Index(l, "--")
	if k < 0 {
		return "", false
	}
	return strings.TrimSpace(l[k+2:]), true
}

// posMarkers are the part-of-speech markers that open a paragraph.
var posMarkers = []string{"N.", "V.", "Adj.", "Adv.", "Int.", "Phr.", "Prep.", "Conj.", "Pron."}

// posMarker returns the marker that s opens with, if any.
func posMarker(s string) (string, bool) {
	for _, m := range posMarkers {
		if strings.HasPrefix(s, m) && (len(s) == len(m) || s[len(m)] == ' ') {
			return m, true
		}
	}
	return "", false
}

// stripNotes removes bracketed, braced and parenthesized text and the
// cross-references "&c ..." up to the next comma or semicolon.
func stripNotes(s string) string {
	var b strings.Builder
	depth := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '[' || c == '(' || c == '{':
			depth++
		case c == ']' || c == ')' || c == '}':
			if depth > 0 {
				depth--
			}
		case depth > 0:
		case c == '&' && strings.HasPrefix(s[i:], "&c"):
			for i < len(s) && s[i] != ',' && s[i] != ';' {
				i++
			}
			if i < len(s) {
				b.WriteByte(s[i])
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// entryWord returns the lower-cased single word of a thesaurus entry, if it
// is one word of letters that is not a stopword.
func entryWord(item string) (string, bool) {
	w := strings.TrimSpace(item)
	w = strings.TrimRight(w, ".^!?:")
	w = strings.TrimSpace(w)
	if len(w) < 2 {
		return "", false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return "", false
		}
	}
	w = strings.ToLower(w)
	if text.IsStopword(w) {
		return "", false
	}
	return w, true
}
