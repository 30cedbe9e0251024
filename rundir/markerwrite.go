package rundir

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/bookalign/bookalign/internal/store"
	"github.com/bookalign/bookalign/layout"
)

// writeMarker writes run.json. A marker that is not complete leaves room
// at its end (MarkerSlack), so that the final one can be written over it
// in place when the disk is full.
func (d *Dir) writeMarker(ctx context.Context) error {
	b, err := d.Marker.JSON()
	if err != nil {
		return err
	}
	if !d.Marker.Complete && d.Marker.Finished == "" {
		b = Pad(b, MarkerSlack)
	}
	path := layout.Out{Dir: d.out}.Marker()
	if store.IsRemote(path) {
		return writeRemote(ctx, path, b)
	}
	return d.writeLocal(path, b)
}

// writeRemote writes a file through the store, removing the temporary
// file a failed write leaves.
func writeRemote(ctx context.Context, path string, b []byte) error {
	err := store.WriteFile(ctx, path, b)
	if err != nil {
		if ok, _ := store.Exists(ctx, path+store.TmpSuffix); ok {
			_ = store.Remove(ctx, path+store.TmpSuffix)
		}
	}
	return err
}

// writeLocal replaces the marker at path by a new file holding b. When
// that fails (a full disk), it removes the temporary file and rewrites the
// marker in place, shortened to the size of the one there when it can be:
// rewriting a file's own blocks needs no room on the disk.
func (d *Dir) writeLocal(path string, b []byte) error {
	disk := d.diskOps()
	tmp := path + store.TmpSuffix
	err := disk.writeFile(tmp, b)
	if err == nil {
		err = disk.rename(tmp, path)
	}
	if err == nil {
		return nil
	}
	err = fmt.Errorf("writing the run marker: %w", err)
	if rerr := disk.remove(tmp); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
		err = fmt.Errorf("%w (and removing %s: %v)", err, tmp, rerr)
	}
	size, serr := disk.size(path)
	if serr != nil {
		return err
	}
	fit, ferr := d.Marker.JSONWithin(int(size))
	if ferr != nil {
		return err
	}
	if oerr := disk.overwrite(path, fit); oerr != nil {
		return fmt.Errorf("%w; rewriting it in place: %v", err, oerr)
	}
	d.warn("%v; rewrote %s in place instead", err, path)
	return nil
}

// localDisk are the file operations that write the run marker on a local
// disk.
type localDisk struct {
	// writeFile creates or truncates a file and writes data to it.
	writeFile func(name string, data []byte) error
	rename    func(from, to string) error
	remove    func(name string) error
	// overwrite writes data over the start of an existing file and cuts
	// the file to its length.
	overwrite func(name string, data []byte) error
	size      func(name string) (int64, error)
}

// osDisk is localDisk on the operating system's files.
var osDisk = localDisk{
	writeFile: func(name string, data []byte) error { return os.WriteFile(name, data, 0o644) },
	rename:    os.Rename,
	remove:    os.Remove,
	overwrite: overwriteFile,
	size: func(name string) (int64, error) {
		info, err := os.Stat(name)
		if err != nil {
			return 0, err
		}
		return info.Size(), nil
	},
}

// overwriteFile writes data over the start of the existing file name and
// truncates it to the length of data, without allocating a new file.
func overwriteFile(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteAt(data, 0)
	if err == nil {
		err = f.Truncate(int64(len(data)))
	}
	if err == nil {
		err = f.Sync()
	}
	return errors.Join(err, f.Close())
}

// diskOps is the disk the marker is written on: d.disk, or osDisk.
func (d *Dir) diskOps() localDisk {
	if d.disk.writeFile == nil {
		return osDisk
	}
	return d.disk
}
