package rundir

import (
	"context"
	"fmt"
	"os"

	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/layout"
)

// lock takes OUT/run.lock. Locally the lock file is created exclusively;
// on gs:// the lock is checked, then written (store.CreateNew: two runs
// started at the same moment can both get it). A lock left by a dead
// process of this host is taken over.
func (d *Dir) lock(ctx context.Context) error {
	path := layout.Out{Dir: d.out}.Lock()
	host, _ := os.Hostname()
	mine := (&Lock{PID: os.Getpid(), Host: host, Started: now()}).JSON()
	for attempt := 0; attempt < 2; attempt++ {
		held, err := d.tryLock(ctx, path, mine)
		if err != nil || held == nil {
			d.locked = err == nil
			return err
		}
		if !held.Stale(host, processAlive) {
			return fmt.Errorf("--out %s: %w", d.out, held.Held(path))
		}
		d.warn("removing the stale lock %s of pid %d, which is gone", path, held.PID)
		if err := store.Remove(ctx, path); err != nil {
			return err
		}
	}
	return fmt.Errorf("--out %s: could not take the lock %s", d.out, path)
}

// tryLock writes the lock unless one exists, which it returns.
func (d *Dir) tryLock(ctx context.Context, path string, mine []byte) (*Lock, error) {
	if created, err := store.CreateNew(ctx, path, mine); err != nil || created {
		return nil, err
	}
	b, err := store.ReadFile(ctx, path)
	if err != nil {
		return nil, err
	}
	held, err := ParseLock(b)
	if err != nil {
		return nil, fmt.Errorf("--out %s: %w; if no run is writing there, remove %s", d.out, err, path)
	}
	return held, nil
}

// unlock removes the lock the run took, if it took one.
func (d *Dir) unlock(ctx context.Context) {
	if !d.locked {
		return
	}
	d.locked = false
	path := layout.Out{Dir: d.out}.Lock()
	if err := store.Remove(ctx, path); err != nil {
		d.warn("could not remove the lock %s: %v", path, err)
	}
}

// Running reports whether a run may still be writing out: its lock is
// there, and is not one left by a process of this host that is gone.
func Running(ctx context.Context, out string) bool {
	path := layout.Out{Dir: out}.Lock()
	if ok, err := store.Exists(ctx, path); err != nil || !ok {
		return false
	}
	b, err := store.ReadFile(ctx, path)
	if err != nil {
		return true
	}
	l, err := ParseLock(b)
	if err != nil {
		return true
	}
	host, _ := os.Hostname()
	return !l.Stale(host, processAlive)
}
