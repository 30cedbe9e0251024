package transforms

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/classify/coverage"
)

func init() {
	beam.RegisterCoder(reflect.TypeOf((*coverage.BigramBooks)(nil)).Elem(), encodeBigramBooks, decodeBigramBooks)
}

// The Beam coder of the bigram counts' accumulator (bigramBooksFn): its
// binary form (classify), instead of Beam's schema coding of its slices,
// which costs CPU and several times the bytes.

func encodeBigramBooks(c coverage.BigramBooks) ([]byte, error) { return c.MarshalBinary() }

func decodeBigramBooks(data []byte) (coverage.BigramBooks, error) {
	var c coverage.BigramBooks
	err := c.UnmarshalBinary(data)
	return c, err
}
