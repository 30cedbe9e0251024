package main

import (
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// flagMention finds a flag named in a text: "--name", not part of a longer
// run of dashes or of a word.
var flagMention = regexp.MustCompile(`(?:^|[^-\w])--([a-z][a-z0-9_-]*[a-z0-9])`)

// flagDefinition finds a flag a help defines: one at the start of a line
// of its flag list (help.go's flagLine).
var flagDefinition = regexp.MustCompile(`(?m)^  --([a-z][a-z0-9_-]*)`)

// commandNames are the commands bookalign's usage lists.
func commandNames(t *testing.T) []string {
	var names []string
	for _, m := range regexp.MustCompile(`(?m)^  ([a-z][a-z-]+) `).FindAllStringSubmatch(usage, -1) {
		names = append(names, m[1])
	}
	if len(names) < 10 {
		t.Fatalf("found %d commands in the usage, want every command: %q", len(names), names)
	}
	return names
}

// commandFlags returns, for each command, the flags it accepts as its help
// lists them, with Beam's for a command that takes them (its help lists
// --help-beam), and the help's text.
func commandFlags(t *testing.T) (flags map[string]map[string]bool, helps map[string]string) {
	flags, helps = map[string]map[string]bool{}, map[string]string{}
	for _, cmd := range commandNames(t) {
		stdout, stderr, _ := bookalign(t, cmd, "-h")
		help := stdout + stderr
		accepted := map[string]bool{"help": true}
		for _, m := range flagDefinition.FindAllStringSubmatch(help, -1) {
			accepted[m[1]] = true
		}
		if accepted["help-beam"] {
			flag.CommandLine.VisitAll(func(f *flag.Flag) { accepted[f.Name] = true })
		}
		flags[cmd], helps[cmd] = accepted, help
	}
	return flags, helps
}

// TestFlagsNamedExist checks that every --flag a help or a message names
// is a flag bookalign accepts: in a command's help, a flag of that command;
// in the messages of cmd/bookalign/<command>.go, a flag of that command;
// in any other message of the module, a flag of some command. A message
// that sends a user to a flag that was renamed or removed fails here.
func TestFlagsNamedExist(t *testing.T) {
	flags, helps := commandFlags(t)
	any := map[string]bool{}
	for _, accepted := range flags {
		for f := range accepted {
			any[f] = true
		}
	}
	for cmd, help := range helps {
		for _, m := range flagMention.FindAllStringSubmatch(help, -1) {
			if !flags[cmd][m[1]] {
				t.Errorf("bookalign %s -h names --%s, which is not a flag of %s", cmd, m[1], cmd)
			}
		}
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != root) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		accepted := any
		if dir, base := filepath.Split(rel); dir == "cmd/bookalign/" && flags[strings.TrimSuffix(base, ".go")] != nil {
			accepted = union(flags[strings.TrimSuffix(base, ".go")], flags[aboutRuns[strings.TrimSuffix(base, ".go")]])
		}
		for _, lit := range stringLiterals(t, path) {
			checked++
			for _, part := range byCommand(lit.text, accepted, flags) {
				for _, m := range flagMention.FindAllStringSubmatch(part.text, -1) {
					if !part.accepted[m[1]] {
						t.Errorf("%s:%d names --%s, which is not a flag of bookalign%s", rel, lit.line, m[1], scopeOf(part.accepted, any))
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 1000 {
		t.Fatalf("checked %d string literals, want the whole module's", checked)
	}
}

// commandMention finds a command line quoted in a message: "bookalign
// run".
var commandMention = regexp.MustCompile(`bookalign ([a-z][a-z-]+)`)

// A textPart is a part of a message and the flags it may name.
type textPart struct {
	text     string
	accepted map[string]bool
}

// byCommand splits a message where it quotes a command ("bookalign run
// --corpus …"): the flags after a quoted command are that command's; those
// before any, the file's (accepted).
func byCommand(text string, accepted map[string]bool, flags map[string]map[string]bool) []textPart {
	var parts []textPart
	from := 0
	for _, m := range commandMention.FindAllStringSubmatchIndex(text, -1) {
		cmd := flags[text[m[2]:m[3]]]
		if cmd == nil {
			continue
		}
		parts = append(parts, textPart{text[from:m[0]], accepted})
		from, accepted = m[0], cmd
	}
	return append(parts, textPart{text[from:], accepted})
}

// aboutRuns are the commands whose messages speak of how a run was made,
// naming the flags of bookalign run.
var aboutRuns = map[string]string{"compare": "run", "report": "run"}

// union returns the flags of a and of b.
func union(a, b map[string]bool) map[string]bool {
	out := make(map[string]bool, len(a)+len(b))
	for f := range a {
		out[f] = true
	}
	for f := range b {
		out[f] = true
	}
	return out
}

// scopeOf says which command's flags a message was checked against.
func scopeOf(accepted, any map[string]bool) string {
	if len(accepted) == len(any) {
		return ""
	}
	return " at that command"
}

// literal is a string constant of a Go file and its line.
type literal struct {
	text string
	line int
}

// stringLiterals returns the string literals of the Go file at path. CSS
// custom properties (var(--name)) and the comments of embedded HTML are
// not flags and are left out.
func stringLiterals(t *testing.T, path string) []literal {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var out []literal
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		s = cssVariable.ReplaceAllString(s, "")
		out = append(out, literal{text: s, line: fset.Position(lit.Pos()).Line})
		return true
	})
	return out
}

// cssVariable matches a CSS custom property, declared or used.
var cssVariable = regexp.MustCompile(`var\(--[\w-]+|(?m)^\s*--[\w-]+\s*:|[{;]\s*--[\w-]+\s*:`)
