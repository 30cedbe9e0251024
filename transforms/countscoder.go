package transforms

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/classify"
	"github.com/bookalign/bookalign/classify/coverage"
)

func init() {
	beam.RegisterCoder(reflect.TypeOf((*classify.Stats)(nil)).Elem(), encodeStats, decodeStats)
	beam.RegisterCoder(reflect.TypeOf((*classify.Counts)(nil)).Elem(), encodeCounts, decodeCounts)
	beam.RegisterCoder(reflect.TypeOf((*coverage.BigramBooks)(nil)).Elem(), encodeBigramBooks, decodeBigramBooks)
}

// The Beam coders of the collection statistics: their binary forms
// (classify), instead of Beam's schema coding of their slices and maps, which
// took several CPU-seconds of a 30-book run and several times the bytes.

func encodeStats(s classify.Stats) ([]byte, error) { return s.MarshalBinary() }

func decodeStats(data []byte) (classify.Stats, error) {
	var s classify.Stats
	err := s.UnmarshalBinary(data)
	return s, err
}

func encodeCounts(c classify.Counts) ([]byte, error) { return c.MarshalBinary() }

func decodeCounts(data []byte) (classify.Counts, error) {
	var c classify.Counts
	err := c.UnmarshalBinary(data)
	return c, err
}

func encodeBigramBooks(c coverage.BigramBooks) ([]byte, error) { return c.MarshalBinary() }

func decodeBigramBooks(data []byte) (coverage.BigramBooks, error) {
	var c coverage.BigramBooks
	err := c.UnmarshalBinary(data)
	return c, err
}
