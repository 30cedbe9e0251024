package fetch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Errors that a failed DownloadAs wraps.
var (
	// ErrNotFound: the server answered 404 Not Found or 410 Gone.
	ErrNotFound = errors.New("not found")
	// ErrTruncated: the body was shorter (or longer) than its Content-Length.
	ErrTruncated = errors.New("body length differs from its Content-Length")
	// ErrUnreachable: no connection could be made (no such host, connection
	// refused, no route): the machine is offline or the address is wrong.
	ErrUnreachable = errors.New("cannot connect")
	// ErrRedirect: the server redirected to a URL the client may not follow
	// (see Client).
	ErrRedirect = errors.New("refused redirect")
)

// DefaultUserAgent names bookalign and what it does. It gives the Go module
// path rather than a web page, which the code cannot vouch for; the
// Contact field of Client adds a way to reach the person running it.
const DefaultUserAgent = "bookalign-fetch/1 (corpus builder for book-summary research; Go module github.com/bookalign/bookalign)"

// An HTTPError is a response whose status is not 200 OK.
type HTTPError struct {
	URL    string
	Status int
	// RetryAfter is the wait the server asked for (a Retry-After header in
	// seconds), or 0.
	RetryAfter time.Duration
}

// maxRetryAfter caps the wait a Retry-After header may ask for.
const maxRetryAfter = 10 * time.Minute

func (e *HTTPError) Error() string {
	return fmt.Sprintf("GET %s: HTTP %d %s", e.URL, e.Status, http.StatusText(e.Status))
}

// Unwrap returns ErrNotFound for 404 and 410, and nil otherwise.
func (e *HTTPError) Unwrap() error {
	if e.Status == http.StatusNotFound || e.Status == http.StatusGone {
		return ErrNotFound
	}
	return nil
}

// temporary reports a status that may pass: a server error, 408 or 429.
func (e *HTTPError) temporary() bool {
	return e.Status >= 500 || e.Status == http.StatusRequestTimeout || e.Status == http.StatusTooManyRequests
}

// A Client downloads files politely: one request at a time, Delay between
// the end of one and the start of the next, a User-Agent naming bookalign,
// and retries with exponential backoff when a failure may pass (a 5xx, 408
// or 429 status, a timeout, a dropped connection or a truncated body). A
// Client is safe for concurrent use, but serializes its requests.
//
// A redirect may lead only to an http or https URL (never to a local
// file), and from a source given as https only to https: a server cannot
// make the client read a local file or fall back to plain http. A file://
// URL is read directly, by a client that follows no redirect.
type Client struct {
	// HTTP does the http and https requests; nil means a client that keeps
	// at most one connection per host. Its redirects are checked as above,
	// before its own CheckRedirect, if any, is asked.
	HTTP *http.Client
	// UserAgent is sent with every request; empty means DefaultUserAgent.
	UserAgent string
	// Contact, if set, is added to the User-Agent (an e-mail address or a
	// URL), so that a site's operators can reach whoever runs the fetch.
	Contact string
	// Delay is the pause between two requests.
	Delay time.Duration
	// Retries is how many times a failure that may pass is retried.
	Retries int
	// Backoff is the wait before the first retry; it doubles each time.
	Backoff time.Duration
	// Timeout bounds one attempt, from the request to the end of the body;
	// 0 means no bound.
	Timeout time.Duration
	// Log, if not nil, is told about each retry.
	Log func(format string, args ...any)

	mu   sync.Mutex
	last time.Time // when the last request ended
	once sync.Once
	// http reads http and https URLs, local file:// URLs.
	http, local *http.Client
}

// client returns the client that reads rawURL: the local one for a
// file:// URL, else the HTTP one.
func (c *Client) client(rawURL string) *http.Client {
	c.once.Do(func() {
		c.local = &http.Client{Transport: http.NewFileTransport(http.Dir("/")), CheckRedirect: checkRedirect(nil)}
		if c.HTTP != nil {
			h := *c.HTTP
			h.CheckRedirect = checkRedirect(c.HTTP.CheckRedirect)
			c.http = &h
			return
		}
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxConnsPerHost = 1
		t.MaxIdleConnsPerHost = 1
		c.http = &http.Client{Transport: t, CheckRedirect: checkRedirect(nil)}
	})
	if u, err := url.Parse(rawURL); err == nil && strings.EqualFold(u.Scheme, "file") {
		return c.local
	}
	return c.http
}

func (c *Client) userAgent() string {
	ua := c.UserAgent
	if ua == "" {
		ua = DefaultUserAgent
	}
	if c.Contact != "" {
		return ua + " (contact: " + c.Contact + ")"
	}
	return ua + " (no contact given)"
}

// DownloadAs fetches rawURL into the file dest, a body that must be as x
// says: the body goes to dest.part, which is renamed to dest only when it
// is complete (its length equals the Content-Length, when the server sent
// one). It returns the file's Entry (URL, size and SHA-256; Path is left to
// the caller). A 404 or 410 is an *HTTPError wrapping ErrNotFound; an
// attempt that runs out of Timeout is an error wrapping ErrTimeout that
// names the URL and the timeout. A body over x.Max is cut off at once
// (before a byte is read when its Content-Length says so) with an error
// wrapping ErrTooLarge; a whole body that x.Check refuses is an error
// wrapping ErrInvalid. None of these three is retried, and on any error
// the .part file is removed and dest is left as it was.
func (c *Client) DownloadAs(ctx context.Context, rawURL, dest string, x Expect) (Entry, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	wait := c.Backoff
	for attempt := 0; ; attempt++ {
		e, err := c.attempt(ctx, rawURL, dest, x)
		if err == nil || !retryable(ctx, err) || attempt >= c.Retries {
			if err != nil && attempt > 0 {
				err = fmt.Errorf("%w (after %d attempts)", err, attempt+1)
			}
			return e, err
		}
		pause := wait
		var he *HTTPError
		if errors.As(err, &he) && he.RetryAfter > pause {
			pause = he.RetryAfter
		}
		if c.Log != nil {
			c.Log("%v; retrying in %v", err, pause)
		}
		if err := sleep(ctx, pause); err != nil {
			return Entry{}, err
		}
		wait *= 2
	}
}

