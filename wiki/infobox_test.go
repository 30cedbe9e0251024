package wiki

import (
	"reflect"
	"testing"
)

func TestParseInfobox(t *testing.T) {
	tests := []struct {
		name string
		text string
		want Infobox
	}{
		{"animal farm", `{{Infobox book
| name         = Animal Farm
| author       = [[George Orwell]]
| genre        = Political satire
| published    = 17 August 1945 ([[Secker and Warburg]], London, England)
| pages        = 112 <!-- First edition -->
}}`, Infobox{Template: "infobox book", Title: "Animal Farm", Author: "George Orwell", PubDate: "1945-08-17", Genres: []string{"Political satire"}}},
		{"alias, markup and lists", `{{Infobox_Novel|name='''''X'''''|authors={{ubl|[[A. B.|Ann B]]|C D}}|genre=[[Satire|Satirical essay]]<br>[[Fantasy]] / magic<br/>{{nowrap|Science fiction}}|pub_date={{start date|1729}}}}`,
			Infobox{Template: "infobox novel", Title: "X", Author: "Ann B, C D", PubDate: "1729", Genres: []string{"Satirical essay", "Fantasy / magic", "Science fiction"}}},
		{"plainlist genres, repeated", "{{Book infobox|genre={{Plainlist|\n* [[Novel]]\n* [[novel]]\n* Drama.\n}}|release_date=March 1901}}",
			Infobox{Template: "book infobox", Genres: []string{"Novel", "Drama"}, PubDate: "1901-03"}},
		{"empty fields", "{{Infobox book|name=|author=|genre=}}", Infobox{Template: "infobox book"}},
		{"fallback date field", "{{Infobox book|pub_date=|published=June 5, 2001}}", Infobox{Template: "infobox book", PubDate: "2001-06-05"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ts, err := ParseTemplates(tc.text)
			if err != nil || len(ts) != 1 {
				t.Fatalf("ParseTemplates: %v, %d", err, len(ts))
			}
			if got := ParseInfobox(&ts[0]); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %#v\nwant %#v", got, tc.want)
			}
		})
	}
}

func TestNormaliseDate(t *testing.T) {
	for in, want := range map[string]string{
		"1986": "1986",
		"17 August 1945 ([[Secker and Warburg]])": "1945-08-17",
		"August 17, 1945":                         "1945-08-17",
		"Aug. 1945":                               "1945-08",
		"1st March 1901":                          "1901-03-01",
		"1945-08-17":                              "1945-08-17",
		"{{Start date|1945|8|17|df=y}}":           "1945-08-17",
		"{{start date and age|2003|13}}":          "2003",
		"Serialised 1850–1851; book 1852":         "1850",
		"c. 400 BC":                               "c. 400 BC",
		"":                                        "",
		"<!-- unknown -->":                        "",
		"1729 (pamphlet), 112 pages":              "1729",
		"{{Publication date and age|1999|12}} UK": "1999-12",
	} {
		if got := NormaliseDate(in); got != want {
			t.Errorf("NormaliseDate(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIsBook(t *testing.T) {
	var x Extractor
	for text, want := range map[string]bool{
		"{{Infobox book|name=A}}":                    true,
		"{{ infobox_Book }}":                         true,
		"{{Template:Infobox Novel\n|name=A}}":        true,
		"{{Infobox short story|name=A}}":             true,
		"{{Book infobox}}":                           true,
		"{{Infobox book series|name=A}}":             false,
		"{{Infobox film|name=A}}":                    false,
		"<!--{{Infobox book|name=A}}-->":             false,
		"{{Infobox publication|name=A}}":             false,
		"no templates at all":                        false,
		"{{Infobox writer|module={{Infobox book}}}}": false,
		"{{Infobox book | name = A\n== Plot ==\nx\n": true,
	} {
		if got := x.isBook(text); got != want {
			t.Errorf("isBook(%q) = %v, want %v", text, got, want)
		}
	}
	custom := Extractor{Templates: []string{"book"}}
	if !custom.isBook("{{Book|title=x}}") {
		t.Error("custom template names are not used")
	}
}
