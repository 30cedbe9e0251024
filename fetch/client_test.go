package fetch_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bookalign/bookalign/fetch"
	"github.com/bookalign/bookalign/internal/fetchtest"
)

// quick is a client with no pause and short backoffs.
func quick() *fetch.Client {
	return &fetch.Client{Retries: 3, Backoff: time.Millisecond}
}

func TestDownloadFaults(t *testing.T) {
	body := []byte(strings.Repeat("a line of a book\n", 500))
	tests := []struct {
		name     string
		statuses []int // answered before the file
		cut      int   // bodies cut short before the file
		wantErr  error
		wantHits int
	}{
		{name: "ok", wantHits: 1},
		{name: "500 then 200", statuses: []int{500}, wantHits: 2},
		{name: "503 and 429 then 200", statuses: []int{503, 429}, wantHits: 3},
		{name: "404", statuses: []int{404}, wantErr: fetch.ErrNotFound, wantHits: 1},
		{name: "410", statuses: []int{410}, wantErr: fetch.ErrNotFound, wantHits: 1},
		{name: "403 is not retried", statuses: []int{403}, wantHits: 1, wantErr: errHTTP},
		{name: "500 four times", statuses: []int{500, 500, 500, 500}, wantHits: 4, wantErr: errHTTP},
		{name: "cut short once", cut: 1, wantHits: 2},
		{name: "cut short every time", cut: 9, wantHits: 4, wantErr: fetch.ErrTruncated},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t)
			srv.Put("/f.txt", body)
			srv.Fail("/f.txt", tc.statuses...)
			srv.Truncate("/f.txt", tc.cut)
			dest := filepath.Join(t.TempDir(), "f.txt")
			e, err := quick().DownloadAs(context.Background(), srv.URL+"/f.txt", dest, fetch.Expect{})
			if got := srv.Hits("/f.txt"); got != tc.wantHits {
				t.Errorf("%d requests, want %d", got, tc.wantHits)
			}
			if _, perr := os.Stat(dest + ".part"); perr == nil {
				t.Error("a .part file was left")
			}
			if tc.wantErr != nil {
				if !matches(err, tc.wantErr) {
					t.Fatalf("err = %v, want %v", err, tc.wantErr)
				}
				if _, serr := os.Stat(dest); serr == nil {
					t.Error("a failed download was renamed into place")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(dest)
			if string(got) != string(body) || e.Size != int64(len(body)) || len(e.SHA256) != 64 {
				t.Errorf("got %d bytes, entry %+v", len(got), e)
			}
		})
	}
}

// errHTTP stands for any *fetch.HTTPError.
var errHTTP = errors.New("an HTTP error")

func matches(err, want error) bool {
	if want == errHTTP {
		var he *fetch.HTTPError
		return errors.As(err, &he)
	}
	return errors.Is(err, want)
}

func TestDownloadTimeoutIsRetried(t *testing.T) {
	slow := 1
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if slow > 0 {
			slow--
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
			return
		}
		w.Write([]byte("late but whole"))
	}))
	defer srv.Close()
	c := quick()
	c.Timeout = 200 * time.Millisecond
	dest := filepath.Join(t.TempDir(), "f")
	if _, err := c.DownloadAs(context.Background(), srv.URL, dest, fetch.Expect{}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(dest); string(b) != "late but whole" {
		t.Errorf("got %q", b)
	}
}

func TestDownloadUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now
	start := time.Now()
	c := quick()
	c.Backoff = time.Second
	_, err = c.DownloadAs(context.Background(), "http://"+addr+"/x", filepath.Join(t.TempDir(), "x"), fetch.Expect{})
	if !errors.Is(err, fetch.ErrUnreachable) {
		t.Fatalf("err = %v, want ErrUnreachable", err)
	}
	if time.Since(start) > 900*time.Millisecond {
		t.Errorf("an unreachable host was retried (%v)", time.Since(start))
	}
}

func TestDownloadPolite(t *testing.T) {
	srv := fetchtest.NewServer(t)
	srv.Put("/a", []byte("a"))
	c := &fetch.Client{Delay: 60 * time.Millisecond, Contact: "someone@example.org"}
	dir := t.TempDir()
	start := time.Now()
	for i := range 3 {
		if _, err := c.DownloadAs(context.Background(), srv.URL+"/a", filepath.Join(dir, string(rune('a'+i))), fetch.Expect{}); err != nil {
			t.Fatal(err)
		}
	}
	if d := time.Since(start); d < 120*time.Millisecond {
		t.Errorf("3 requests in %v with a 60ms delay", d)
	}
	ua := srv.UserAgents()
	if len(ua) != 1 || !strings.HasPrefix(ua[0], "bookalign-fetch/") || !strings.Contains(ua[0], "someone@example.org") {
		t.Errorf("User-Agent %q", ua)
	}
}