// attempt makes one request, after the delay since the last one.
func (c *Client) attempt(ctx context.Context, rawURL, dest string, x Expect) (Entry, error) {
	if !c.last.IsZero() {
		if err := sleep(ctx, time.Until(c.last.Add(c.Delay))); err != nil {
			return Entry{}, err
		}
	}
	defer func() { c.last = time.Now() }()
	actx := ctx
	if c.Timeout > 0 {
		var cancel context.CancelFunc
		actx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(actx, http.MethodGet, rawURL, nil)
	if err != nil {
		return Entry{}, err
	}
	req.Header.Set("User-Agent", c.userAgent())
	resp, err := c.client(rawURL).Do(req)
	if err != nil {
		if ue := (*url.Error)(nil); errors.As(err, &ue) && errors.Is(err, ErrRedirect) {
			return Entry{}, ue.Err // it names the URLs itself
		}
		return Entry{}, c.timedOut(ctx, actx, rawURL, 0, classify(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		he := &HTTPError{URL: rawURL, Status: resp.StatusCode}
		if secs, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && secs > 0 {
			he.RetryAfter = min(time.Duration(secs)*time.Second, maxRetryAfter)
		}
		return Entry{}, he
	}
	if x.Max > 0 && resp.ContentLength > x.Max {
		return Entry{}, x.tooLarge(rawURL, fmt.Sprintf("Content-Length %d", resp.ContentLength))
	}
	e, err := c.save(resp, rawURL, dest, x)
	return e, c.timedOut(ctx, actx, rawURL, e.Size, err)
}

// save writes the body of resp to dest.part, checks it is whole and as x
// says, and renames it to dest. On an error it removes dest.part and
// returns the bytes received in the entry's Size.
func (c *Client) save(resp *http.Response, rawURL, dest string, x Expect) (Entry, error) {
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return Entry{}, err
	}
	part := dest + ".part"
	f, err := os.Create(part)
	if err != nil {
		return Entry{}, err
	}
	body := io.Reader(resp.Body)
	if x.Max > 0 {
		body = io.LimitReader(body, x.Max+1)
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(f, h), body)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && x.Max > 0 && n > x.Max {
		err = x.tooLarge(rawURL, "the body went on past it")
	}
	if err == nil && resp.ContentLength >= 0 && n != resp.ContentLength {
		err = fmt.Errorf("GET %s: %w: got %d bytes, Content-Length %d", rawURL, ErrTruncated, n, resp.ContentLength)
	}
	if err == nil && x.Check != nil {
		if cerr := x.Check(part); cerr != nil {
			err = fmt.Errorf("GET %s: %w: %w", rawURL, ErrInvalid, cerr)
		}
	}
	if err != nil {
		os.Remove(part)
		if errors.Is(err, io.ErrUnexpectedEOF) {
			err = fmt.Errorf("GET %s: %w: %v after %d bytes, Content-Length %d", rawURL, ErrTruncated, err, n, resp.ContentLength)
		}
		return Entry{Size: n}, err
	}
	if err := os.Rename(part, dest); err != nil {
		os.Remove(part)
		return Entry{}, err
	}
	return Entry{URL: rawURL, Size: n, SHA256: hex.EncodeToString(h.Sum(nil))}, nil
}

// timedOut replaces err, when the attempt's own deadline (actx's, not
// ctx's) ended it, with an error wrapping ErrTimeout that names the URL,
// the timeout and how much had come.
func (c *Client) timedOut(ctx, actx context.Context, rawURL string, got int64, err error) error {
	if err == nil || c.Timeout <= 0 || ctx.Err() != nil || !errors.Is(actx.Err(), context.DeadlineExceeded) {
		return err
	}
	return fmt.Errorf("GET %s: %w: no whole answer within %v (%s received)", rawURL, ErrTimeout, c.Timeout, Bytes(got))
}

// classify marks the errors of a request that made no connection.
func classify(err error) error {
	var dns *net.DNSError
	var op *net.OpError
	switch {
	case errors.As(err, &dns) && !dns.IsTimeout:
		return fmt.Errorf("%w: %w", ErrUnreachable, err)
	case errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ENETUNREACH), errors.Is(err, syscall.EHOSTUNREACH):
		return fmt.Errorf("%w: %w", ErrUnreachable, err)
	case errors.As(err, &op) && op.Op == "dial" && !op.Timeout():
		return fmt.Errorf("%w: %w", ErrUnreachable, err)
	}
	return err
}

// retryable reports whether err may pass on another attempt. Nothing is
// retried once ctx is done.
func retryable(ctx context.Context, err error) bool {
	if ctx.Err() != nil || errors.Is(err, ErrUnreachable) || errors.Is(err, ErrTooLarge) || errors.Is(err, ErrInvalid) || errors.Is(err, ErrRedirect) {
		return false
	}
	var he *HTTPError
	if errors.As(err, &he) {
		return he.temporary()
	}
	var ne net.Error
	switch {
	case errors.Is(err, ErrTruncated), errors.Is(err, ErrTimeout), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, context.DeadlineExceeded),
		errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.EOF):
		return true
	case errors.As(err, &ne) && ne.Timeout():
		return true
	}
	return false
}

// sleep waits d, or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
