package evaluate

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
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
// ROUGE-2 recall in percent) with 95% intervals and the unstemmed scores.
func (r *Results) Table() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# ROUGE recall of %d-word summaries\n\n", r.Words)
	fmt.Fprintf(&b, "%d books evaluated, %d pairs rejected (see rejects.jsonl). Corpus: `%s`.\n", r.Books, r.Rejected, r.Corpus)
	fmt.Fprintf(&b, "ROUGE-1.5.5 recall in percent, %s; 95%% percentile-bootstrap intervals over books (seed %d).\n\n", r.Rouge.describe(), r.Seed)
	b.WriteString("| Model | ROUGE-1 | ROUGE-2 | ROUGE-1 95% CI | ROUGE-2 95% CI | ROUGE-1 no stem | ROUGE-2 no stem | p vs First 1000 | p vs Names | p vs Jing | Books |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, m := range r.Methods {
		fmt.Fprintf(&b, "| %s | %s | %s | [%s, %s] | [%s, %s] | %s | %s | %s | %s | %s | %d |\n", DisplayName(m.Name),
			pct(m.Rouge1Recall), pct(m.Rouge2Recall),
			pct(m.Rouge1RecallCI95[0]), pct(m.Rouge1RecallCI95[1]),
			pct(m.Rouge2RecallCI95[0]), pct(m.Rouge2RecallCI95[1]),
			pct(m.Rouge1RecallNoStem), pct(m.Rouge2RecallNoStem),
			m.PVsFirst1000.cell(), m.PVsNames.cell(), m.PVsJing.cell(), m.Books)
	}
	b.WriteString("\np: two-sided paired approximate-randomization test over books (ROUGE-1 / ROUGE-2 recall).\n")
	return []byte(b.String())
}

// cell renders p-values as "ROUGE-1 / ROUGE-2", or "–" when absent.
func (p *PValues) cell() string {
	if p == nil {
		return "–"
	}
	return strconv.FormatFloat(p.Rouge1, 'f', 3, 64) + " / " + strconv.FormatFloat(p.Rouge2, 'f', 3, 64)
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
func (r *Results) PerBookCSV() ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	rows := [][]string{{"method", "id", "rouge_1_recall", "rouge_2_recall", "rouge_1_recall_nostem", "rouge_2_recall_nostem"}}
	for _, m := range r.Methods {
		ids := keys(m.PerBook)
		sort.Strings(ids)
		for _, id := range ids {
			s := m.PerBook[id]
			rows = append(rows, []string{m.Name, id, frac(s.Rouge1Recall), frac(s.Rouge2Recall),
				frac(s.Rouge1RecallNoStem), frac(s.Rouge2RecallNoStem)})
		}
	}
	if err := w.WriteAll(rows); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func pct(x float64) string  { return strconv.FormatFloat(100*x, 'f', 1, 64) }
func frac(x float64) string { return strconv.FormatFloat(x, 'f', 5, 64) }
