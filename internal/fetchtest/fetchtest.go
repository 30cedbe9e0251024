// Package fetchtest serves made-up sources for `bookalign fetch` from an
// httptest server on 127.0.0.1: a CMU-style archive of summaries, a
// Gutenberg catalog, book texts in gutenberg.org's layout and in a mirror's,
// and a small thesaurus in Roget's format. Everything is generated; the
// server can answer an error, cut a body short, hold a request or send a
// body that never ends, once or more, to test a client.
package fetchtest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/bookalign/bookalign/fetch"
	"github.com/bookalign/bookalign/internal/testcorpus"
	"github.com/bookalign/bookalign/wiki"
)

// A Server serves files by path, with faults on request.
type Server struct {
	*httptest.Server
	mu       sync.Mutex
	files    map[string][]byte
	fail     map[string][]int
	truncate map[string]int
	hold     map[string]chan struct{}
	held     map[string]chan struct{}
	endless  map[string]bool
	redirect map[string]string
	hits     map[string]int
	agents   map[string]bool
}

// NewServer starts a server, closed when the test ends.
func NewServer(t testing.TB) *Server { return newServer(t, httptest.NewServer) }

// NewTLSServer starts an https server, closed when the test ends; its
// Client trusts it.
func NewTLSServer(t testing.TB) *Server { return newServer(t, httptest.NewTLSServer) }

