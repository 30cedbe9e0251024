package reprocess

import (
	"fmt"
	"io"
	"os"
)

// CrashEnv names the environment variable of the crash tests: set to a
// stage's name, or to Moved, the command exits there (see CrashHook).
const CrashEnv = "BOOKALIGN_TEST_CRASH_AFTER"

// CrashExitCode is the exit status of a crash made by CrashHook.
const CrashExitCode = 75

// CrashHook returns the Job.Crash of the command: with the variable
// CrashEnv set to a stage name (or Moved: after the move, before the
// state is written) it exits the process at once there, as a crash would,
// after saying so on stderr. It returns nil when the variable is unset.
func CrashHook() func(at string) {
	return crashAt(os.Getenv(CrashEnv), os.Stderr, os.Exit)
}

func crashAt(point string, stderr io.Writer, exit func(int)) func(string) {
	if point == "" {
		return nil
	}
	return func(at string) {
		if at == point {
			fmt.Fprintf(stderr, "bookalign reprocess: failpoint: crashing after %s\n", at)
			exit(CrashExitCode)
		}
	}
}
