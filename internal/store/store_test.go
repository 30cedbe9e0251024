package store

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/gcstest"
	"github.com/fsouza/fake-gcs-server/fakestorage"
)

// TestTree runs the same sequence on a local directory and on a bucket
// of a fake GCS server: write a tree, list a directory, read a file that
// is there and one that is not, move the tree (on GCS object by object,
// progress.json last) and remove it.
func TestTree(t *testing.T) {
	onBothStores(t, "root", func(t *testing.T, ctx context.Context, root string) {
		from, to := root+"/work.partial", root+"/work"
		files := map[string]string{"progress.json": "{}\n", "a.txt": "a", "sub/b.txt": "b", "sub/deep/c.txt": "c"}
		for name, data := range files {
			if err := WriteFile(ctx, from+"/"+name, []byte(data)); err != nil {
				t.Fatal(err)
			}
		}
		// Something at the destination already: the move replaces it
		// locally; on GCS the job removes it first.
		if err := WriteFile(ctx, to+"/old.txt", []byte("old")); err != nil {
			t.Fatal(err)
		}
		if err := RemoveAll(ctx, to); err != nil {
			t.Fatal(err)
		}
		names, err := Names(ctx, from)
		slices.Sort(names)
		if err != nil || strings.Join(names, ",") != "a.txt,progress.json" {
			t.Errorf("Names = %q, %v; want the two files directly in the directory", names, err)
		}
		if b, ok, err := ReadOptional(ctx, from+"/a.txt"); string(b) != "a" || !ok || err != nil {
			t.Errorf("ReadOptional(a.txt) = %q, %v, %v", b, ok, err)
		}
		if b, ok, err := ReadOptional(ctx, from+"/none.txt"); b != nil || ok || err != nil {
			t.Errorf("ReadOptional(none.txt) = %q, %v, %v; want nothing and no error", b, ok, err)
		}
		if err := MoveTree(ctx, from, to, "progress.json"); err != nil {
			t.Fatal(err)
		}
		for name, data := range files {
			if b, err := ReadFile(ctx, to+"/"+name); string(b) != data || err != nil {
				t.Errorf("after the move, %s = %q, %v", name, b, err)
			}
			if _, ok, err := ReadOptional(ctx, from+"/"+name); ok || err != nil {
				t.Errorf("after the move, %s is still at the source (%v)", name, err)
			}
		}
		if _, ok, _ := ReadOptional(ctx, to+"/old.txt"); ok {
			t.Error("old.txt survived RemoveAll")
		}
		if size, err := Size(ctx, to+"/sub/deep/c.txt"); size != 1 || err != nil {
			t.Errorf("Size = %d, %v", size, err)
		}
		if b, err := ReadRange(ctx, to+"/progress.json", 1, 5); string(b) != "}\n" || err != nil {
			t.Errorf("ReadRange = %q, %v", b, err)
		}
		buf := make([]byte, 4)
		if n, err := ReaderAt(ctx, to+"/progress.json").ReadAt(buf, 1); n != 2 || string(buf[:n]) != "}\n" || err != io.EOF {
			t.Errorf("ReadAt past the end = %d %q, %v; want 2 bytes and io.EOF", n, buf[:n], err)
		}
		if n, err := ReaderAt(ctx, to+"/progress.json").ReadAt(buf[:1], 0); n != 1 || buf[0] != '{' || err != nil {
			t.Errorf("ReadAt = %d %q, %v", n, buf[:n], err)
		}
		all, err := Files(ctx, to)
		slices.Sort(all)
		if want := "a.txt,progress.json,sub/b.txt,sub/deep/c.txt"; err != nil || strings.Join(all, ",") != want {
			t.Errorf("Files = %q, %v; want %s", all, err, want)
		}
		if none, err := Files(ctx, root+"/none"); len(none) != 0 || err != nil {
			t.Errorf("Files of nothing = %q, %v", none, err)
		}
		if err := RemoveAll(ctx, to); err != nil {
			t.Fatal(err)
		}
		if _, ok, err := ReadOptional(ctx, to+"/sub/deep/c.txt"); ok || err != nil {
			t.Errorf("c.txt survived RemoveAll (%v)", err)
		}
	})
}

func TestWriteAndReadFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "a", "b", "file.txt")
	if err := WriteFile(ctx, path, []byte("hello")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(ctx, path, []byte("again")); err != nil {
		t.Fatal(err)
	}
	b, err := ReadFile(ctx, path)
	if err != nil || string(b) != "again" {
		t.Fatalf("ReadFile = %q, %v", b, err)
	}
	if _, err := os.Stat(path + ".tmp"); !os.IsNotExist(err) {
		t.Errorf("temporary file left behind: %v", err)
	}
	if ok, err := Exists(ctx, path); !ok || err != nil {
		t.Errorf("Exists(%s) = %v, %v", path, ok, err)
	}
	if ok, _ := Exists(ctx, path+".nope"); ok {
		t.Error("Exists reports a missing file")
	}
	if _, err := ReadFile(ctx, path+".nope"); err == nil {
		t.Error("ReadFile of a missing file succeeded")
	}
}

// TestRemoveAllOneFile checks that RemoveAll removes a file as well as a
// tree, locally and on an object store, where a file is an object with
// nothing under it: clearing an earlier run's results.json from a gs://
// --out goes through it.
func TestRemoveAllOneFile(t *testing.T) {
	onBothStores(t, "one", func(t *testing.T, ctx context.Context, root string) {
		file, beside := root+"/results.json", root+"/results.json.keep"
		for _, p := range []string{file, beside} {
			if err := WriteFile(ctx, p, []byte("{}")); err != nil {
				t.Fatal(err)
			}
		}
		if err := RemoveAll(ctx, file); err != nil {
			t.Fatal(err)
		}
		if ok, err := Exists(ctx, file); ok || err != nil {
			t.Errorf("%s survived RemoveAll (%v)", file, err)
		}
		if ok, err := Exists(ctx, beside); !ok || err != nil {
			t.Errorf("RemoveAll of %s took %s too (%v)", file, beside, err)
		}
		if err := RemoveAll(ctx, root+"/none"); err != nil {
			t.Errorf("RemoveAll of nothing: %v", err)
		}
	})
}

// onBothStores runs test on a local directory and on a bucket of a fake GCS
// server, under the directory name dir: the store's two kinds of path.
func onBothStores(t *testing.T, dir string, test func(t *testing.T, ctx context.Context, root string)) {
	srv := gcstest.Start(t)
	srv.CreateBucketWithOpts(fakestorage.CreateBucketOpts{Name: "b"})
	for name, root := range map[string]string{"local": filepath.ToSlash(t.TempDir()), "gcs": "gs://b/" + dir} {
		t.Run(name, func(t *testing.T) { test(t, context.Background(), root) })
	}
}
