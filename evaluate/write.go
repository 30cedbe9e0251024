package evaluate

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// JSON returns results.json: indented, keys in a fixed order, a trailing
// newline. Equal results give equal bytes.
func (r *Results) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Table returns table.md: the paper's results table (model, ROUGE-1 and
// ROUGE-2 recall in percent) with 95% intervals and p-values, the same
// table for the content words (ROUGE -s) when the run measured them, or a
// line saying why it did not, then the paper's table for the unstemmed
// scores.
func (r *Results) Table() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# ROUGE recall of %d-word summaries\n\n", r.Words)
	fmt.Fprintf(&b, "%d books evaluated, %d pairs rejected (see rejects.jsonl). Corpus: `%s`.\n", r.Books, r.Rejected, r.Corpus)
	fmt.Fprintf(&b, "ROUGE-1.5.5 recall in percent, %s; 95%% percentile-bootstrap intervals over books (seed %d).\n\n", r.Rouge.describe(), r.Seed)
	b.WriteString("| Model | ROUGE-1 | ROUGE-2 | ROUGE-1 95% CI | ROUGE-2 95% CI | ROUGE-1 no stem | ROUGE-2 no stem | p vs First 1000 | p vs Names | p vs Jing | Books |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, m := range r.Methods {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %d |\n", DisplayName(m.Name),
			pct(m.Rouge1Recall), pct(m.Rouge2Recall), interval(m.Rouge1RecallCI95), interval(m.Rouge2RecallCI95),
			pct(m.Rouge1RecallNoStem), pct(m.Rouge2RecallNoStem),
			m.PVsFirst1000.cell(), m.PVsNames.cell(), m.PVsJing.cell(), m.Books)
	}
	r.writeContent(&b)
	b.WriteString("\n## Without stemming\n\n")
	b.WriteString("| Model | ROUGE-1 | ROUGE-2 | ROUGE-1 95% CI | ROUGE-2 95% CI | p vs First 1000 | p vs Names | p vs Jing | Books |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, m := range r.Methods {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %d |\n", DisplayName(m.Name),
			pct(m.Rouge1RecallNoStem), pct(m.Rouge2RecallNoStem),
			interval(m.Rouge1RecallNoStemCI95), interval(m.Rouge2RecallNoStemCI95),
			m.PVsFirst1000.noStemCell(), m.PVsNames.noStemCell(), m.PVsJing.noStemCell(), m.Books)
	}
	r.writePeers(&b)
	fmt.Fprintf(&b, "\np: two-sided paired approximate-randomization test over books (ROUGE-1 / ROUGE-2 recall), %s.\n", r.pNote())
	return []byte(b.String())
}

// writeContent writes the table of the content-word recall (ROUGE -s), or,
// when no method has it, one line saying why.
func (r *Results) writeContent(b *strings.Builder) {
	if !r.HasContent() {
		fmt.Fprintf(b, "\n%s\n", r.ContentNote())
		return
	}
	b.WriteString("\n## Content words (ROUGE -s)\n\n")
	fmt.Fprintf(b, "The same recall with ROUGE's stopwords removed (-s), %s; \"no stem\" without -m. Intervals over the same bootstrap samples; p: the same test of the content-word recall.\n\n", r.Rouge.contentStem())
	b.WriteString("| Model | ROUGE-1 | ROUGE-2 | ROUGE-1 95% CI | ROUGE-2 95% CI | ROUGE-1 no stem | ROUGE-2 no stem | p vs First 1000 | p vs Names | p vs Jing | Books |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, m := range r.Methods {
		c := m.ContentRecall
		if c == nil {
			fmt.Fprintf(b, "| %s | – | – | – | – | – | – | – | – | – | %d |\n", DisplayName(m.Name), m.Books)
			continue
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %d |\n", DisplayName(m.Name),
			pct(c.Rouge1RecallContent), pct(c.Rouge2RecallContent), interval(c.Rouge1RecallContentCI95), interval(c.Rouge2RecallContentCI95),
			pct(c.Rouge1RecallContentNoStem), pct(c.Rouge2RecallContentNoStem),
			m.PVsFirst1000.contentCell(), m.PVsNames.contentCell(), m.PVsJing.contentCell(), m.Books)
	}
}

// writePeers writes the p-values of every method against the
// unsupervised peers (PeerMethods) that ran, in every column; nothing when
// none ran.
func (r *Results) writePeers(b *strings.Builder) {
	rows := r.PeerRows()
	if len(rows) == 0 {
		return
	}
	b.WriteString("\n## Against the unsupervised peers\n\n")
	b.WriteString("p of the same test against LexRank and TextRank, ROUGE-1 / ROUGE-2 in each column: stemmed, without stemming, and of the content words (ROUGE -s) stemmed and without stemming.\n\n")
	b.WriteString("| Model | p vs | stemmed | no stem | content | content no stem |\n")
	b.WriteString("|---|---|---:|---:|---:|---:|\n")
	for _, row := range rows {
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", DisplayName(row.Method), DisplayName(row.Peer),
			row.P.cell(), row.P.noStemCell(), row.P.contentCell(), row.P.contentNoStemCell())
	}
}

// PeerRow is one method's p-values against one unsupervised peer.
type PeerRow struct {
	Method, Peer string
	P            *PValues
}

