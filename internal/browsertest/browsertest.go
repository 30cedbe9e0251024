// Package browsertest drives a report in Debian's headless Chromium through
// the Chrome DevTools Protocol (github.com/chromedp/chromedp), for tests.
//
// Start skips the test when no Chromium is installed, except under CI=true,
// where it fails: CI installs Chromium (.ci/run), so a missing browser must
// not pass silently.
package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bookalign/bookalign/internal/sharedtest"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Browser is one headless Chromium with the errors its pages logged.
type Browser struct {
	ctx context.Context

	mu     sync.Mutex
	errors []string
}

// Page is one tab.
type Page struct {
	ctx  context.Context
	path string
}

// NeedChromium is what Start skips a test for, as test.sh's summary says
// it (sharedtest.Skip).
const NeedChromium = "need Chromium (apt-get install chromium)"

// chromiumNames are the names Chromium goes by, Debian's first.
var chromiumNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// Start launches headless Chromium for the rest of the test.
func Start(t *testing.T) *Browser {
	t.Helper()
	var path string
	for _, name := range chromiumNames {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		sharedtest.Skip(t, NeedChromium, "no Chromium found ("+strings.Join(chromiumNames, ", ")+"): apt-get install chromium")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1400, 900))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	return &Browser{ctx: ctx}
}

// Open opens a local file in a new tab, waits until its script ran, and
// records any JavaScript error the tab logs from then on.
func (b *Browser) Open(t *testing.T, path string) *Page {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := chromedp.NewContext(b.ctx)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Listen(ctx, func(ev any) { b.record(path, ev) }); err != nil {
		t.Fatal(err)
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Navigate(u.String()), chromedp.WaitReady(chromedp.CSS("body"))); err != nil {
		t.Fatalf("opening %s: %v", u.String(), err)
	}
	t.Logf("opened %s in %v", filepath.Base(path), time.Since(start).Round(time.Millisecond))
	return &Page{ctx: ctx, path: path}
}

// record keeps an event that is a JavaScript error.
func (b *Browser) record(path string, ev any) {
	var msg string
	switch e := ev.(type) {
	case *runtime.EventExceptionThrown:
		msg = "exception: " + e.ExceptionDetails.Text
		if e.ExceptionDetails.Exception != nil {
			msg += " " + e.ExceptionDetails.Exception.Description
		}
	case *runtime.EventConsoleAPICalled:
		if e.Type != runtime.ConsoleAPICalledTypeError {
			return
		}
		var args []string
		for _, a := range e.Args {
			args = append(args, strings.Trim(string(a.Value), `"`)+a.Description)
		}
		msg = "console.error: " + strings.Join(args, " ")
	case *log.EventEntryAdded:
		if e.Entry.Level != log.EntryLevelError {
			return
		}
		msg = "log: " + e.Entry.Text
	default:
		return
	}
	b.mu.Lock()
	b.errors = append(b.errors, filepath.Base(path)+": "+msg)
	b.mu.Unlock()
}

// Errors returns the JavaScript errors logged so far.
func (b *Browser) Errors() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.errors...)
}

// probe is the console error CheckNoErrors logs to prove it would see one.
const probe = "browsertest probe"

// CheckNoErrors fails the test if any page logged a JavaScript error. It
// first logs an error of its own in p and checks that it arrives, so that a
// listener that hears nothing cannot pass.
func (b *Browser) CheckNoErrors(t *testing.T, p *Page) {
	t.Helper()
	p.Eval(t, `console.error("`+probe+`"), 0`)
	heard := false
	for range 50 {
		for _, e := range b.Errors() {
			heard = heard || strings.Contains(e, probe)
		}
		if heard {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !heard {
		t.Error("the console error of the probe was not recorded: JavaScript errors would go unseen")
	}
	for _, e := range b.Errors() {
		if !strings.Contains(e, probe) {
			t.Errorf("JavaScript error: %s", e)
		}
	}
}

// Eval evaluates a JavaScript expression in the page and returns its value
// as JSON.
func (p *Page) Eval(t *testing.T, expr string) string {
	t.Helper()
	raw, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]byte](expr))
	if err != nil {
		t.Fatalf("%s: evaluating %s: %v", filepath.Base(p.path), expr, err)
	}
	return string(raw)
}

// EvalInto evaluates a JavaScript expression and decodes its value into v.
func (p *Page) EvalInto(t *testing.T, expr string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(p.Eval(t, expr)), v); err != nil {
		t.Fatalf("%s: decoding the value of %s: %v", filepath.Base(p.path), expr, err)
	}
}

// Do runs browser actions in the page.
func (p *Page) Do(t *testing.T, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		t.Fatalf("%s: %v", filepath.Base(p.path), err)
	}
}

// Click clicks the element a CSS selector names.
func (p *Page) Click(t *testing.T, selector string) {
	t.Helper()
	p.Do(t, chromedp.Click(chromedp.CSS(selector), chromedp.NodeVisible))
}

// Key types keys into the page.
func (p *Page) Key(t *testing.T, keys string) {
	t.Helper()
	p.Do(t, chromedp.KeyEvent(keys))
}

// Screenshot saves the visible page as a PNG under the test's artifact
// directory (kept with go test -artifacts -outputdir DIR).
func (p *Page) Screenshot(t *testing.T, name string) string {
	t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot of %s: %v", filepath.Base(p.path), err)
	}
	path := filepath.Join(t.ArtifactDir(), name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot %s", path)
	return path
}

// String names the page.
func (p *Page) String() string { return fmt.Sprintf("page %s", filepath.Base(p.path)) }
