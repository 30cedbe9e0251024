package coverage

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/bookalign/bookalign/internal/binform"
)

// The JSON forms of the statistics a model file carries (Stats): each
// table as one base64 string of its binary form, a count as a pair.

// MarshalJSON writes the table as one base64 string of its binary form
// (the terms front-coded, each with its counts): a hundred thousand terms
// as a JSON object would make most of a model file.
func (t TermTable) MarshalJSON() ([]byte, error) {
	if len(t.Terms) != len(t.Counts) {
		return nil, errors.New("coverage: term table of unequal lengths")
	}
	out := binary.AppendUvarint(make([]byte, 0, 8*len(t.Terms)), uint64(len(t.Terms)))
	prev := ""
	for i, w := range t.Terms {
		out = binform.AppendFrontCoded(out, prev, w)
		out = appendTermCount(out, t.Counts[i])
		prev = w
	}
	return json.Marshal(out) // []byte as base64
}

// base64Reader decodes a JSON string of base64, as a []byte's JSON form,
// to a reader of the bytes.
func base64Reader(data []byte) (*binform.Reader, error) {
	var raw []byte
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	return &binform.Reader{Data: raw, Wrap: ErrEncoding}, nil
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (t *TermTable) UnmarshalJSON(data []byte) error {
	d, err := base64Reader(data)
	if err != nil {
		return err
	}
	n := d.Count(4)
	nt := TermTable{Terms: make([]string, n), Counts: make([]TermCount, n)}
	var w []byte
	for i := range n {
		w = d.FrontCoded(w)
		nt.Terms[i] = string(w)
		nt.Counts[i] = TermCount{Books: d.Int32(), Summaries: d.Int32()}
	}
	if err := d.End(); err != nil {
		return err
	}
	*t = nt
	return nil
}

// MarshalJSON writes the table as one base64 string of its binary form
// (the keys as differences, each with its counts): hashes are not worth
// reading, and a few hundred thousand of them as JSON numbers would
// double the size of a model file.
func (t BigramTable) MarshalJSON() ([]byte, error) {
	if len(t.Keys) != len(t.Counts) {
		return nil, errors.New("coverage: bigram table of unequal lengths")
	}
	out := make([]byte, 0, 12*len(t.Keys))
	out = binary.AppendUvarint(out, uint64(len(t.Keys)))
	var ok bool
	for i, g := range t.Keys {
		if out, ok = binform.AppendIncreasing(out, i, binform.PrevKey(t.Keys, i), g); !ok {
			return nil, errors.New("coverage: bigram table not increasing")
		}
		out = appendTermCount(out, t.Counts[i])
	}
	return json.Marshal(out) // []byte as base64
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (t *BigramTable) UnmarshalJSON(data []byte) error {
	d, err := base64Reader(data)
	if err != nil {
		return err
	}
	n := d.Count(3)
	nt := BigramTable{Keys: make([]uint64, n), Counts: make([]TermCount, n)}
	for i := range n {
		nt.Keys[i] = d.Increasing(i, binform.PrevKey(nt.Keys, i))
		nt.Counts[i] = TermCount{Books: d.Int32(), Summaries: d.Int32()}
	}
	if err := d.End(); err != nil {
		return err
	}
	*t = nt
	return nil
}

// MarshalJSON writes a count as [books, summaries].
func (n TermCount) MarshalJSON() ([]byte, error) {
	return []byte("[" + strconv.Itoa(int(n.Books)) + "," + strconv.Itoa(int(n.Summaries)) + "]"), nil
}

// UnmarshalJSON reads [books, summaries].
func (n *TermCount) UnmarshalJSON(data []byte) error {
	var v [2]int32
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	n.Books, n.Summaries = v[0], v[1]
	return nil
}
