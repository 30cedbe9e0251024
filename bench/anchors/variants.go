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
  METHOD  passage (seed 1) | token (no synonyms) | jing, at the defaults of align.New
  forms   exact (lower-cased tokens as they are) | poss (possessive 's removed)
          | stem (align.DefaultForms: possessive removed, Porter stem)
          | lemma (possessive removed, WordNet exceptions, Porter stem; needs -rouge-data)
  nocontext   leave sentences with no word in the book unaligned (passage, token)
  syn         token with Roget's Thesaurus (-thesaurus): the paper's synonym emissions
              (bookalign run --synonyms; before 2026-11-23 the default, and "nosyn" the option)
  posterior   token with posterior decoding instead of Viterbi
  placedec    passage, token with PlaceDecoding (each sentence first placed by its posterior mass)
  interp      passage, token: place sentences without book words between their neighbours
              by interpolation (PassageHMM.Interpolate, TokenHMM.Interpolate)
  place       token: place every sentence left unaligned by its neighbours (TokenHMM.PlaceUnaligned):
              the default since 2026-11-25, so a no-op kept for older commands; nocontext turns it off
  idf         passage with IDF-weighted emissions (PassageHMM.IDF)
  neigh       passage: place sentences without book words by their neighbours' passages,
              as the Token HMM does (PassageHMM.Neighbours): the default since 2026-11-25,
              so a no-op kept for older commands
  ctxpost     passage: place them at their most probable state under the transitions
              instead (Neighbours off: the rule until that change)
  below=X     token: place by neighbours every sentence of confidence below X
              (TokenHMM.PlaceBelow; below=0 is off, the default)
  burnin=X    passage: the first X rounds' boundary samples not kept (PassageHMM.BurnIn)
  mu=X        passage with Dirichlet prior strength μ = X (PassageHMM.Prior)
  syncap=N    token: no synonyms for a book word with more than N in the thesaurus
              (TokenHMM.SynonymCap; with syn)`

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
	noContext, syn, post, placeDec, interp, idf, ctxPost := false, false, false, false, false, false, false
	var mu, below float64
	belowSet := false
	var burnIn, synCap int
	var err error
	for _, o := range parts[1:] {
		if x, ok := strings.CutPrefix(o, "below="); ok {
			belowSet = true
			if below, err = strconv.ParseFloat(x, 64); err != nil || below < 0 || below > 1 {
				return v, fmt.Errorf("%s: bad confidence %q", name, x)
			}
			continue
		}
		if x, ok := strings.CutPrefix(o, "syncap="); ok {
			if synCap, err = strconv.Atoi(x); err != nil {
				return v, fmt.Errorf("%s: bad %q", name, x)
			}
			continue
		}
		if x, ok := strings.CutPrefix(o, "burnin="); ok {
			if burnIn, err = strconv.Atoi(x); err != nil || burnIn < 0 {
				return v, fmt.Errorf("%s: bad burn-in %q", name, x)
			}
			continue
		}
		if x, ok := strings.CutPrefix(o, "mu="); ok {
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
		case "posterior":
			post = true
		case "place": // the default
		case "idf":
			idf = true
		case "interp":
			interp = true
		case "placedec":
			placeDec = true
		case "neigh": // the default
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
	opts := align.Options{NoContext: noContext, Prior: mu, PlaceDecoding: placeDec, Interpolate: interp, IDF: idf, BurnIn: burnIn,
		PosteriorDecoding: post, SynonymCap: synCap}
	if belowSet {
		opts.PlaceBelow = below
	}
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
