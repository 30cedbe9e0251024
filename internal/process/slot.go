package process

import "sync"

// trainingSlots is the process's one training slot.
var trainingSlots = make(chan struct{}, 1)

// TrainingSlot waits for the process's training slot and returns the
// number of goroutines the training may use, every core, and the function
// that frees the slot (calling it again does nothing). One training runs
// at a time in a process, each on every core: a runner may hand a process
// several at once, and training them one after another takes about as
// long as side by side, in a fraction of the memory, since each holds its
// set's features and its fits' working copies.
func TrainingSlot() (workers int, release func()) {
	trainingSlots <- struct{}{}
	var once sync.Once
	return Cores(), func() { once.Do(func() { <-trainingSlots }) }
}
