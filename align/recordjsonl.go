package align

import (
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
	return jsonl.Parse(data, maxRecordLine, func(r *Record) error {
		if r.SpanBytes != nil && (r.SpanBytes[0] < 0 || r.SpanBytes[1] < r.SpanBytes[0]) {
			return fmt.Errorf("bad span %v", *r.SpanBytes)
		}
		if r.SummaryIndex < 0 {
			return fmt.Errorf("negative summary index %d", r.SummaryIndex)
		}
		return nil
	})
}
