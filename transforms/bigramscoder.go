package transforms

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/classify"
)

func init() {
	beam.RegisterCoder(reflect.TypeOf((*classify.BigramBooks)(nil)).Elem(), encodeBigramBooks, decodeBigramBooks)
}

// The Beam coder of the bigram counts' accumulator (bigramBooksFn): its
// binary form (classify), instead of Beam's schema coding of its slices,
// which costs CPU and several times the bytes.

func encodeBigramBooks(c classify.BigramBooks) ([]byte, error) { return c.MarshalBinary() }

func decodeBigramBooks(data []byte) (classify.BigramBooks, error) {
	var c classify.BigramBooks
	err := c.UnmarshalBinary(data)
	return c, err
}