func TestDownloadFileURL(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a dir #1")
	os.Mkdir(dir, 0o755)
	src := filepath.Join(dir, "src.txt")
	os.WriteFile(src, []byte("local copy"), 0o644)
	dest := filepath.Join(dir, "out", "dest.txt")
	if _, err := quick().DownloadAs(context.Background(), fetch.SourceURL(src), dest, fetch.Expect{}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(dest); string(b) != "local copy" {
		t.Errorf("got %q", b)
	}
	_, err := quick().DownloadAs(context.Background(), fetch.SourceURL(filepath.Join(dir, "nope")), dest+"2", fetch.Expect{})
	if !errors.Is(err, fetch.ErrNotFound) {
		t.Errorf("missing local file: %v", err)
	}
}

func TestDownloadRetryAfter(t *testing.T) {
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n++; n == 1 {
			w.Header().Set("Retry-After", "1")
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		w.Write([]byte("ok"))
	}))
	defer srv.Close()
	start := time.Now()
	if _, err := quick().DownloadAs(context.Background(), srv.URL, filepath.Join(t.TempDir(), "f"), fetch.Expect{}); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < time.Second {
		t.Errorf("retried after %v, the server asked for 1s", d)
	}
}

// TestDownloadCap: a body over the cap stops the download at once, whether
// its Content-Length says so or it never ends, with an error that names
// the URL and the cap; the .part file is removed and nothing is retried.
func TestDownloadCap(t *testing.T) {
	body := []byte(strings.Repeat("a line of a book\n", 100)) // 1,700 bytes
	tests := []struct {
		name    string
		max     int64
		endless bool
		wantErr bool
	}{
		{name: "under the cap", max: 2000},
		{name: "exactly the cap", max: int64(len(body))},
		{name: "Content-Length over the cap", max: 1000, wantErr: true},
		{name: "endless chunked body", max: 100000, endless: true, wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := fetchtest.NewServer(t)
			srv.Put("/f.txt", body)
			if tc.endless {
				srv.Endless("/f.txt")
			}
			dest := filepath.Join(t.TempDir(), "f.txt")
			c := quick()
			c.Timeout = 2 * time.Second // a net under a cap that fails
			_, err := c.DownloadAs(context.Background(), srv.URL+"/f.txt", dest, fetch.Expect{Kind: fetch.KindBook, Max: tc.max})
			if _, perr := os.Stat(dest + ".part"); perr == nil {
				t.Error("a .part file was left")
			}
			if !tc.wantErr {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if !errors.Is(err, fetch.ErrTooLarge) {
				t.Fatalf("err = %v, want ErrTooLarge", err)
			}
			if msg := err.Error(); !strings.Contains(msg, srv.URL+"/f.txt") || !strings.Contains(msg, fetch.Bytes(tc.max)) || !strings.Contains(msg, "book") {
				t.Errorf("%q does not name the URL, the cap (%s) and the kind", msg, fetch.Bytes(tc.max))
			}
			if _, serr := os.Stat(dest); serr == nil {
				t.Error("a body over the cap was renamed into place")
			}
			if h := srv.Hits("/f.txt"); h != 1 {
				t.Errorf("%d requests: a body over the cap was retried", h)
			}
		})
	}
}

// TestDownloadCheck: a body its check refuses is not renamed into place nor
// retried, and the error says why.
func TestDownloadCheck(t *testing.T) {
	srv := fetchtest.NewServer(t)
	srv.Put("/f.txt", []byte(fetchtest.ErrorPage))
	dest := filepath.Join(t.TempDir(), "f.txt")
	refuse := func(name string) error { return errors.New("an HTML page") }
	_, err := quick().DownloadAs(context.Background(), srv.URL+"/f.txt", dest, fetch.Expect{Kind: fetch.KindBook, Check: refuse})
	if !errors.Is(err, fetch.ErrInvalid) || !strings.Contains(err.Error(), "an HTML page") || !strings.Contains(err.Error(), srv.URL) {
		t.Fatalf("err = %v, want ErrInvalid naming the URL and the reason", err)
	}
	for _, name := range []string{dest, dest + ".part"} {
		if _, serr := os.Stat(name); serr == nil {
			t.Errorf("%s is there", name)
		}
	}
	if h := srv.Hits("/f.txt"); h != 1 {
		t.Errorf("%d requests, want 1", h)
	}
}

// TestDownloadTimeoutMessage: a server that sends part of a body and then
// nothing ends in an error naming the URL and the timeout.
func TestDownloadTimeoutMessage(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("the first words, then silence"))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	defer srv.Close()
	c := quick()
	c.Retries = 1
	c.Timeout = 100 * time.Millisecond
	_, err := c.DownloadAs(context.Background(), srv.URL+"/slow.txt", filepath.Join(t.TempDir(), "f"), fetch.Expect{})
	if !errors.Is(err, fetch.ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	for _, want := range []string{srv.URL + "/slow.txt", "timed out", "100ms", "2 attempts"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q lacks %q", err, want)
		}
	}
}
