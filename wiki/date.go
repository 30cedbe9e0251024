package wiki

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

var months = map[string]int{
	"january": 1, "february": 2, "march": 3, "april": 4, "may": 5, "june": 6,
	"july": 7, "august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8,
	"sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
}

const monthRE = `(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?`

var (
	isoDate = regexp.MustCompile(`\b(1\d{3}|20\d{2})-(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01]))?\b`)
	dmyDate = regexp.MustCompile(`(?i)\b([1-9]|[12]\d|3[01])(?:st|nd|rd|th)?\s+` + monthRE + `,?\s+(1\d{3}|20\d{2})\b`)
	mdyDate = regexp.MustCompile(`(?i)\b` + monthRE + `\s+([1-9]|[12]\d|3[01])(?:st|nd|rd|th)?,?\s+(1\d{3}|20\d{2})\b`)
	myDate  = regexp.MustCompile(`(?i)\b` + monthRE + `,?\s+(1\d{3}|20\d{2})\b`)
	yDate   = regexp.MustCompile(`\b(1\d{3}|20\d{2})\b`)
)

// dateTemplates are templates whose positional arguments are year, month
// and day.
var dateTemplates = map[string]bool{
	"start date": true, "start date and age": true, "publication date": true,
	"publication date and age": true, "release date": true, "release date and age": true,
	"date": true, "dts": true, "film date": true, "start-date": true, "end date": true,
}

// NormaliseDate turns an infobox date value (wikitext) into the form of the
// CMU data: "1945-08-17", "1945-08" or "1945", taking the first date it
// finds. {{Start date|1945|8|17}} and its kin are read; so are
// "17 August 1945", "August 17, 1945", "August 1945", "1945-08-17" and a
// bare year from 1000 to 2099 in the plain text. A value with no such date
// ("c. 400 BC") is returned as one line of plain text, and a blank value as
// "".
func NormaliseDate(value string) string {
	ts, _ := ParseTemplates(stripComments(value))
	for _, t := range ts {
		if !dateTemplates[t.Name] {
			continue
		}
		pos := t.positional()
		if len(pos) == 0 {
			continue
		}
		y, err := strconv.Atoi(strings.TrimSpace(pos[0]))
		if err != nil || y < 1000 || y > 2099 {
			continue
		}
		out := fmt.Sprintf("%04d", y)
		if len(pos) > 1 {
			if m, err := strconv.Atoi(strings.TrimSpace(pos[1])); err == nil && m >= 1 && m <= 12 {
				out += fmt.Sprintf("-%02d", m)
				if len(pos) > 2 {
					if d, err := strconv.Atoi(strings.TrimSpace(pos[2])); err == nil && d >= 1 && d <= 31 {
						out += fmt.Sprintf("-%02d", d)
					}
				}
			}
		}
		return out
	}
	text := strings.Join(strings.Fields(PlainText(value)), " ")
	best, bestAt := "", len(text)+1
	try := func(re *regexp.Regexp, format func(m []string) string) {
		if loc := re.FindStringSubmatchIndex(text); loc != nil && loc[0] < bestAt {
			m := make([]string, len(loc)/2)
			for i := range m {
				if loc[2*i] >= 0 {
					m[i] = text[loc[2*i]:loc[2*i+1]]
				}
			}
			best, bestAt = format(m), loc[0]
		}
	}
	// Longer forms first, so that at the same position they win.
	try(isoDate, func(m []string) string { return m[0] })
	try(dmyDate, func(m []string) string { return ymd(m[3], m[2], m[1]) })
	try(mdyDate, func(m []string) string { return ymd(m[3], m[1], m[2]) })
	try(myDate, func(m []string) string { return ymd(m[2], m[1], "") })
	try(yDate, func(m []string) string { return m[1] })
	if best != "" {
		return best
	}
	return text
}

// ymd formats year, month name and day (maybe "") as an ISO date.
func ymd(year, month, day string) string {
	m := months[strings.ToLower(strings.TrimSuffix(month, "."))]
	if day == "" {
		return fmt.Sprintf("%s-%02d", year, m)
	}
	d, _ := strconv.Atoi(day)
	return fmt.Sprintf("%s-%02d-%02d", year, m, d)
}
