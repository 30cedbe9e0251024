package rouge

import (
	"embed"
	"path"
	"strings"
)

// BuiltinDir is the name by which a data directory names the copy of
// ROUGE-1.5.5's data files that this package embeds (Builtin): bookalign's
// --rouge-data builtin.
const BuiltinDir = "builtin"

// BuiltinReadme is the name of the embedded file that states the data
// files' origins and licences (data/README.md), which a copy of them
// keeps beside them.
const BuiltinReadme = "README.md"

// builtin holds ROUGE-1.5.5's data files, byte for byte (data/README.md
// says where they come from and under which licences).
//
//go:embed data/README.md data/smart_common_words.txt data/wordnet-2.0-adj.exc data/wordnet-2.0-adv.exc data/wordnet-2.0-noun.exc data/wordnet-2.0-verb.exc
var builtin embed.FS

// BuiltinFile returns the embedded copy of the data file named (one of
// DataFiles), or of BuiltinReadme, which says where they come from and
// under which licences.
func BuiltinFile(name string) ([]byte, error) { return builtin.ReadFile(path.Join("data", name)) }

// Builtin returns the Data of the embedded copy of ROUGE-1.5.5's data
// files: the same lists, and so the same scores, as the files of the
// ROUGE distribution.
func Builtin() (*Data, error) { return ReadData(BuiltinDir, BuiltinFile) }

// BuiltinHint is what an error about a missing ROUGE data directory dir
// adds when dir looks like a misspelling of BuiltinDir ("BUILTIN",
// " builtin"): only the exact word names the embedded copy.
func BuiltinHint(dir string) string {
	if dir != BuiltinDir && strings.EqualFold(strings.TrimSpace(strings.TrimRight(dir, "/")), BuiltinDir) {
		return "; the copy in the binary is named builtin, in lower case and without spaces"
	}
	return ""
}
