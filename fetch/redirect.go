package fetch

import (
	"fmt"
	"net/http"
)

// maxRedirects is how many redirects one request may follow, as many as
// net/http's default.
const maxRedirects = 10

// maxShownURL is how much of a redirect's target a message quotes.
const maxShownURL = 200

// checkRedirect returns a CheckRedirect that refuses, with an error
// wrapping ErrRedirect, a redirect to anything but an http or https URL, a
// redirect to http from a request first made with https, a redirect of a
// local file:// source, and more than maxRedirects redirects; a redirect it
// lets through is then put to next, if not nil.
func checkRedirect(next func(*http.Request, []*http.Request) error) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		from, to := via[0].URL, req.URL
		refuse := func(why string) error {
			return fmt.Errorf("GET %s: %w to %s: %s", from, ErrRedirect, shortURL(to.String()), why)
		}
		switch {
		case from.Scheme == "file":
			return refuse("a local source is read as it is, not redirected (is it a directory?)")
		case to.Scheme != "http" && to.Scheme != "https":
			return refuse("a redirect may lead only to an http or https URL")
		case from.Scheme == "https" && to.Scheme == "http":
			return refuse("a source given as https may not be redirected to plain http (give the source as an http URL to allow that)")
		case len(via) >= maxRedirects:
			return refuse(fmt.Sprintf("more than %d redirects", maxRedirects))
		}
		if next != nil {
			return next(req, via)
		}
		return nil
	}
}

// shortURL is u, cut to maxShownURL bytes with an ellipsis.
func shortURL(u string) string {
	if len(u) <= maxShownURL {
		return u
	}
	return u[:maxShownURL] + "…"
}
