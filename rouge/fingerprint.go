package rouge

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
)

// A Fingerprint identifies the ROUGE data a Scorer reads, as loaded: two
// scorers with the same options and the same Fingerprint score every text
// alike. It is what results.json records of the data, so that two runs
// scored with other lists are not compared.
type Fingerprint struct {
	// Stopwords is the hex SHA-256 of the stopword list, its words sorted,
	// each followed by "\n"; empty when there is no list (a Scorer cannot
	// remove stopwords then), which is not the fingerprint of an empty list.
	Stopwords string `json:"stopwords_sha256,omitempty"`
	// Exceptions is the hex SHA-256 of the exception table, its entries
	// sorted by inflected form, each "inflected\tbase\n". A table with no
	// entries (no data) has the fingerprint of no bytes.
	Exceptions string `json:"exceptions_sha256"`
}

// Fingerprint returns the fingerprint of the lists of d as they were
// loaded: a later line of an exception list that overrode an earlier one,
// or a repeated stopword, counts as the table the Scorer consults, not as
// the file. A nil *Data has no stopword list and an empty exception table.
func (d *Data) Fingerprint() Fingerprint {
	var fp Fingerprint
	if d.HasStopwords() {
		fp.Stopwords = hashLines(d.Stopwords())
	}
	var entries []string
	if d != nil {
		entries = make([]string, 0, len(d.exceptions))
		for inflected, base := range d.exceptions {
			entries = append(entries, inflected+"\t"+base)
		}
	}
	slices.Sort(entries)
	fp.Exceptions = hashLines(entries)
	return fp
}

// hashLines is the hex SHA-256 of lines, each followed by "\n".
func hashLines(lines []string) string {
	h := sha256.New()
	for _, l := range lines {
		h.Write([]byte(l))
		h.Write([]byte{'\n'})
	}
	return hex.EncodeToString(h.Sum(nil))
}
