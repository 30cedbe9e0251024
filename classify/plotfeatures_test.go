package classify

import (
	"bytes"
	"slices"
	"testing"
)

// family is a small book with dialogue, full names, kinship words and two
// chapters.
const family = "CHAPTER I.\n\nEmma Woodhouse lived with her father at Hartfield. \"It is cold,\" said he. " +
	"\"Very cold. Stay in.\"\n\nHer sister Isabella came with John Knightley.\n\n" +
	"CHAPTER II.\n\nThe rain fell all day. Emma met Harriet and Isabella and Knightley at noon.\n"

func TestRowShape(t *testing.T) {
	_, b := parseBook(t, "family", family)
	for _, tc := range []struct {
		row    int
		quoted uint8
		flags  uint8
	}{
		{0, 0, FlagKinName},                // "Emma Woodhouse" starts the sentence: no full name; "her father at Hartfield"
		{1, 60, 0},                         // 3 of 5 words quoted
		{2, 100, 0},                        // "Very cold." opens a quotation that runs on
		{3, 100, 0},                        // ... into "Stay in." of the same paragraph
		{4, 0, FlagFullName | FlagKinName}, // "John Knightley", "sister Isabella"
		{5, 0, 0},
		{6, 0, 0}, // "Emma" starts the sentence; no two adjacent names
	} {
		if b.Quoted[tc.row] != tc.quoted || b.Flags[tc.row] != tc.flags {
			t.Errorf("row %d: quoted %d flags %b, want %d %b", tc.row, b.Quoted[tc.row], b.Flags[tc.row], tc.quoted, tc.flags)
		}
	}
	if want := []int32{0, 5}; !slices.Equal(b.Chapters, want) {
		t.Errorf("Chapters = %v, want %v", b.Chapters, want)
	}
}

func TestQuoteState(t *testing.T) {
	for _, tc := range []struct {
		s      string
		in     bool
		wantIn bool
	}{
		{"", false, false},
		{"", true, true},
		{` "`, false, true},
		{`," `, true, false},
		{" “", false, true},
		{"” ", true, false},
		{"“", true, true}, // an opening mark inside a quotation keeps it open
		{"'", false, false},
	} {
		if got := quoteState(tc.s, tc.in); got != tc.wantIn {
			t.Errorf("quoteState(%q, %v) = %v", tc.s, tc.in, got)
		}
	}
}

func TestFeaturizePlot(t *testing.T) {
	_, a := parseBook(t, "family", family)
	_, b := parseBook(t, "home", home)
	base := Settings{Vocabulary: 3, Names: 5}
	c0, _ := NewCollection([]*Stats{a.Stats(), b.Stats()}, base)
	for _, tc := range []struct {
		name string
		set  func(*Settings)
		add  []string
	}{
		{"characters", func(s *Settings) { s.Characters = true },
			[]string{"NAMES_DISTINCT>=2", "NAMES_DISTINCT>=3", "NAMES_DISTINCT>=4", "INTRODUCES_NAME", "FULL_NAME", "KIN_NAME"}},
		{"dialogue", func(s *Settings) { s.Dialogue = true }, []string{"QUOTED>0", "QUOTED>=50", "QUOTED=100"}},
		{"chapter", func(s *Settings) { s.Chapter = true },
			[]string{"CHAPTER_FIRST", "CHAPTER_LAST", "CHAPTER_FIFTH_0", "CHAPTER_FIFTH_1", "CHAPTER_FIFTH_2", "CHAPTER_FIFTH_3", "CHAPTER_FIFTH_4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set := base
			tc.set(&set)
			c, _ := NewCollection([]*Stats{a.Stats(), b.Stats()}, set)
			names := c.FeatureNames()
			if !slices.Equal(names[:c0.Dim()], c0.FeatureNames()) || !slices.Equal(names[c0.Dim():], tc.add) || c.Dim() != len(names) {
				t.Fatalf("FeatureNames = %v", names)
			}
			f := c.Featurize(a)
			active := activeFrom(names, f, c0.Dim())
			want := map[string][][]string{
				"characters": {
					{"INTRODUCES_NAME", "KIN_NAME"}, // Woodhouse, Hartfield: first mentions
					nil, nil, nil,
					{"NAMES_DISTINCT>=2", "NAMES_DISTINCT>=3", "INTRODUCES_NAME", "FULL_NAME", "KIN_NAME"}, // Isabella, John, Knightley
					nil,
					{"NAMES_DISTINCT>=2", "NAMES_DISTINCT>=3", "INTRODUCES_NAME"}, // Harriet, Isabella, Knightley; Harriet first
				},
				"dialogue": {nil, {"QUOTED>0", "QUOTED>=50"}, {"QUOTED>0", "QUOTED>=50", "QUOTED=100"},
					{"QUOTED>0", "QUOTED>=50", "QUOTED=100"}, nil, nil, nil},
				"chapter": {
					{"CHAPTER_FIRST", "CHAPTER_FIFTH_0"}, {"CHAPTER_FIFTH_1"}, {"CHAPTER_FIFTH_2"}, {"CHAPTER_FIFTH_3"},
					{"CHAPTER_LAST", "CHAPTER_FIFTH_4"}, {"CHAPTER_FIRST", "CHAPTER_FIFTH_0"}, {"CHAPTER_LAST", "CHAPTER_FIFTH_2"},
				},
			}[tc.name]
			for i, w := range want {
				if got := active(i); !slices.Equal(got, w) {
					t.Errorf("row %d: %v, want %v", i, got, w)
				}
			}
			// Rows stay sorted, and a model with the features saves and loads.
			for i := range f.Rows() {
				if !slices.IsSorted(f.Row(i)) {
					t.Errorf("row %d unsorted: %v", i, f.Row(i))
				}
			}
			m, err := (&Trainer{Lambda: 1e-3}).Train(c, []*Features{withLabels(f, 4)})
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := m.WriteJSON(&buf); err != nil {
				t.Fatal(err)
			}
			if _, err := ReadModel(&buf); err != nil {
				t.Errorf("ReadModel: %v", err)
			}
		})
	}
}

// activeFrom returns a function that lists the names of the active
// features of a row of f from index from on.
func activeFrom(names []string, f *Features, from int) func(row int) []string {
	return func(row int) []string {
		var out []string
		for _, j := range f.Row(row) {
			if int(j) >= from {
				out = append(out, names[j])
			}
		}
		return out
	}
}
