package logistic

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/bookalign/bookalign/classify/cv"
)

// A RankedFeature is one feature's standing over several models.
type RankedFeature struct {
	Name string `json:"name"`
	// MeanRank is the mean over the models of the feature's rank by weight,
	// 1 being the largest; a model without the feature ranks it after all of
	// its own.
	MeanRank float64 `json:"mean_rank"`
	// MeanWeight is the mean weight over the models that have the feature.
	MeanWeight float64 `json:"mean_weight"`
	// Models is the number of models that have the feature.
	Models int `json:"models"`
}

// TopFeatures returns the k features most predictive of a sentence being in
// the summary, rank-averaged over models (the paper's Table 3, over the ten
// training splits): each model ranks its features by decreasing weight (ties
// by name), and features are ordered by
//
//	meanRank(f) = sum_m {rank_m(f)} / M,
//
// where rank_m(f) = D_m + 1 when model m, of D_m features, lacks f (its
// vocabulary is that of its own training books). Ties go by name. k <= 0
// returns every feature.
func TopFeatures(models []*Model, k int) []RankedFeature {
	type acc struct {
		weight float64
		ranks  []int // rank in each model, 0 when the model lacks the feature
	}
	accs := map[string]*acc{}
	for mi, m := range models {
		order := make([]int, len(m.Weights))
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(a, b int) int {
			switch wa, wb := m.Weights[a], m.Weights[b]; {
			case wa > wb:
				return -1
			case wa < wb:
				return 1
			}
			return strings.Compare(m.Features[a], m.Features[b])
		})
		for r, i := range order {
			a := accs[m.Features[i]]
			if a == nil {
				a = &acc{ranks: make([]int, len(models))}
				accs[m.Features[i]] = a
			}
			a.ranks[mi] = r + 1
			a.weight += m.Weights[i]
		}
	}
	out := make([]RankedFeature, 0, len(accs))
	for name, a := range accs {
		f := RankedFeature{Name: name}
		for mi, r := range a.ranks {
			if r == 0 {
				r = len(models[mi].Weights) + 1
			} else {
				f.Models++
			}
			f.MeanRank += float64(r)
		}
		f.MeanRank /= float64(len(models))
		f.MeanWeight = a.weight / float64(f.Models)
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b RankedFeature) int {
		switch {
		case a.MeanRank < b.MeanRank:
			return -1
		case a.MeanRank > b.MeanRank:
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	if k > 0 && k < len(out) {
		out = out[:k]
	}
	return out
}

// FeatureTable renders ranked features as a Markdown table with columns
// rank, feature, mean rank and mean weight.
func FeatureTable(ranked []RankedFeature) string {
	var sb strings.Builder
	sb.WriteString("| Rank | Feature | Mean rank | Mean weight |\n|---:|---|---:|---:|\n")
	for i, f := range ranked {
		fmt.Fprintf(&sb, "| %d | %s | %.1f | %.3f |\n", i+1, strings.ReplaceAll(f.Name, "|", `\|`), f.MeanRank, f.MeanWeight)
	}
	return sb.String()
}

// FeatureReport renders the feature table of one method (the paper's Table
// 3): models are the method's models and sets their training sets, in any
// order. The table ranks the k strongest features (TopFeatures) over the
// models of the sets cv.RankedSets keeps, taken in set order. It returns the
// Markdown page and the ranked features as indented JSON.
func FeatureReport(method string, sets []int, models []*Model, k int) (md, js []byte, err error) {
	if len(sets) != len(models) {
		return nil, nil, fmt.Errorf("logistic: %d training sets for %d models", len(sets), len(models))
	}
	keep := cv.RankedSets(sets)
	var order []int
	for i, s := range sets {
		if slices.Contains(keep, s) {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return sets[a] - sets[b] })
	ranked := make([]*Model, len(order))
	for j, i := range order {
		ranked[j] = models[i]
	}
	top := TopFeatures(ranked, k)
	md = fmt.Appendf(nil, "# Strongest features: %s\n\nThe %d features with the largest weights, rank-averaged over %d training splits (the paper's Table 3).\n\n%s",
		method, k, len(ranked), FeatureTable(top))
	if js, err = json.MarshalIndent(top, "", "  "); err != nil {
		return nil, nil, err
	}
	return md, append(js, '\n'), nil
}
