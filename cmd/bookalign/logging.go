package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
)

// plainLog writes the warnings and errors that Beam and its runners log
// (through slog, prism relaying a worker's with "[SDK] " before them) as
// plain lines in bookalign's own form, "bookalign run: warning: …", rather
// than slog's "time=… level=WARN msg=…" among the command's lines. Records
// below warning are dropped, and so are errors: those are the runner's
// account of a failed bundle (stages, coders, the plan), whose cause the
// command itself reports, once, when the run fails (pipelineError);
// --verbose replaces this handler with Beam's own text logging at INFO,
// errors included.
type plainLog struct {
	mu     *sync.Mutex
	w      io.Writer
	prefix string      // "bookalign run"
	attrs  []slog.Attr // from WithAttrs, shown after the message
	group  string      // from WithGroup, prefixed to the attributes' keys
}

// newPlainLog returns the handler for command's warnings, written to w.
func newPlainLog(w io.Writer, command string) *plainLog {
	return &plainLog{mu: &sync.Mutex{}, w: w, prefix: "bookalign " + command}
}

func (h *plainLog) Enabled(_ context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn && l < slog.LevelError
}

func (h *plainLog) Handle(_ context.Context, r slog.Record) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: warning: %s", h.prefix, strings.TrimPrefix(r.Message, "[SDK] "))
	attrs := h.attrs
	r.Attrs(func(a slog.Attr) bool {
		attrs = append(attrs, h.qualified(a))
		return true
	})
	for i, a := range attrs {
		sep := " ("
		if i > 0 {
			sep = ", "
		}
		fmt.Fprintf(&b, "%s%s: %v", sep, a.Key, a.Value)
	}
	if len(attrs) > 0 {
		b.WriteString(")")
	}
	b.WriteString("\n")
	h.mu.Lock()
	defer h.mu.Unlock()
	_, err := io.WriteString(h.w, b.String())
	return err
}

// qualified returns a with its key under the handler's group, if any.
func (h *plainLog) qualified(a slog.Attr) slog.Attr {
	if h.group != "" {
		a.Key = h.group + "." + a.Key
	}
	return a
}

func (h *plainLog) WithAttrs(attrs []slog.Attr) slog.Handler {
	c := *h
	c.attrs = append([]slog.Attr(nil), h.attrs...)
	for _, a := range attrs {
		c.attrs = append(c.attrs, h.qualified(a))
	}
	return &c
}

func (h *plainLog) WithGroup(name string) slog.Handler {
	c := *h
	if c.group != "" {
		name = c.group + "." + name
	}
	c.group = name
	return &c
}
