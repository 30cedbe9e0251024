package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/bookalign/bookalign/align"
	"github.com/bookalign/bookalign/bench/internal/pairids"
	"github.com/bookalign/bookalign/text"
)

// runAlign aligns every pair of the corpus with the three aligners at
// run.sh's settings (seed 1, default iterations, the Token HMM without
// Roget's synonyms unless -synonyms) and writes CACHE/<method>/<id>.jsonl
// (align.Records), skipping pairs already cached. The records label whole
// spans (align.Options.WholeSpans), so that every label rule of eval can be
// derived from them; the rule of the pipeline, top1, is one of them
// (verify checks that it labels what align.DefaultLabelTop does).
func runAlign(args []string) error {
	fs := flag.NewFlagSet("align", flag.ExitOnError)
	in := addInputFlags(fs)
	workers := fs.Int("workers", 2, "pairs aligned at once")
	seed := fs.Uint64("seed", 1, "Passage HMM seed")
	only := fs.String("methods", "passage,token,jing", "comma-separated aligners to run")
	prior := fs.Float64("passage-prior", 0, "PassageHMM.Prior (μ); 0 is the default")
	fs.Bool("token-place", false, "no effect: TokenHMM.PlaceUnaligned is align.New's default since 2026-11-25")
	synonyms := fs.Bool("synonyms", false, "the Token HMM emits Roget's synonyms (run's --synonyms)")
	fs.Parse(args)
	corpusDir, cache := in.corpus, in.cache
	th, ids, err := in.load()
	if err != nil {
		return err
	}
	if !*synonyms {
		th = nil
	}
	methods := strings.Split(*only, ",")
	for _, m := range methods {
		if err := os.MkdirAll(filepath.Join(*cache, m), 0o755); err != nil {
			return err
		}
	}
	next := make(chan string)
	errs := make(chan error, len(ids))
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	start := time.Now()
	for range *workers {
		wg.Go(func() {
			for id := range next {
				if err := alignOne(*corpusDir, *cache, id, methods, *seed, *prior, th); err != nil {
					errs <- fmt.Errorf("%s: %w", id, err)
				}
				mu.Lock()
				done++
				if done%10 == 0 {
					fmt.Fprintf(os.Stderr, "aligned %d/%d in %v\n", done, len(ids), time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		})
	}
	for _, id := range ids {
		next <- id
	}
	close(next)
	wg.Wait()
	close(errs)
	for err := range errs {
		return err
	}
	return nil
}

func alignOne(corpusDir, cache, id string, methods []string, seed uint64, prior float64, th *align.Thesaurus) error {
	todo := false
	for _, m := range methods {
		if _, err := os.Stat(filepath.Join(cache, m, id+".jsonl")); err != nil {
			todo = true
		}
	}
	if !todo {
		return nil
	}
	doc, sdoc, err := loadTexts(corpusDir, id)
	if err != nil {
		return err
	}
	p, err := align.Prepare(doc, sdoc)
	if err != nil {
		return err
	}
	for _, m := range methods {
		a, err := align.New(m, align.Options{Seed: seed, Thesaurus: th, Prior: prior, WholeSpans: true})
		if err != nil {
			return err
		}
		res, err := a.Align(p)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := align.WriteRecords(&buf, align.Records(p, res)); err != nil {
			return err
		}
		path := filepath.Join(cache, m, id+".jsonl")
		if err := os.WriteFile(path+".tmp", buf.Bytes(), 0o644); err != nil {
			return err
		}
		if err := os.Rename(path+".tmp", path); err != nil {
			return err
		}
	}
	return nil
}

// loadTexts parses a pair of the corpus as the pipeline does.
func loadTexts(corpusDir, id string) (book, summary *text.Document, err error) {
	raw, err := os.ReadFile(filepath.Join(corpusDir, "books", id+".txt"))
	if err != nil {
		return nil, nil, err
	}
	sum, err := os.ReadFile(filepath.Join(corpusDir, "summaries", id+".txt"))
	if err != nil {
		return nil, nil, err
	}
	if book, err = text.ParseBook(string(raw)); err != nil {
		return nil, nil, err
	}
	if summary, err = text.ParseSummary(string(sum)); err != nil {
		return nil, nil, err
	}
	return book, summary, nil
}

// readRecords reads CACHE/<method>/<id>.jsonl.
func readRecords(cache, method, id string) ([]align.Record, error) {
	path := filepath.Join(cache, method, id+".jsonl")
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out, err := align.ParseRecords(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// inputFlags are the flags of the subcommands that align: the corpus, the
// thesaurus and the alignment cache.
type inputFlags struct{ corpus, thesaurus, cache *string }

func addInputFlags(fs *flag.FlagSet) inputFlags {
	return inputFlags{
		corpus:    fs.String("corpus", "../shared/corpus", "corpus directory"),
		thesaurus: fs.String("thesaurus", "../shared/thesaurus", "Roget's Thesaurus directory"),
		cache:     fs.String("cache", "/tmp/labelexp", "alignment cache directory"),
	}
}

// load reads the thesaurus and the corpus's pair ids.
func (in inputFlags) load() (*align.Thesaurus, []string, error) {
	th, err := align.LoadThesaurus(*in.thesaurus)
	if err != nil {
		return nil, nil, err
	}
	ids, err := pairids.Read(*in.corpus)
	return th, ids, err
}
