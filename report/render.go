package report

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"strconv"

	"github.com/bookalign/bookalign/evaluate"
)

//go:embed assets/book.html assets/index.html assets/report.css assets/report.js
var assets embed.FS

// styleAndScript are the stylesheet and script every page inlines.
type styleAndScript struct {
	CSS template.CSS
	JS  template.JS
}

var (
	pages = template.Must(template.New("").Funcs(template.FuncMap{
		"inc": func(i int) int { return i + 1 },
		// col is the books table's column of method i's ROUGE-n.
		"col": func(i, n int) int { return 1 + 2*i + n - 1 },
	}).ParseFS(assets, "assets/book.html", "assets/index.html"))
	style = mustStyle()
)

func mustStyle() styleAndScript {
	css, err := assets.ReadFile("assets/report.css")
	if err != nil {
		panic(err)
	}
	js, err := assets.ReadFile("assets/report.js")
	if err != nil {
		panic(err)
	}
	// Both are this package's own files, and methodCSS writes only the
	// names of evaluate.Methods and numbers: never user input.
	return styleAndScript{CSS: template.CSS(string(css) + methodCSS(evaluate.Methods)), JS: template.JS(js)}
}

// RenderBook returns the HTML page of one book. methods are the run's
// methods in table order; the page shows those b has data for.
func RenderBook(b *Book, methods []string) ([]byte, error) {
	p, err := newBookPage(b, methods)
	if err != nil {
		return nil, err
	}
	p.Style = style
	return execute("book.html", p)
}

func execute(name string, data any) ([]byte, error) {
	var buf bytes.Buffer
	if err := pages.ExecuteTemplate(&buf, name, data); err != nil {
		return nil, fmt.Errorf("rendering %s: %w", name, err)
	}
	return buf.Bytes(), nil
}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }
