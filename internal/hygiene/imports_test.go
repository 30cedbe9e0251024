package hygiene

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportGroups checks every Go file's imports: the standard library's
// in the first group, alone, and every other import (the project's and
// third parties') in the groups after it, as gofmt leaves groups that
// blank lines separate.
func TestImportGroups(t *testing.T) {
	root := moduleRoot(t)
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if msg := importGroupsProblem(fset, f.Imports); msg != "" {
			t.Errorf("%s: %s", rel, msg)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// importGroupsProblem says what is wrong with the groups of imports, or "".
func importGroupsProblem(fset *token.FileSet, imports []*ast.ImportSpec) string {
	group, lastLine, seenOther := 0, -1, false
	stdGroup := -1
	for _, spec := range imports {
		line := fset.Position(spec.Pos()).Line
		if spec.Doc != nil {
			line = fset.Position(spec.Doc.Pos()).Line
		}
		if lastLine >= 0 && line > lastLine+1 {
			group++
		}
		lastLine = fset.Position(spec.End()).Line
		path, _ := strconv.Unquote(spec.Path.Value)
		std := !strings.Contains(strings.SplitN(path, "/", 2)[0], ".")
		switch {
		case std && seenOther:
			return "standard library import " + strconv.Quote(path) + " after or among other imports"
		case std:
			stdGroup = group
		case group == stdGroup:
			return "import " + strconv.Quote(path) + " in the standard library's group"
		default:
			seenOther = true
		}
	}
	return ""
}
