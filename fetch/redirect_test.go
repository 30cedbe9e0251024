package fetch_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/fetch"
	"github.com/bookalign/bookalign/internal/fetchtest"
)

// TestDownloadRedirects: a redirect may lead only to http or https, and
// from an https source only to https; a refused one leaves no file, is not
// retried and names the target and why.
func TestDownloadRedirects(t *testing.T) {
	body := []byte("the text of a book\n")
	secret := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(secret, []byte("root:x:0:0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	plain, tls := fetchtest.NewServer(t), fetchtest.NewTLSServer(t)
	for _, s := range []*fetchtest.Server{plain, tls} {
		s.Put("/f.txt", body)
		s.Redirect("/to-file", "file://"+secret)
		s.Redirect("/to-ftp", "ftp://example.org/f.txt")
		s.Redirect("/to-http", plain.URL+"/f.txt")
		s.Redirect("/to-https", tls.URL+"/f.txt")
		s.Redirect("/to-https-to-http", tls.URL+"/to-http")
		s.Redirect("/to-self", "/f.txt")
		s.Redirect("/loop", "/loop")
	}
	tests := []struct {
		name string
		url  string
		// defaultClient uses the Client's own HTTP client (which cannot
		// reach the https server, but must refuse a file:// redirect).
		defaultClient bool
		wantErr       string // "" for success
	}{
		{"http to file, default client", plain.URL + "/to-file", true, "may lead only to an http or https URL"},
		{"http to file", plain.URL + "/to-file", false, "may lead only to an http or https URL"},
		{"https to file", tls.URL + "/to-file", false, "may lead only to an http or https URL"},
		{"http to ftp", plain.URL + "/to-ftp", false, "may lead only to an http or https URL"},
		{"https to http", tls.URL + "/to-http", false, "may not be redirected to plain http"},
		{"https to https to http", tls.URL + "/to-https-to-http", false, "may not be redirected to plain http"},
		{"endless redirects", plain.URL + "/loop", false, "more than 10 redirects"},
		{"http to http", plain.URL + "/to-self", true, ""},
		{"http to https", plain.URL + "/to-https", false, ""},
		{"http to https to http", plain.URL + "/to-https-to-http", false, ""},
		{"https to https", tls.URL + "/to-self", false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := quick()
			if !tc.defaultClient {
				c.HTTP = tls.Client()
			}
			dest := filepath.Join(t.TempDir(), "book.txt")
			_, err := c.DownloadAs(context.Background(), tc.url, dest, fetch.Expect{Kind: fetch.KindBook})
			got, _ := os.ReadFile(dest)
			if tc.wantErr == "" {
				if err != nil || string(got) != string(body) {
					t.Fatalf("err = %v, got %q", err, got)
				}
				return
			}
			if !errors.Is(err, fetch.ErrRedirect) || !strings.Contains(err.Error(), tc.wantErr) || !strings.Contains(err.Error(), tc.url) {
				t.Fatalf("err = %v, want a refused redirect from %s saying %q", err, tc.url, tc.wantErr)
			}
			if strings.Count(err.Error(), "refused redirect") != 1 || strings.Contains(err.Error(), `Get "`) {
				t.Errorf("err = %v: say it once", err)
			}
			if _, serr := os.Stat(dest); serr == nil {
				t.Errorf("a refused redirect stored %q", got)
			}
			if _, serr := os.Stat(dest + ".part"); serr == nil {
				t.Error("a .part file was left")
			}
		})
	}
	if h := plain.Hits("/to-file"); h != 2 {
		t.Errorf("/to-file asked %d times in two tests: a refused redirect was retried", h)
	}
}

// TestDownloadLocalDirectory: a local source that is a directory is
// refused with a message saying so, not read as an HTML listing.
func TestDownloadLocalDirectory(t *testing.T) {
	dir := t.TempDir()
	_, err := quick().DownloadAs(context.Background(), fetch.SourceURL(dir), filepath.Join(t.TempDir(), "x"), fetch.Expect{})
	if !errors.Is(err, fetch.ErrRedirect) || !strings.Contains(err.Error(), "directory") {
		t.Fatalf("err = %v, want a refusal naming a directory", err)
	}
}

// TestRunRefusesRedirectToFile: a book whose server redirects to a local
// file is unavailable, with the reason; it is neither stored nor listed in
// the manifest, nor taken for missing; the other books go on.
func TestRunRefusesRedirectToFile(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "passwd")
	if err := os.WriteFile(secret, []byte("root:x:0:0:root:/root:/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := fetchtest.New(t)
	f.Redirect("/cache/epub/7/pg7.txt", "file://"+secret)
	dir := t.TempDir()
	res, err := run(context.Background(), t, f.Sources(), dir)
	if err != nil {
		t.Fatal(err)
	}
	why := res.Unavailable[7]
	if !strings.Contains(why, "refused redirect to file://"+secret) || !strings.Contains(why, "http or https") {
		t.Errorf("ebook 7: reason %q", why)
	}
	if _, ok := readManifest(t, dir).Get(fetch.BookFile(7)); ok {
		t.Error("the manifest lists the redirected book")
	}
	if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(fetch.BookFile(7)))); err == nil {
		t.Error("the local file was stored as book 7")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, fetch.MissingFile)); strings.Contains(string(b), "\n7\t") {
		t.Error("a refused redirect was listed as a missing book")
	}
	if res.Downloaded != 3 {
		t.Errorf("%d books downloaded, want the 3 others", res.Downloaded)
	}
}
