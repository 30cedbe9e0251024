package match

import (
	"reflect"
	"testing"
)

func TestNormTitle(t *testing.T) {
	for in, want := range map[string]string{
		"The Time Machine":                 "time machine",
		"TIME-MACHINE":                     "time machine",
		"Alice's Adventures in Wonderland": "alices adventures in wonderland",
		"Alice’s Adventures in Wonderland": "alices adventures in wonderland",
		"Les Misérables":                   "les miserables",
		"A Christmas Carol":                "christmas carol",
		"An Æsthetic Œuvre":                "aesthetic oeuvre",
		"Pride & Prejudice":                "pride and prejudice",
		"A":                                "a",
		"The":                              "the",
		"  ":                               "",
		"Frankenstein; Or, The Modern Prometheus": "frankenstein or the modern prometheus",
		"Nineteen Eighty-Four":                    "nineteen eighty four",
		"Война и мир":                             "война и мир",
	} {
		if got := NormTitle(in); got != want {
			t.Errorf("NormTitle(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestMainTitle(t *testing.T) {
	for in, want := range map[string]string{
		"Frankenstein; Or, The Modern Prometheus":               "Frankenstein",
		"Frankenstein; or, the Modern Prometheus\n1831 edition": "Frankenstein",
		"Moby Dick: or, The Whale":                              "Moby Dick",
		"Emma":                                                  "Emma",
		"The Prince (Il Principe)":                              "The Prince",
		":odd":                                                  ":odd",
	} {
		if got := MainTitle(in); got != want {
			t.Errorf("MainTitle(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSurnameMatch(t *testing.T) {
	tests := []struct {
		name    string
		surname string
		ok      bool
		how     string
	}{
		{"Mary Shelley", "Shelley", true, "surname"},
		{"Baroness Emma Orczy", "Orczy", true, "surname"},
		{"Arthur Conan Doyle", "Doyle", true, "surname"},
		{"H. G. Wells", "Wells", true, "surname"},
		{"Miguel de Cervantes Saavedra", "Cervantes Saavedra", true, "surname"},
		{"Miguel de Cervantes", "Cervantes Saavedra", true, "first word of surname"},
		{"Thomas De Quincey", "De Quincey", true, "surname"},
		{"Honoré de Balzac", "Balzac", true, "surname"},
		{"Martin Luther King, Jr.", "King", true, "surname"},
		{"Voltaire", "Voltaire", true, "surname"},
		{"Henry James", "Henry", false, ""},
		{"Fyodor Dostoevsky", "Dostoyevsky", false, ""},
		{"", "Shelley", false, ""},
		{"Mary Shelley", "", false, ""},
	}
	for _, tc := range tests {
		ok, how := SurnameMatch(tc.name, Author{Surname: tc.surname})
		if ok != tc.ok || how != tc.how {
			t.Errorf("SurnameMatch(%q, %q) = %v, %q; want %v, %q", tc.name, tc.surname, ok, how, tc.ok, tc.how)
		}
	}
}

func TestSplitAuthors(t *testing.T) {
	for in, want := range map[string][]string{
		"Terry Pratchett and Neil Gaiman": {"Terry Pratchett", "Neil Gaiman"},
		"Jacob & Wilhelm Grimm":           {"Jacob", "Wilhelm Grimm"},
		"Dickens, Charles":                {"Dickens", "Charles"},
		"":                                nil,
		" ; , ":                           nil,
	} {
		if got := SplitAuthors(in); !reflect.DeepEqual(got, want) {
			t.Errorf("SplitAuthors(%q) = %q, want %q", in, got, want)
		}
	}
}
