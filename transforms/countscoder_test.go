package transforms

import (
	"reflect"
	"testing"

	"github.com/bookalign/bookalign/classify"
)

// testTrainTask returns the task of a set holding one small book.
func testTrainTask(t testing.TB) TrainTask {
	t.Helper()
	b := testBookData(t)
	var c classify.Counts
	if err := c.Add(b.Book.Stats()); err != nil {
		t.Fatal(err)
	}
	return TrainTask{Method: "passage", Set: classify.AllBooks, Folds: []int{0, 1, 2}, Ranked: false, Counts: c}
}

// TestTrainTaskCoder checks that TrainTask, Stats and Counts round-trip
// through their Beam coders and that truncated tasks are refused.
func TestTrainTaskCoder(t *testing.T) {
	task := testTrainTask(t)
	other := TrainTask{Method: "jing", Set: 4, Ranked: true, Folds: []int{}}
	for _, want := range []TrainTask{task, other} {
		data, err := encodeTrainTask(want)
		if err != nil {
			t.Fatal(err)
		}
		got, err := decodeTrainTask(data)
		if err != nil {
			t.Fatalf("%s %d: %v", want.Method, want.Set, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("round trip\n got %+v\nwant %+v", got, want)
		}
		for cut := range len(data) {
			if _, err := decodeTrainTask(data[:cut]); err == nil {
				t.Errorf("%s %d cut to %d of %d bytes: no error", want.Method, want.Set, cut, len(data))
			}
		}
	}
	b := testBookData(t)
	st := b.Book.Stats()
	data, err := encodeStats(*st)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := decodeStats(data); err != nil || !reflect.DeepEqual(&got, st) {
		t.Errorf("stats round trip: %v\n got %+v\nwant %+v", err, got, *st)
	}
	data, err = encodeCounts(task.Counts)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := decodeCounts(data); err != nil || !reflect.DeepEqual(got, task.Counts) {
		t.Errorf("counts round trip: %v", err)
	}
}

// FuzzTrainTaskCoder checks that decodeTrainTask never panics and that what
// it accepts encodes back to bytes that decode to the same task.
func FuzzTrainTaskCoder(f *testing.F) {
	data, err := encodeTrainTask(testTrainTask(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Fuzz(func(t *testing.T, data []byte) {
		task, err := decodeTrainTask(data)
		if err != nil {
			return
		}
		again, err := encodeTrainTask(task)
		if err != nil {
			t.Fatalf("an accepted task does not encode: %v", err)
		}
		task2, err := decodeTrainTask(again)
		if err != nil || !reflect.DeepEqual(task, task2) {
			t.Fatalf("round trip changes the task (%v)", err)
		}
	})
}
