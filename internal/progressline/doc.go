// Package progressline shows how far a pipeline that runs in this process
// has got, on the standard error of a command.
//
// On a terminal it keeps one line, rewritten in place every second: the
// time elapsed, the stage that moved last with its count of its total and
// an estimate of the time that stage has left, then the other stages. The
// line is cut to the terminal's width, so it never wraps. Elsewhere (a log
// file, a pipe, CI) it prints plain lines: one when a stage starts or ends,
// and at most one every ten seconds between.
//
// Totals are the most elements a stage will handle (a pair rejected on the
// way lowers what a later stage does), so a stage may end below its total.
// A stage with no total shows its count alone.
package progressline
