package report

import (
	"encoding/base64"
	"fmt"
	"html/template"
	"sort"
	"strconv"

	"github.com/bookalign/bookalign/classify/logistic"
	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/figures"
	"github.com/bookalign/bookalign/layout"
)

// Index is everything the index page shows.
type Index struct {
	Results *evaluate.Results
	// Features holds each trained method's strongest features.
	Features map[string][]logistic.RankedFeature
	// Figures are SVG images of the run, shown in this order after the
	// ROUGE chart.
	Figures []Figure
	// Titles holds book titles by id; a book without one shows its id.
	Titles map[string]string
	// Failed are the books without a page.
	Failed []Failure
}

// Figure is one SVG image with its caption.
type Figure struct {
	Title, Caption string
	SVG            []byte
}

type indexPage struct {
	Corpus, TestCorpus string
	Books, Rejected    int
	Words              int
	Seed               uint64
	Rouge              string
	Rows               []resultRow
	Figures            []figureView
	Features           []featureTable
	Methods            []methodView
	BookRows           []bookRow
	Failed             []Failure
	Style              styleAndScript

	// Content are the rows of the content-word recall (ROUGE -s), and
	// ContentStem how it was stemmed; none when the run did not measure it.
	Content     []resultRow
	ContentStem string
	// Peers are the p-values against the unsupervised peers (LexRank,
	// TextRank) in every column; none when no peer ran.
	Peers []peerRow
}

// peerRow is one method's p-values against one peer, ROUGE-1 / ROUGE-2:
// stemmed, unstemmed, and of the content words stemmed and unstemmed.
type peerRow struct {
	Method, Peer                         methodView
	Stem, NoStem, Content, ContentNoStem string
}

type resultRow struct {
	Method                               methodView
	R1, R2, CI1, CI2, R1NoStem, R2NoStem string
	PFirst, PNames, PJing                string
	Books                                int
}

type figureView struct {
	Title, Caption string
	Src            template.URL
}

type featureTable struct {
	Method methodView
	Rows   []logistic.RankedFeature
}

type bookRow struct {
	Title, Href string
	Cells       []bookCell
}

// bookCell is one ROUGE score of the books table; Value sorts it (-1 for a
// method that has no score for the book).
type bookCell struct {
	Text, Value string
}

// RenderIndex returns the report's index.html.
func RenderIndex(ix *Index) ([]byte, error) {
	r := ix.Results
	if r == nil {
		return nil, fmt.Errorf("no results")
	}
	p := &indexPage{
		Corpus: r.Corpus, TestCorpus: r.TestCorpus, Books: r.Books, Rejected: r.Rejected,
		Words: r.Words, Seed: r.Seed, Rouge: r.Rouge.Describe(), Style: style,
	}
	var chart []figures.MethodScore
	for _, m := range r.Methods {
		v := view(m.Name)
		p.Methods = append(p.Methods, v)
		p.Rows = append(p.Rows, resultRow{
			Method: v, R1: pct(m.Rouge1Recall), R2: pct(m.Rouge2Recall),
			CI1:      "[" + pct(m.Rouge1RecallCI95[0]) + ", " + pct(m.Rouge1RecallCI95[1]) + "]",
			CI2:      "[" + pct(m.Rouge2RecallCI95[0]) + ", " + pct(m.Rouge2RecallCI95[1]) + "]",
			R1NoStem: pct(m.Rouge1RecallNoStem), R2NoStem: pct(m.Rouge2RecallNoStem),
			PFirst: m.PVsFirst1000.String(), PNames: m.PVsNames.String(), PJing: m.PVsJing.String(),
			Books: m.Books,
		})
		if c := m.ContentRecall; c != nil {
			p.Content = append(p.Content, resultRow{
				Method: v, R1: pct(c.Rouge1RecallContent), R2: pct(c.Rouge2RecallContent),
				CI1:      "[" + pct(c.Rouge1RecallContentCI95[0]) + ", " + pct(c.Rouge1RecallContentCI95[1]) + "]",
				CI2:      "[" + pct(c.Rouge2RecallContentCI95[0]) + ", " + pct(c.Rouge2RecallContentCI95[1]) + "]",
				R1NoStem: pct(c.Rouge1RecallContentNoStem), R2NoStem: pct(c.Rouge2RecallContentNoStem),
				PFirst: m.PVsFirst1000.ContentString(), PNames: m.PVsNames.ContentString(), PJing: m.PVsJing.ContentString(),
				Books: m.Books,
			})
		}
		chart = append(chart, figures.MethodScore{Name: v.Name, Rouge1: m.Rouge1Recall, Rouge2: m.Rouge2Recall,
			Rouge1CI: m.Rouge1RecallCI95, Rouge2CI: m.Rouge2RecallCI95})
		if f, ok := ix.Features[m.Name]; ok {
			p.Features = append(p.Features, featureTable{Method: v, Rows: f})
		}
	}
	if len(p.Content) > 0 {
		p.ContentStem = r.Rouge.ContentStem()
	}
	for _, row := range r.PeerRows() {
		p.Peers = append(p.Peers, peerRow{Method: view(row.Method), Peer: view(row.Peer),
			Stem: row.P.String(), NoStem: row.P.NoStemString(), Content: row.P.ContentString(), ContentNoStem: row.P.ContentNoStemString()})
	}
	if len(chart) > 0 {
		svg, err := figures.RougeChart(chart, "svg")
		if err != nil {
			return nil, fmt.Errorf("ROUGE chart: %w", err)
		}
		p.Figures = append(p.Figures, figureView{Title: "ROUGE recall by method",
			Caption: "ROUGE-1 and ROUGE-2 recall of each method, with 95% intervals.", Src: dataURL(svg)})
	}
	for _, f := range ix.Figures {
		p.Figures = append(p.Figures, figureView{Title: f.Title, Caption: f.Caption, Src: dataURL(f.SVG)})
	}
	p.BookRows = bookRows(r, ix.Titles, ix.Failed)
	p.Failed = ix.Failed
	return execute("index.html", p)
}

// dataURL inlines an SVG image. As an <img> source it cannot run script.
func dataURL(svg []byte) template.URL {
	return template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg))
}

// bookRows lists every scored book by id with each method's ROUGE-1 and
// ROUGE-2 recall.
func bookRows(r *evaluate.Results, titles map[string]string, failed []Failure) []bookRow {
	var rows []bookRow
	noPage := map[string]bool{}
	for _, f := range failed {
		noPage[f.ID] = true
	}
	for _, id := range BookIDs(r) {
		row := bookRow{Title: id, Href: layout.Report{}.Book(id)}
		if noPage[id] {
			row.Href = ""
		}
		if t := titles[id]; t != "" {
			row.Title = t
		}
		for _, m := range r.Methods {
			s, ok := m.PerBook[id]
			for _, x := range []float64{s.Rouge1Recall, s.Rouge2Recall} {
				if !ok {
					row.Cells = append(row.Cells, bookCell{Text: "–", Value: "-1"})
					continue
				}
				row.Cells = append(row.Cells, bookCell{Text: pct(x), Value: strconv.FormatFloat(x, 'f', 5, 64)})
			}
		}
		rows = append(rows, row)
	}
	return rows
}

// BookIDs returns the ids of the books any method was scored on, sorted.
func BookIDs(r *evaluate.Results) []string {
	seen := map[string]bool{}
	var ids []string
	for _, m := range r.Methods {
		for id := range m.PerBook {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	sort.Strings(ids)
	return ids
}
