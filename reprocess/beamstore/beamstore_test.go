package beamstore

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bookalign/bookalign/internal/gcstest"
)

// TestStore runs the same sequence on a local directory and on a bucket
// of a fake GCS server: write a tree, list a directory, read a file that
// is there and one that is not, move the tree (on GCS object by object,
// progress.json last) and remove it.
func TestStore(t *testing.T) {
	srv := gcstest.Start(t)
	srv.CreateBucket("b")
	for name, root := range map[string]string{"local": filepath.ToSlash(t.TempDir()), "gcs": "gs://b/root"} {
		t.Run(name, func(t *testing.T) {
			ctx, s := context.Background(), Store{}
			from, to := root+"/work.partial", root+"/work"
			files := map[string]string{"progress.json": "{}\n", "a.txt": "a", "sub/b.txt": "b", "sub/deep/c.txt": "c"}
			for name, data := range files {
				if err := s.WriteFile(ctx, from+"/"+name, []byte(data)); err != nil {
					t.Fatal(err)
				}
			}
			// Something at the destination already: the move replaces it
			// locally; on GCS the job removes it first.
			if err := s.WriteFile(ctx, to+"/old.txt", []byte("old")); err != nil {
				t.Fatal(err)
			}
			if err := s.RemoveTree(ctx, to); err != nil {
				t.Fatal(err)
			}
			names, err := s.Names(ctx, from)
			slices.Sort(names)
			if err != nil || strings.Join(names, ",") != "a.txt,progress.json" {
				t.Errorf("Names = %q, %v; want the two files directly in the directory", names, err)
			}
			if b, ok, err := s.ReadOptional(ctx, from+"/a.txt"); string(b) != "a" || !ok || err != nil {
				t.Errorf("ReadOptional(a.txt) = %q, %v, %v", b, ok, err)
			}
			if b, ok, err := s.ReadOptional(ctx, from+"/none.txt"); b != nil || ok || err != nil {
				t.Errorf("ReadOptional(none.txt) = %q, %v, %v; want nothing and no error", b, ok, err)
			}
			if err := s.MoveTree(ctx, from, to, "progress.json"); err != nil {
				t.Fatal(err)
			}
			for name, data := range files {
				if b, err := s.ReadFile(ctx, to+"/"+name); string(b) != data || err != nil {
					t.Errorf("after the move, %s = %q, %v", name, b, err)
				}
				if _, ok, err := s.ReadOptional(ctx, from+"/"+name); ok || err != nil {
					t.Errorf("after the move, %s is still at the source (%v)", name, err)
				}
			}
			if _, ok, _ := s.ReadOptional(ctx, to+"/old.txt"); ok {
				t.Error("old.txt survived RemoveTree")
			}
			if size, err := s.Size(ctx, to+"/sub/deep/c.txt"); size != 1 || err != nil {
				t.Errorf("Size = %d, %v", size, err)
			}
			if b, err := s.ReadRange(ctx, to+"/progress.json", 1, 5); string(b) != "}\n" || err != nil {
				t.Errorf("ReadRange = %q, %v", b, err)
			}
			if err := s.RemoveTree(ctx, to); err != nil {
				t.Fatal(err)
			}
			if _, ok, err := s.ReadOptional(ctx, to+"/sub/deep/c.txt"); ok || err != nil {
				t.Errorf("c.txt survived RemoveTree (%v)", err)
			}
		})
	}
}
