package wiki

import (
	"bytes"
	"compress/bzip2"
	"io"
	"os"
	"testing"
	"time"

	dsbzip2 "github.com/dsnet/compress/bzip2"

	"github.com/bookalign/bookalign/internal/cputime"
	"github.com/bookalign/bookalign/internal/sharedtest"
)

// Benchmarks on the real bzip2 fixture (1.7 MB compressed, 6.1 MB of XML,
// 206 pages). MB/s is of the compressed input, the unit in which a dump's
// size is quoted, so a full English dump of about 22 GB takes
// 22,000 / (MB/s × workers) seconds. Besides wall-clock rates each
// benchmark reports rates per CPU second of the process (cpuMB/s,
// cpu-pages/s), which hold on a machine shared with other work and are what
// a worker with a core of its own would reach. Run them with
//
//	go test ./wiki -run '^$' -bench . -benchtime 5x

// reportCPU reports rates per CPU second since cpu0: n bytes of compressed
// input (or of XML when no compressed size applies) and pages.
func reportCPU(b *testing.B, cpu0 time.Duration, n int64, pages int) {
	cpu := (cputime.Process() - cpu0).Seconds()
	if cpu <= 0 {
		return
	}
	b.ReportMetric(float64(n)*float64(b.N)/1e6/cpu, "cpuMB/s")
	if pages > 0 {
		b.ReportMetric(float64(pages)/cpu, "cpu-pages/s")
	}
}

func fixture(b *testing.B) (compressed, xml []byte) {
	b.Helper()
	compressed, err := os.ReadFile(sharedtest.Path(b, "wikidump", fixtureBz2))
	if err != nil {
		b.Fatal(err)
	}
	xml, err = io.ReadAll(bzip2.NewReader(bytes.NewReader(compressed)))
	if err != nil {
		b.Fatal(err)
	}
	return compressed, xml
}

// extractAll reads every page of r and extracts the articles, returning the
// number of pages read.
func extractAll(b *testing.B, in io.Reader) int {
	r := NewReader(in)
	var x Extractor
	n := 0
	for r.Scan() {
		p := r.Page()
		n++
		if p.IsArticle() {
			x.Extract(&p)
		}
	}
	if r.Err() != nil {
		b.Fatal(r.Err())
	}
	return n
}

// BenchmarkExtractBzip2 is the whole per-worker path: decompress, parse the
// XML, extract book summaries.
func BenchmarkExtractBzip2(b *testing.B) {
	compressed, xml := fixture(b)
	b.SetBytes(int64(len(compressed)))
	pages := 0
	cpu0 := cputime.Process()
	for b.Loop() {
		d, err := Decompress(bytes.NewReader(compressed))
		if err != nil {
			b.Fatal(err)
		}
		pages += extractAll(b, d)
	}
	reportCPU(b, cpu0, int64(len(compressed)), pages)
	s := b.Elapsed().Seconds()
	b.ReportMetric(float64(pages)/s, "pages/s")
	b.ReportMetric(float64(b.N)*float64(len(xml))/1e6/s, "xmlMB/s")
}

// BenchmarkExtractXML is the same without decompression: XML parsing and
// extraction alone.
func BenchmarkExtractXML(b *testing.B) {
	_, xml := fixture(b)
	b.SetBytes(int64(len(xml)))
	pages := 0
	cpu0 := cputime.Process()
	for b.Loop() {
		pages += extractAll(b, bytes.NewReader(xml))
	}
	reportCPU(b, cpu0, int64(len(xml)), pages)
	b.ReportMetric(float64(pages)/b.Elapsed().Seconds(), "pages/s")
}

// BenchmarkDecompress compares the standard library's bzip2 reader, which
// this package uses, with github.com/dsnet/compress/bzip2.
func BenchmarkDecompress(b *testing.B) {
	compressed, xml := fixture(b)
	readers := []struct {
		name string
		open func(io.Reader) (io.Reader, error)
	}{
		{"stdlib", func(r io.Reader) (io.Reader, error) { return bzip2.NewReader(r), nil }},
		{"dsnet", func(r io.Reader) (io.Reader, error) { return dsbzip2.NewReader(r, nil) }},
	}
	for _, rd := range readers {
		b.Run(rd.name, func(b *testing.B) {
			b.SetBytes(int64(len(compressed)))
			cpu0 := cputime.Process()
			for b.Loop() {
				r, err := rd.open(bytes.NewReader(compressed))
				if err != nil {
					b.Fatal(err)
				}
				n, err := io.Copy(io.Discard, r)
				if err != nil || n != int64(len(xml)) {
					b.Fatalf("read %d bytes, %v", n, err)
				}
			}
			reportCPU(b, cpu0, int64(len(compressed)), 0)
			b.ReportMetric(float64(b.N)*float64(len(xml))/1e6/b.Elapsed().Seconds(), "xmlMB/s")
		})
	}
}

// BenchmarkPlainText converts the Animal Farm page (66 kB of wikitext).
func BenchmarkPlainText(b *testing.B) {
	raw, err := os.ReadFile(sharedtest.Path(b, "wikidump", sampleXML))
	if err != nil {
		b.Fatal(err)
	}
	r := NewReader(bytes.NewReader(raw))
	var text string
	for r.Scan() {
		if p := r.Page(); p.ID == 620 {
			text = p.Text
		}
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		PlainText(text)
	}
}
