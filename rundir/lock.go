package rundir

import (
	"encoding/json"
	"fmt"
)

// Lock is the content of run.lock: who is writing the directory.
type Lock struct {
	PID     int    `json:"pid"`
	Host    string `json:"host"`
	Started string `json:"started"`
}

// ParseLock reads run.lock.
func ParseLock(b []byte) (*Lock, error) {
	var l Lock
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, fmt.Errorf("rundir: %s: %w", LockFile, err)
	}
	return &l, nil
}

// JSON renders the lock.
func (l *Lock) JSON() []byte {
	b, _ := json.Marshal(l) // plain fields: cannot fail
	return append(b, '\n')
}

// Stale reports whether the lock was left by a process of this host that
// is gone (killed, crashed): alive says whether a process id runs here. A
// lock of another host is never stale, as its process cannot be checked.
func (l *Lock) Stale(host string, alive func(pid int) bool) bool {
	return l.Host == host && l.PID > 0 && !alive(l.PID)
}

// Held returns the error for a lock held by a live run.
func (l *Lock) Held(path string) error {
	return fmt.Errorf("another bookalign run (pid %d on %s, started %s) is writing to this directory; if no such run is going on, remove %s", l.PID, l.Host, l.Started, path)
}
