package align

import (
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
)

// Forms says how the word of a counted token is reduced before the aligners
// compare words. Which tokens count is not affected (see Pair): only which
// of them are the same word. Summaries retell the plot in the present tense
// and books narrate it in the past, and names appear with and without a
// possessive, so exact forms leave the aligners with little but names.
//
// A Forms value is comparable; the zero value compares lower-cased forms
// exactly, as text.Tokens gives them.
type Forms struct {
	// Possessive drops a final "'s" (text.WithoutPossessive): Darcy's is
	// Darcy.
	Possessive bool
	// Lemmas, when set, first replaces an irregular inflected form by its
	// base form from WordNet's exception lists (rouge.Data.Exception, as
	// ROUGE-1.5.5 reads them): told is tell, went is go.
	Lemmas *rouge.Data
	// Stem replaces every word by its Porter stem (text.Stem, the stemmer
	// of ROUGE's -m): returns and returned are return, marries and married
	// marri.
	Stem bool
}

// DefaultForms are the forms Prepare and PrepareText use.
var DefaultForms = Forms{Possessive: true, Stem: true}

// Form returns the form of lower, a text.Token.Lower.
func (f Forms) Form(lower string) string {
	if f.Possessive {
		lower = text.WithoutPossessive(lower)
	}
	if f.Lemmas != nil {
		if base, ok := f.Lemmas.Exception(lower); ok {
			lower = base
		}
	}
	if f.Stem {
		lower = text.Stem(lower)
	}
	return lower
}
