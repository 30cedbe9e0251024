package match

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/corpus"
)

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"A Christmas Carol":                "a-christmas-carol",
		"Alice's Adventures in Wonderland": "alices-adventures-in-wonderland",
		"Les Misérables":                   "les-miserables",
		"Heart of Darkness":                "heart-of-darkness",
		"Nineteen Eighty-Four":             "nineteen-eighty-four",
		"20,000 Leagues Under the Sea":     "20-000-leagues-under-the-sea",
		"Война и мир":                      "",
		"...":                              "",
		strings.Repeat("word ", 30):        strings.TrimSuffix(strings.Repeat("word-", 16), "-"),
		strings.Repeat("x", 100):           strings.Repeat("x", 80),
	} {
		got := Slug(in)
		if got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
		if got != "" {
			if err := corpus.ValidID(got); err != nil {
				t.Errorf("Slug(%q) = %q: %v", in, got, err)
			}
		}
	}
}

func TestAssignIDs(t *testing.T) {
	ms := []Match{
		{Query: Query{Key: "1", Title: "Emma", Author: "Jane Austen"}, Ebook: 158},
		{Query: Query{Key: "2", Title: "Emma", Author: "Jane Austen"}, Ebook: 19839},
		{Query: Query{Key: "3", Title: "Emma", Author: "Charlotte Brontë"}, Ebook: 100},
		{Query: Query{Key: "4", Title: "Война и мир", Author: "Лев Толстой"}, Ebook: 2600},
		{Query: Query{Key: "5", Title: "Peter Pan", Author: "J. M. Barrie"}, Ebook: 16},
		{Query: Query{Key: "6", Title: "Peter Pan", Author: "J. M. Barrie"}, Ebook: 16},
		{Query: Query{Key: "7", Title: "Heart of Darkness", Author: "Joseph Conrad"}, Ebook: 219},
	}
	want := map[string]string{"1": "emma-austen", "2": "emma-19839", "3": "emma", "4": "ebook-2600",
		"5": "peter-pan", "6": "peter-pan-barrie", "7": "heart-of-darkness-conrad"}
	taken := map[string]bool{"heart-of-darkness": true}
	for trial := 0; trial < 5; trial++ {
		shuffled := append([]Match(nil), ms...)
		rand.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		if err := AssignIDs(shuffled, taken); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, m := range shuffled {
			if m.ID != want[m.Key] {
				t.Errorf("key %s: id %q, want %q", m.Key, m.ID, want[m.Key])
			}
			if seen[m.ID] || corpus.ValidID(m.ID) != nil {
				t.Errorf("id %q repeated or invalid", m.ID)
			}
			seen[m.ID] = true
		}
	}
}

func TestAssignIDsCollisions(t *testing.T) {
	// Many summaries of one title, same author, same ebook: counters.
	var ms []Match
	for i := 0; i < 5; i++ {
		ms = append(ms, Match{Query: Query{Key: string(rune('a' + i)), Title: "Same", Author: "An Author"}, Ebook: 7})
	}
	if err := AssignIDs(ms, map[string]bool{"same-7": true}); err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, m := range ms {
		got = append(got, m.ID)
	}
	want := "same same-author same-7-2 same-7-3 same-7-4"
	if strings.Join(got, " ") != want {
		t.Errorf("ids %v, want %s", got, want)
	}
}
