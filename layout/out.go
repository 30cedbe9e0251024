package layout

import (
	"strconv"
	"strings"

	"github.com/bookalign/bookalign/corpus"
)

// Out names the files of a run's output directory Dir (`bookalign run
// --out`).
type Out struct {
	Dir string
}

// Rel names the files of a run relative to its output directory.
var Rel = Out{}

// Results is results.json, the scores and settings of the run
// (evaluate.Results).
func (o Out) Results() string { return o.join("results.json") }

// Table is table.md, the paper's results table.
func (o Out) Table() string { return o.join("table.md") }

// PerBook is per_book.csv, one row per method and book.
func (o Out) PerBook() string { return o.join("per_book.csv") }

// Rejects is rejects.jsonl, the pairs of the evaluated corpus left out,
// with the reason.
func (o Out) Rejects() string { return o.join("rejects.jsonl") }

// TrainRejects is train_rejects.jsonl, the pairs of the training corpus
// left out when a test corpus is evaluated.
func (o Out) TrainRejects() string { return o.join("train_rejects.jsonl") }

// Alignments is the directory of the alignments of aligner method.
func (o Out) Alignments(method string) string { return o.join("alignments/" + method) }

// Alignment is the alignment of pair id by aligner method, one JSON
// record (align.Record) a line.
func (o Out) Alignment(method, id string) string {
	return o.Alignments(method) + "/" + id + ".jsonl"
}

// Summaries is the directory of the summaries made by method.
func (o Out) Summaries(method string) string { return o.join("summaries/" + method) }

// Summary is the summary of book id made by method, plain text.
func (o Out) Summary(method, id string) string { return o.Summaries(method) + "/" + id + ".txt" }

// Selections is the directory of the selections made by method.
func (o Out) Selections(method string) string { return o.join("selections/" + method) }

// Selection is which sentences of book id method's summary holds, as JSON.
func (o Out) Selection(method, id string) string {
	return o.Selections(method) + "/" + id + ".json"
}

// Model is the model of method trained on every training book, as the
// JSON of logistic.Model.
func (o Out) Model(method string) string { return o.join("models/" + method + ".json") }

// FeatureTable is the table of method's strongest features, Markdown.
func (o Out) FeatureTable(method string) string { return o.join("features/" + method + ".md") }

// Features is the same table as JSON (logistic.RankedFeature rows).
func (o Out) Features(method string) string { return o.join("features/" + method + ".json") }

// LengthFigure is the paper's Figure 1, the summary/book length ratios.
func (o Out) LengthFigure() string { return o.join("figures/length_ratios.svg") }

// BoundaryFigure is the paper's Figure 3, the boundary samples of one
// passage.
func (o Out) BoundaryFigure() string { return o.join("figures/boundary_density.svg") }

// BoundaryNote says why Figure 3 was not drawn, written instead of it.
func (o Out) BoundaryNote() string { return o.join("figures/boundary_density.skipped.json") }

// Marker is run.json, the run marker (rundir.Marker).
func (o Out) Marker() string { return o.join("run.json") }

// Lock is run.lock, held while a run writes the directory.
func (o Out) Lock() string { return o.join("run.lock") }

// Report is the directory of the HTML report.
func (o Out) Report() Report { return Report{Dir: o.join("report")} }

// ReportBuild is the directory the HTML report is built in, which then
// takes the place of Report whole, so that no page of an earlier build
// survives.
func (o Out) ReportBuild() Report { return Report{Dir: o.join("report.tmp")} }

// Work is the run's work directory, which the training stages fill and
// remove when they are done.
func (o Out) Work() Work { return Work{Dir: o.join("tmp-work")} }

func (o Out) join(rel string) string { return corpus.Join(o.Dir, rel) }

// Entries are the entries a run writes in its output directory itself:
// its files, and its directories with a final '/'. Whatever else the
// directory holds is not bookalign's.
func Entries() []string {
	r := Rel
	return []string{
		r.Results(), r.Table(), r.PerBook(), r.Rejects(), r.TrainRejects(), r.Marker(), r.Lock(),
		firstDir(r.Alignments("")), firstDir(r.Summaries("")), firstDir(r.Selections("")),
		firstDir(r.Model("")), firstDir(r.Features("")), firstDir(r.LengthFigure()),
		r.Report().Dir + "/", r.ReportBuild().Dir + "/", r.Work().Dir + "/",
	}
}

// firstDir is the first directory of a relative path, with its '/'.
func firstDir(rel string) string {
	dir, _, _ := strings.Cut(rel, "/")
	return dir + "/"
}

// Report names the files of a run's HTML report.
type Report struct {
	Dir string
}

// Index is the report's first page.
func (r Report) Index() string { return corpus.Join(r.Dir, "index.html") }

// Book is the page of book id.
func (r Report) Book(id string) string { return corpus.Join(r.Dir, "books/"+id+".html") }

// Work names the files of a run's work directory. It holds no
// subdirectory, so that it is removed file by file.
type Work struct {
	Dir string
}

// Book is a book's BookData, written once for the featurization of its
// training sets and for prediction.
func (w Work) Book(id string) string { return w.join("book." + id + ".bin") }

// TestBook is the BookData of a test book (a test corpus), apart from a
// training book of the same id.
func (w Work) TestBook(id string) string { return w.join("testbook." + id + ".bin") }

// SetBook is a book's SetBook for training set set.
func (w Work) SetBook(set int, id string) string {
	return w.join("set" + strconv.Itoa(set) + "." + id + ".bin")
}

// Model is the model of method trained on set, as the JSON of
// logistic.Model.
func (w Work) Model(set int, method string) string {
	return w.join("model" + strconv.Itoa(set) + "." + method + ".json")
}

// Counts are the statistics of training set set (features.Counts, in its
// binary form), written once by the fold split and read by the sets'
// featurization and training.
func (w Work) Counts(set int) string {
	return w.join("counts" + strconv.Itoa(set) + ".bin")
}

// Stats are a training book's classify.Stats (in their binary form),
// written once where the book is spilled and read where the training
// sets' statistics are added up.
func (w Work) Stats(id string) string { return w.join("stats." + id + ".bin") }

// FrequentBigrams is a shard's prefixes of the bigrams that enough training
// books hold (coverage.BigramBooks.Frequent), little-endian uint32s,
// increasing.
func (w Work) FrequentBigrams(shard int) string {
	return w.join("frequent-bigrams." + strconv.Itoa(shard) + ".bin")
}

// Text is a pair with its parsed documents (transforms.PairText, in the
// binary form of its coder).
func (w Work) Text(id string) string { return w.join("text." + id + ".bin") }

func (w Work) join(rel string) string { return corpus.Join(w.Dir, rel) }