func newServer(t testing.TB, start func(http.Handler) *httptest.Server) *Server {
	s := &Server{files: map[string][]byte{}, fail: map[string][]int{}, truncate: map[string]int{},
		hold: map[string]chan struct{}{}, held: map[string]chan struct{}{}, endless: map[string]bool{}, redirect: map[string]string{}, hits: map[string]int{}, agents: map[string]bool{}}
	s.Server = start(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// Put serves b at path.
func (s *Server) Put(path string, b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.files[path] = b
}

// Get returns what is served at path (nil for nothing).
func (s *Server) Get(path string) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.files[path]
}

// Fail answers the next requests of path with statuses, one each, before
// serving the file.
func (s *Server) Fail(path string, statuses ...int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fail[path] = append(s.fail[path], statuses...)
}

// Truncate sends the next n bodies of path cut in half, with the full
// Content-Length.
func (s *Server) Truncate(path string, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.truncate[path] += n
}

// Hold makes the next request of path wait until release is called (or
// the client goes away); reached is closed when it arrives.
func (s *Server) Hold(path string) (reached <-chan struct{}, release func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, g := make(chan struct{}), make(chan struct{})
	s.held[path], s.hold[path] = r, g
	var once sync.Once
	return r, func() { once.Do(func() { close(g) }) }
}

// Endless makes every request of path answer 200 with a chunked body, no
// Content-Length, that goes on far past any size cap the tests set: lines
// of text, sent until the client goes away or EndlessLimit bytes are out.
// The limit keeps a client without a cap (the bug a test of the cap must
// catch) from filling the disk at the speed of the loopback: it gets a body
// of a few MB, which its test refuses, in well under a second.
func (s *Server) Endless(path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.endless[path] = true
}

// Redirect answers every request of path with 302 Found to location.
func (s *Server) Redirect(path, location string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.redirect[path] = location
}

// Hits returns how many requests path has had.
func (s *Server) Hits(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

// UserAgents returns the User-Agent headers seen.
func (s *Server) UserAgents() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for a := range s.agents {
		out = append(out, a)
	}
	return out
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	s.mu.Lock()
	s.hits[p]++
	s.agents[r.UserAgent()] = true
	reached, gate := s.held[p], s.hold[p]
	delete(s.held, p)
	delete(s.hold, p)
	var status int
	if f := s.fail[p]; len(f) > 0 {
		status, s.fail[p] = f[0], f[1:]
	}
	cut := s.truncate[p] > 0
	if cut {
		s.truncate[p]--
	}
	b, ok := s.files[p]
	endless := s.endless[p]
	location, redirect := s.redirect[p]
	s.mu.Unlock()
	if reached != nil {
		close(reached)
		select {
		case <-gate:
		case <-r.Context().Done():
			return
		}
	}
	switch {
	case status != 0:
		http.Error(w, http.StatusText(status), status)
	case redirect:
		w.Header().Set("Location", location)
		w.WriteHeader(http.StatusFound)
	case endless:
		sendForever(w, r)
	case !ok:
		http.NotFound(w, r)
	case cut:
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.Write(b[:len(b)/2])
	default:
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.Write(b)
	}
}

// EndlessLimit is where the body of an Endless path ends: well over every
// cap the tests set on what an Endless path serves (100 kB, 1 MB), so that
// a cap at work always stops the body first.
const EndlessLimit = 4 << 20

// sendForever writes lines of text to w, flushing each block, until the
// client goes away or EndlessLimit bytes are sent.
func sendForever(w http.ResponseWriter, r *http.Request) {
	block := []byte(strings.Repeat("all work and no play makes a dull book\n", 1000))
	flusher, _ := w.(http.Flusher)
	for sent := 0; sent < EndlessLimit && r.Context().Err() == nil; sent += len(block) {
		if _, err := w.Write(block); err != nil {
			return
		}
		if flusher != nil {
			flusher.Flush()
		}
	}
}

// ErrorPage is what a misconfigured server or a captive portal answers
// with 200 OK where a file should be: an HTML page.
const ErrorPage = `<!DOCTYPE html>
<html lang="en">
<head><title>Service temporarily unavailable</title></head>
<body><h1>Sorry</h1><p>This page is not the file you asked for. Please try again later.</p></body>
</html>
`

// A Summary is a made-up plot summary's record and, when it has one, the
// ebook of the catalog it matches.
type Summary struct {
	WikipediaID   int64
	Title, Author string
	// Ebook is the number in the catalog, 0 for none; CatalogAuthor its
	// Authors field.
	Ebook         int
	CatalogAuthor string
}

// Summaries are the fixture's summaries: four matched and served, one
// matched but served by nobody (ebook 999), one with no ebook in the
// catalog.
var Summaries = []Summary{
	{1001, "The Alpha Book", "Ann Smith", 7, "Smith, Ann, 1801-1870"},
	{1002, "Beta Tales", "Bob Jones", 123, "Jones, Bob, 1820-1890"},
	{1003, "Gamma", "Cy Brown", 4567, "Brown, Cy, 1830-1899"},
	{1004, "Delta Road", "Di Green", 12345, "Green, Di, 1840-1910"},
	{1005, "Epsilon", "Ed White", 999, "White, Ed, 1850-1920"},
	{1006, "No Such Book", "Nobody Known", 0, ""},
}

// Missing is the matched ebook that no layout serves.
const Missing = 999

// A Fixture is a Server holding the made-up sources.
type Fixture struct {
	*Server
	// Texts are the served books by ebook.
	Texts map[int][]byte
	// SummariesTSV is the summaries file inside the archive; Archive the
	// archive; Catalog the catalog; Thesaurus the thesaurus body.
	SummariesTSV, Archive, Catalog, Thesaurus []byte
}

// Paths of the sources on the fixture's server.
const (
	ArchivePath   = "/~dbamman/data/booksummaries.tar.gz"
	SummariesPath = "/extract/summaries.tsv"
	CatalogPath   = "/cache/epub/feeds/pg_catalog.csv"
	MirrorRoot    = "/mirror"
)

// New generates the sources and serves them: the archive, the summaries
// TSV alone, the catalog, the thesaurus (gutenberg.org layout) and every
// book but Missing both in gutenberg.org's layout and under MirrorRoot
// (ebook 123 there only as 123.txt, the others as <n>-0.txt).
func New(t testing.TB) *Fixture {
	t.Helper()
	f := &Fixture{Server: NewServer(t), Texts: map[int][]byte{}}
	gen := testcorpus.Good(len(Summaries))
	var tsv bytes.Buffer
	sw := wiki.NewSummaryWriter(&tsv)
	catalog := "Text#,Type,Issued,Title,Language,Authors,Subjects,LoCC,Bookshelves\n" +
		"10681,Text,2004-01-01,Roget's Thesaurus of English Words and Phrases,en,\"Roget, Peter Mark, 1779-1869\",Thesauri,PE,\n" +
		"8,Text,2001-01-01,The Alpha Book,fr,\"Smith, Ann, 1801-1870\",Fiction,PQ,\n"
	for i, b := range Summaries {
		summary := strings.TrimSpace(string(gen[fmt.Sprintf("summaries/book-%02d.txt", i)]))
		s := wiki.Summary{WikipediaID: b.WikipediaID, FreebaseID: fmt.Sprintf("/m/0%d", i), Title: b.Title, Author: b.Author,
			PubDate: "1850", Genres: []string{"Novel", fmt.Sprintf("Genre %d", i)}, Text: summary}
		if err := sw.Write(&s); err != nil {
			t.Fatal(err)
		}
		if b.Ebook == 0 {
			continue
		}
		catalog += fmt.Sprintf("%d,Text,2000-01-01,%s,en,\"%s\",Fiction,PR,\n", b.Ebook, b.Title, b.CatalogAuthor)
		if b.Ebook == Missing {
			continue
		}
		text := gen[fmt.Sprintf("books/book-%02d.txt", i)]
		f.Texts[b.Ebook] = text
		f.Put(fetch.SiteURLs("", b.Ebook)[0], text)
		mirror := fetch.MirrorURLs(MirrorRoot, b.Ebook)
		if b.Ebook == 123 {
			f.Put(mirror[1], text)
		} else {
			f.Put(mirror[0], text)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	tsv.WriteString("not a summary row\n")
	f.SummariesTSV = tsv.Bytes()
	f.Archive = Archive(t, map[string][]byte{"booksummaries/README": []byte("made up\n"), "booksummaries/booksummaries.txt": f.SummariesTSV})
	f.Catalog = []byte(catalog)
	f.Thesaurus = []byte(thesaurus)
	f.Put(ArchivePath, f.Archive)
	f.Put(SummariesPath, f.SummariesTSV)
	f.Put(CatalogPath, f.Catalog)
	f.Put(fetch.SiteURLs("", fetch.ThesaurusEbook)[0], f.Thesaurus)
	return f
}

// thesaurus is a made-up body in the format of Roget's Thesaurus.
const thesaurus = `The Project Gutenberg EBook of a Made-up Thesaurus

*** START OF THIS PROJECT GUTENBERG EBOOK THESAURUS ***

#1. Brightness. -- N. brightness, gleam, glow, shine, sparkle.
     V. gleam, glow, shine, glitter.
     Adj. bright, shiny, gleaming, radiant.

#2. Darkness. -- N. darkness, gloom, shade, murk.
     V. darken, dim, shade, obscure.

*** END OF THIS PROJECT GUTENBERG EBOOK THESAURUS ***
`

// Args are the flags of `bookalign fetch` that read every source from the
// fixture, in gutenberg.org's layout, with no pause and quick retries.
func (f *Fixture) Args(out string) []string {
	return []string{"--out", out, "--cmu", f.URL + ArchivePath, "--catalog", f.URL + CatalogPath, "--gutenberg", f.URL,
		"--delay", "0", "--backoff", "1ms", "--retries", "3"}
}

// Sources are the fixture's sources for fetch.Run.
func (f *Fixture) Sources() fetch.Sources {
	return fetch.Sources{CMU: f.URL + ArchivePath, Catalog: f.URL + CatalogPath, Gutenberg: f.URL,
		Thesaurus: f.URL + fetch.SiteURLs("", fetch.ThesaurusEbook)[0]}
}

// Archive returns a gzip-compressed tar archive of files, in name order.
func Archive(t testing.TB, files map[string][]byte) []byte {
	t.Helper()
	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	var b bytes.Buffer
	gz := gzip.NewWriter(&b)
	tw := tar.NewWriter(gz)
	for _, n := range names {
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(files[n])), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write(files[n]); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := gz.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
