package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/rouge"
	"github.com/bookalign/bookalign/text"
)

// variant is one aligner configuration the command can measure, named
// METHOD[:OPTION...], for instance token:exact:nocontext.
type variant struct {
	name    string
	forms   align.Forms
	aligner func(th *align.Thesaurus) align.Aligner
}

func (v variant) prepare(book, summary *text.Document) (*align.Pair, error) {
	return align.PrepareForms(book, summary, v.forms)
}

// variantHelp lists the names parseVariant accepts.
const variantHelp = `METHOD[:OPTION...]
  METHOD  passage (seed 1) | token (no synonyms) | jing, at the defaults of align.New,
          as bookalign run aligns
  forms   exact (lower-cased tokens as they are) | poss (possessive 's removed)
          | stem (align.DefaultForms: possessive removed, Porter stem)
          | lemma (possessive removed, WordNet exceptions, Porter stem; needs -rouge-data)
  nocontext   leave sentences with no word in the book unaligned (passage, token)
  syn         token with Roget's Thesaurus (-thesaurus): the paper's synonym emissions
              (bookalign run --set align.synonyms=true)
  ctxpost     passage: place sentences with no word in the book at their most probable
              state under the transitions (PassageHMM.Neighbours off) instead of
              between their neighbours' passages
  mu=X        passage with Dirichlet prior strength μ = X (PassageHMM.Prior)
  rounds=N    passage or token with N EM rounds (align.iterations)`

// newAligner returns align.New's aligner called method with opts and seed
// 1, the pipeline's defaults but for opts; method is one of align's method
// names.
func newAligner(method string, opts align.Options) align.Aligner {
	opts.Seed = 1
	a, err := align.New(method, opts)
	if err != nil {
		panic(err) // a method name of package align
	}
	return a
}

// parseVariant returns the variant called name.
func parseVariant(name string, lemmas *rouge.Data) (variant, error) {
	parts := strings.Split(name, ":")
	v := variant{name: name, forms: align.DefaultForms}
	noContext, syn, ctxPost := false, false, false
	var mu float64
	rounds := 0
	for _, o := range parts[1:] {
		if x, ok := strings.CutPrefix(o, "rounds="); ok {
			var err error
			if rounds, err = strconv.Atoi(x); err != nil || rounds <= 0 {
				return v, fmt.Errorf("%s: bad rounds %q", name, x)
			}
			continue
		}
		if x, ok := strings.CutPrefix(o, "mu="); ok {
			var err error
			if mu, err = strconv.ParseFloat(x, 64); err != nil || mu <= 0 {
				return v, fmt.Errorf("%s: bad prior %q", name, x)
			}
			continue
		}
		switch o {
		case "exact":
			v.forms = align.Forms{}
		case "poss":
			v.forms = align.Forms{Possessive: true}
		case "stem":
			v.forms = align.DefaultForms
		case "lemma":
			if lemmas == nil {
				return v, fmt.Errorf("%s: lemma needs -rouge-data", name)
			}
			v.forms = align.Forms{Possessive: true, Lemmas: lemmas, Stem: true}
		case "nocontext":
			noContext = true
		case "syn":
			syn = true
		case "ctxpost":
			ctxPost = true
		default:
			return v, fmt.Errorf("%s: unknown option %q", name, o)
		}
	}
	switch parts[0] {
	case align.MethodPassage, align.MethodToken, align.MethodJing:
	default:
		return v, fmt.Errorf("unknown method %q", parts[0])
	}
	opts := align.Options{NoContext: noContext, Prior: mu, Iterations: rounds}
	v.aligner = func(th *align.Thesaurus) align.Aligner {
		o := opts
		if syn {
			o.Thesaurus = th
		}
		a := newAligner(parts[0], o)
		if ph, ok := a.(*align.PassageHMM); ok && ctxPost {
			ph.Neighbours = false
		}
		return a
	}
	return v, nil
}
