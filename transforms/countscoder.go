package transforms

import (
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/bookalign/bookalign/classify"
)

func init() {
	beam.RegisterCoder(reflect.TypeOf((*classify.Stats)(nil)).Elem(), encodeStats, decodeStats)
	beam.RegisterCoder(reflect.TypeOf((*classify.Counts)(nil)).Elem(), encodeCounts, decodeCounts)
	beam.RegisterCoder(reflect.TypeOf((*TrainTask)(nil)).Elem(), encodeTrainTask, decodeTrainTask)
}

// errTrainTask means bytes are not an encoded TrainTask.
var errTrainTask = errors.New("transforms: not an encoded TrainTask")

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

// encodeTrainTask is the Beam coder of TrainTask: method, set, ranked flag
// and folds, then the binary form of the set's Counts.
func encodeTrainTask(t TrainTask) ([]byte, error) {
	counts, err := t.Counts.MarshalBinary()
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(counts)+len(t.Method)+2*len(t.Folds)+16)
	out = appendHeader(out, t.Method, t.Set, t.Ranked)
	out = binary.AppendUvarint(out, uint64(len(t.Folds)))
	for _, f := range t.Folds {
		out = binary.AppendVarint(out, int64(f))
	}
	return append(out, counts...), nil
}

// decodeTrainTask decodes the output of encodeTrainTask.
func decodeTrainTask(data []byte) (TrainTask, error) {
	var t TrainTask
	var err error
	if t.Method, t.Set, t.Ranked, data, err = readHeader(data); err != nil {
		return t, err
	}
	folds, n := binary.Uvarint(data)
	if n <= 0 || folds > uint64(len(data)) {
		return t, fmt.Errorf("%w: folds", errTrainTask)
	}
	data = data[n:]
	t.Folds = make([]int, 0, folds)
	for range folds {
		f, n := binary.Varint(data)
		if n <= 0 || f != int64(int(f)) {
			return t, fmt.Errorf("%w: fold", errTrainTask)
		}
		t.Folds, data = append(t.Folds, int(f)), data[n:]
	}
	err = t.Counts.UnmarshalBinary(data)
	return t, err
}
