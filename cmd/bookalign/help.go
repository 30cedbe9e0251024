package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
)

// beamFlags are the names of the flags Beam defines on flag.CommandLine
// (its runners' options), recorded before any command defines its own.
var beamFlags = map[string]bool{}

// recordBeamFlags records the flags flag.CommandLine holds now: Beam's.
func recordBeamFlags() {
	flag.CommandLine.VisitAll(func(f *flag.Flag) { beamFlags[f.Name] = true })
}

// A flagGroup is a heading of a command's help and the flags under it.
type flagGroup struct {
	title string
	names []string
}

// printUsage prints a command's help: its usage line, then its own flags,
// in groups when given (the flags of no group come first, under
// "Flags"), one line each. Beam's flags are left out; a command that
// accepts them names the three a user needs and --help-beam.
func printUsage(w io.Writer, fs *flag.FlagSet, usage string, groups []flagGroup) {
	fmt.Fprintln(w, wrap("usage: "+usage, 7))
	grouped := map[string]bool{}
	for _, g := range groups {
		for _, n := range g.names {
			grouped[n] = true
		}
	}
	var rest []string
	fs.VisitAll(func(f *flag.Flag) {
		if !grouped[f.Name] && !(fs == flag.CommandLine && beamFlags[f.Name]) {
			rest = append(rest, f.Name)
		}
	})
	if len(rest) > 0 {
		groups = append([]flagGroup{{"Flags", rest}}, groups...)
	}
	for _, g := range groups {
		fmt.Fprintf(w, "\n%s:\n", g.title)
		for _, n := range g.names {
			if f := fs.Lookup(n); f != nil {
				fmt.Fprintln(w, flagLine(f))
			}
		}
	}
	if fs == flag.CommandLine {
		fmt.Fprint(w, "\nBeam runner flags go with these: --runner (default prism, in process), --endpoint HOST:PORT and\n"+
			"--environment_type LOOPBACK for a portable job server; --help-beam lists them all (docs/running.md).\n")
	}
}

// helpWidth bounds the lines of a help.
const helpWidth = 118

// flagLine is one flag of a help: "  --name VALUE  what it does (default
// x)", its text wrapped at helpWidth under itself.
func flagLine(f *flag.Flag) string {
	name, usage := flag.UnquoteUsage(f)
	left := "  --" + f.Name
	if name != "" {
		left += " " + name
	}
	if d := f.DefValue; d != "" && d != "false" && d != "0" && d != "[]" && !strings.Contains(usage, "default") {
		usage += " (default " + d + ")"
	}
	return wrap(fmt.Sprintf("%-26s %s", left, usage), 27)
}

// wrap breaks a line at spaces to lines of at most helpWidth characters,
// indenting the lines after the first by indent spaces.
func wrap(line string, indent int) string {
	var b strings.Builder
	col := 0
	for i, word := range strings.Split(line, " ") {
		if i > 0 && col+1+len(word) > helpWidth && col > indent && word != "" {
			b.WriteString("\n" + strings.Repeat(" ", indent))
			col = indent
		} else if i > 0 {
			b.WriteByte(' ')
			col++
		}
		b.WriteString(word)
		col += len(word)
	}
	return b.String()
}

// printBeamFlags lists Beam's flags of fs, as Go's flag package does.
func printBeamFlags(w io.Writer, fs *flag.FlagSet) {
	var names []string
	for n := range beamFlags {
		names = append(names, n)
	}
	slices.Sort(names)
	fmt.Fprintln(w, "Beam's runner flags (the Apache Beam Go SDK's; most are for Dataflow):")
	for _, n := range names {
		if f := fs.Lookup(n); f != nil {
			name, usage := flag.UnquoteUsage(f)
			fmt.Fprintf(w, "  --%s %s\n    \t%s\n", n, name, strings.ReplaceAll(usage, "\n", "\n    \t"))
		}
	}
}
