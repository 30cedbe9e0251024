// Package outcome accounts for the inputs of bookalign's pipelines: every
// input ends in the results or as a Reject with a reason, and the counts
// reconcile. It holds the one Reject type of the three pipelines (the
// experiment, match and wiki-extract), its order and its JSON Lines form,
// the reconciliation of counts, and the rendering of each pipeline's final
// files from its results and rejects. It does not import Beam: the
// pipelines gather the outcomes in one place (transforms.WriteOutcomes) and
// call it.
package outcome
