package pipelines

import (
	"slices"

	"github.com/bookalign/bookalign/evaluate"
	"github.com/bookalign/bookalign/transforms"
)

// ProgressTotals are the most elements each stage of the experiment of c
// handles, by the names of the progress line (transforms.Stage…): pairs
// is the number of rows of the corpus's index, testPairs the test
// corpus's (0 without one). A pair rejected on the way lowers what the
// later stages do, so a stage may end below its total.
func (c Config) ProgressTotals(pairs, testPairs int) map[string]int {
	methods := c.RunnableMethods()
	scored := pairs
	if c.TestCorpus != "" {
		scored = testPairs
	}
	totals := map[string]int{transforms.StageLoad: pairs + testPairs, transforms.StageEvaluate: scored * len(methods)}
	if len(c.aligners()) > 0 {
		totals[transforms.StageAlign] = pairs
	}
	if trained := len(c.trained()); trained > 0 {
		totals[transforms.StageFeaturize] = pairs + testPairs
		totals[transforms.StageTrainingSets] = pairs
		totals[transforms.StageTrain] = c.TrainingSets() * trained
	}
	if len(c.baselines()) > 0 {
		totals[transforms.StageBaselines] = scored
	}
	if slices.Contains(methods, evaluate.MethodFirst1000) {
		totals[transforms.StageFirst1000] = scored
	}
	return totals
}
