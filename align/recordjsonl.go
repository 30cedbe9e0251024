package align

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/bookalign/bookalign/internal/jsonl"
)

// WriteRecords writes records as an alignment file: JSON Lines, one Record
// a line, with <, > and & written as they are (not HTML-escaped). This is
// the one encoder of alignment files; ParseRecords reads them back.
func WriteRecords(w io.Writer, records []Record) error {
	return jsonl.Write(w, records)
}

// maxRecordLine bounds one line of an alignment file.
const maxRecordLine = 16 << 20

// ParseRecords reads an alignment file: one Record per line, blank lines
// allowed. A line that is not a Record, a span that is negative or ends
// before it starts, or a negative summary index is an error naming the
// line.
func ParseRecords(data []byte) ([]Record, error) {
	var out []Record
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, maxRecordLine)
	for line := 1; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var r Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if r.SpanBytes != nil && (r.SpanBytes[0] < 0 || r.SpanBytes[1] < r.SpanBytes[0]) {
			return nil, fmt.Errorf("line %d: bad span %v", line, *r.SpanBytes)
		}
		if r.SummaryIndex < 0 {
			return nil, fmt.Errorf("line %d: negative summary index %d", line, r.SummaryIndex)
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
