package corpus

import "strings"

// Layout names the files of a corpus rooted at Dir, a local directory or a
// URL such as gs://bucket/prefix. Paths are joined with '/', which every
// filesystem bookalign reads accepts.
type Layout struct {
	Dir string
}

// Pairs returns the path of the pairs.tsv index.
func (l Layout) Pairs() string { return l.join("pairs.tsv") }

// Book returns the path of the book text of pair id.
func (l Layout) Book(id string) string { return l.join("books/" + id + ".txt") }

// Summary returns the path of the summary text of pair id.
func (l Layout) Summary(id string) string { return l.join("summaries/" + id + ".txt") }

// Matches returns the path of matches.jsonl, why each pair was made.
func (l Layout) Matches() string { return l.join("matches.jsonl") }

// Rejects returns the path of rejects.jsonl, the summaries that gave no
// pair, with the reason.
func (l Layout) Rejects() string { return l.join("rejects.jsonl") }

func (l Layout) join(rel string) string {
	return Join(l.Dir, rel)
}

// Join joins a directory (local path or URL) and a relative, '/'-separated
// path.
func Join(dir, rel string) string {
	if dir == "" {
		return rel
	}
	return strings.TrimRight(dir, "/") + "/" + rel
}
