package wiki

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

func TestSummaryRoundTrip(t *testing.T) {
	in := []Summary{
		{WikipediaID: 620, Title: "Animal Farm", Author: "George Orwell", PubDate: "1945-08-17",
			Genres: []string{"Political satire", "Roman à clef", `"quoted" <b>`}, Text: "Para one.\n\nPara\ttwo."},
		{WikipediaID: 1, FreebaseID: "/m/0abc", Title: "No\ngenres", Text: "x"},
	}
	var b strings.Builder
	w := NewSummaryWriter(&b)
	for i := range in {
		if err := w.Write(&in[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	wantTSV := "620\t\tAnimal Farm\tGeorge Orwell\t1945-08-17\t[\"Political satire\",\"Roman à clef\",\"\\\"quoted\\\" <b>\"]\tPara one. Para two.\n" +
		"1\t/m/0abc\tNo genres\t\t\t\tx\n"
	if b.String() != wantTSV {
		t.Errorf("TSV\n got %q\nwant %q", b.String(), wantTSV)
	}
	r := NewSummaryReader(strings.NewReader(b.String()))
	for i := range in {
		got, err := r.Read()
		if err != nil {
			t.Fatal(err)
		}
		want := in[i]
		want.Text = strings.Join(strings.Fields(want.Text), " ")
		want.Title = strings.Join(strings.Fields(want.Title), " ")
		if !reflect.DeepEqual(got, want) {
			t.Errorf("row %d: got %+v, want %+v", i, got, want)
		}
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("at the end: %v, want io.EOF", err)
	}
}

func TestSummaryReaderCMU(t *testing.T) {
	// The CMU layout: genres as a Freebase object, summary with a leading space.
	row := "620\t/m/0hhy\tAnimal Farm\tGeorge Orwell\t1945-08-17\t{\"/m/016lj8\": \"Roman \\u00e0 clef\", \"/m/06nbt\": \"Satire\"}\t Old Major, the old boar.\r\n"
	got, err := NewSummaryReader(strings.NewReader(row)).Read()
	if err != nil {
		t.Fatal(err)
	}
	want := Summary{WikipediaID: 620, FreebaseID: "/m/0hhy", Title: "Animal Farm", Author: "George Orwell",
		PubDate: "1945-08-17", Genres: []string{"Roman à clef", "Satire"}, Text: "Old Major, the old boar."}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestSummaryReaderErrors(t *testing.T) {
	in := "1\t\tA\t\t\t\tok\n" + // line 1
		"2\t\tB\n" + // 2: too few fields
		"x\t\tC\t\t\t\ttext\n" + // 3: bad id
		"4\t\tD\t\t\t{\"a\": 1}\ttext\n" + // 4: genre not a string
		"5\t\tE\t\t\t[\"a\"] x\ttext\n" + // 5: trailing text
		"\n" + // 6: blank
		"7\t\tF\xff\t\t\t\ttext\n" + // 7: bad UTF-8
		"8\t\tG\t\t\t[\"g\"]\tlast" // 8, no final newline
	type res struct {
		line int
		err  error
		off  int64
	}
	want := []res{{0, nil, 0}, {2, ErrFieldCount, 11}, {3, ErrBadID, 16}, {4, ErrBadGenres, 29 + 7}, {5, ErrBadGenres, 50 + 7}, {7, ErrInvalidUTF8, 71 + 4}, {0, nil, 0}}
	r := NewSummaryReader(strings.NewReader(in))
	for i, w := range want {
		s, err := r.Read()
		if w.err == nil {
			if err != nil {
				t.Errorf("read %d: %v", i, err)
			}
			continue
		}
		var pe *ParseError
		if !errors.Is(err, w.err) || !errors.As(err, &pe) || pe.Line != w.line || pe.Offset != w.off {
			t.Errorf("read %d: got %+v (%v), want %v at line %d byte %d", i, s, err, w.err, w.line, w.off)
		}
	}
	if _, err := r.Read(); err != io.EOF {
		t.Errorf("at the end: %v", err)
	}
}

func TestSummaryReaderLine(t *testing.T) {
	r := NewSummaryReader(strings.NewReader("1\t\tA\t\t\t\ta\n\nbad\n2\t\tB\t\t\t\tb\n"))
	var lines []int
	for {
		_, err := r.Read()
		if err == io.EOF {
			break
		}
		lines = append(lines, r.Line())
	}
	if !reflect.DeepEqual(lines, []int{1, 3, 4}) {
		t.Errorf("lines %v, want [1 3 4]", lines)
	}
}
