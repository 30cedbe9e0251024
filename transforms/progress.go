package transforms

import (
	"sync/atomic"

	"github.com/bookalign/bookalign/internal/progressline"
	"github.com/bookalign/bookalign/outcome"
)

// The stages of the experiment whose elements the progress line counts,
// by the names it shows: a stage that also rejects pairs has the name its
// rejects carry.
const (
	StageLoad         = outcome.StageLoad
	StageAlign        = outcome.StageAlign
	StageFeaturize    = "featurize"
	StageTrainingSets = "training sets"
	StageTrain        = "train"
	StageBaselines    = outcome.StageBaselines
	StageFirst1000    = "first1000"
	StageEvaluate     = outcome.StageEvaluate
)

// progress is the line that counts the elements each stage has done while
// a pipeline runs in this process (prism, direct, or a loopback worker).
// It is nil until a command shows one with ShowProgress, so distributed
// workers and tests stay quiet; Beam's counters are the record that works
// everywhere.
var progress atomic.Pointer[progressline.Line]

// ShowProgress makes l the progress line of the pipelines this process
// runs (nil: none).
func ShowProgress(l *progressline.Line) { progress.Store(l) }

// tick counts one element of stage done on the progress line, if any.
func tick(stage, unit string) { progress.Load().Tick(stage, unit) }
