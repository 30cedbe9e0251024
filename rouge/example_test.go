package rouge_test

import (
	"fmt"

	"github.com/bookalign/bookalign/rouge"
)

func ExampleScorer_Score() {
	s := &rouge.Scorer{Stem: true} // ROUGE-1.5.5 -m, with no exception table
	res, err := s.Score("The farmers generalized the battery.", "However, the farmer generalizes batteries.")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("ROUGE-1 R %.5f P %.5f F %.5f (%d of %d)\n",
		res.ROUGE1.Recall, res.ROUGE1.Precision, res.ROUGE1.F, res.ROUGE1.Hits, res.ROUGE1.Reference)
	fmt.Printf("ROUGE-2 R %.5f\n", res.ROUGE2.Recall)
	fmt.Printf("ROUGE-L R %.5f\n", res.ROUGEL.Recall)
	// Output:
	// ROUGE-1 R 0.80000 P 0.80000 F 0.80000 (4 of 5)
	// ROUGE-2 R 0.50000
	// ROUGE-L R 0.80000
}

func ExampleScorer_Prepare() {
	s := &rouge.Scorer{}
	ref, err := s.Prepare("the cat sat on the mat")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, cand := range []string{"the cat", "the mat", "a dog"} {
		fmt.Printf("%-8s %.5f\n", cand, ref.Score(cand).ROUGE1.Recall)
	}
	// Output:
	// the cat  0.33333
	// the mat  0.33333
	// a dog    0.00000
}