// PeerRows returns the p-values of each method against each peer
// (PeerMethods) that ran, in table order: the rows of table.md's and the
// report's table of the peers. A pair of peers is listed once, LexRank
// against TextRank: the test is symmetric, so TextRank against LexRank
// has the same p-values.
func (r *Results) PeerRows() []PeerRow {
	var rows []PeerRow
	for i := range r.Methods {
		m := &r.Methods[i]
		for _, c := range m.PAgainst() {
			if *c.P == nil || !slices.Contains(PeerMethods, c.Base) {
				continue
			}
			if slices.ContainsFunc(rows, func(row PeerRow) bool { return row.Method == c.Base && row.Peer == m.Name }) {
				continue
			}
			rows = append(rows, PeerRow{m.Name, c.Base, *c.P})
		}
	}
	return rows
}

// ContentNote says why the results have no content-word recall (ROUGE
// -s), in one line; "" when they have it.
func (r *Results) ContentNote() string {
	switch {
	case r.HasContent():
		return ""
	case !r.Rouge.Exceptions:
		return "Content words (ROUGE -s): not measured: the run had no ROUGE data (--rouge-data), so no stopword list to remove."
	}
	return "Content words (ROUGE -s): not measured in these results."
}

// pNote says how p-values were computed and printed.
func (r *Results) pNote() string {
	n := r.testRounds()
	if n == 0 {
		return "none run"
	}
	return fmt.Sprintf("%d rounds, p = (1 + rounds at least as extreme) / (1 + %d); %q: no round was", n, n, FormatP(0, n))
}

func interval(ci [2]float64) string { return "[" + pct(ci[0]) + ", " + pct(ci[1]) + "]" }

// cell renders the stemmed p-values as "ROUGE-1 / ROUGE-2" (FormatP), or
// "–" when absent.
func (p *PValues) cell() string {
	if p == nil {
		return "–"
	}
	return FormatP(p.Rouge1, p.Rounds) + " / " + FormatP(p.Rouge2, p.Rounds)
}

// noStemCell renders the unstemmed p-values as cell does the stemmed.
func (p *PValues) noStemCell() string {
	if p == nil {
		return "–"
	}
	return FormatP(p.Rouge1NoStem, p.Rounds) + " / " + FormatP(p.Rouge2NoStem, p.Rounds)
}

// contentCell renders the stemmed content-word p-values as cell does the
// main ones, "–" when absent.
func (p *PValues) contentCell() string {
	if p == nil || p.ContentPValues == nil {
		return "–"
	}
	return FormatP(p.Rouge1Content, p.Rounds) + " / " + FormatP(p.Rouge2Content, p.Rounds)
}

// contentNoStemCell renders the unstemmed content-word p-values.
func (p *PValues) contentNoStemCell() string {
	if p == nil || p.ContentPValues == nil {
		return "–"
	}
	return FormatP(p.Rouge1ContentNoStem, p.Rounds) + " / " + FormatP(p.Rouge2ContentNoStem, p.Rounds)
}

// contentStem says in words how the content-word columns were stemmed:
// as the main columns, which always stem.
func (s RougeSettings) contentStem() string {
	if s.Exceptions {
		return "stemmed (-m, with the WordNet 2.0 exception table)"
	}
	return "stemmed (-m, empty exception table)"
}

// describe says in words which ROUGE options the main columns used.
func (s RougeSettings) describe() string {
	var opts []string
	if s.Stem {
		if s.Exceptions {
			opts = append(opts, "stemmed (-m, with the WordNet 2.0 exception table)")
		} else {
			opts = append(opts, "stemmed (-m, empty exception table)")
		}
	}
	if s.Stopwords {
		opts = append(opts, "stopwords removed (-s)")
	}
	if len(opts) == 0 {
		return "no stemming, stopwords kept"
	}
	return strings.Join(opts, ", ")
}

// PerBookCSV returns per_book.csv: one row per method and book, sorted by
// method (table order) then book id, recall as fractions with 5 decimals.
// When the run measured the content words, four columns follow the
// others: their ROUGE-1 and ROUGE-2 recall (-s), stemmed and unstemmed
// (empty for a method without them).
func (r *Results) PerBookCSV() ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	content := r.HasContent()
	header := []string{"method", "id", "rouge_1_recall", "rouge_2_recall", "rouge_1_recall_nostem", "rouge_2_recall_nostem"}
	if content {
		header = append(header, "rouge_1_recall_content", "rouge_2_recall_content", "rouge_1_recall_content_nostem", "rouge_2_recall_content_nostem")
	}
	rows := [][]string{header}
	for _, m := range r.Methods {
		ids := keys(m.PerBook)
		sort.Strings(ids)
		for _, id := range ids {
			s := m.PerBook[id]
			row := []string{m.Name, id, frac(s.Rouge1Recall), frac(s.Rouge2Recall),
				frac(s.Rouge1RecallNoStem), frac(s.Rouge2RecallNoStem)}
			switch {
			case !content:
			case s.BookContentRecall == nil:
				row = append(row, "", "", "", "")
			default:
				row = append(row, frac(s.Rouge1RecallContent), frac(s.Rouge2RecallContent),
					frac(s.Rouge1RecallContentNoStem), frac(s.Rouge2RecallContentNoStem))
			}
			rows = append(rows, row)
		}
	}
	if err := w.WriteAll(rows); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func pct(x float64) string  { return strconv.FormatFloat(100*x, 'f', 1, 64) }
func frac(x float64) string { return strconv.FormatFloat(x, 'f', 5, 64) }
