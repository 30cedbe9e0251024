package transforms

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/bookalign/bookalign/classify/cv"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*byTrainKeyFn)(nil)).Elem())
	register.Emitter2[string, beam.T]()
}

// trainKey is the key of the models of methods trained on set, under which
// Train gathers what they need: "passage,token,jing/3", "jing/-1" (all
// books). A string, because Beam declares its coder deterministic, as a
// grouping key's must be, and every runner groups it by its bytes; a
// struct's schema (row) coder is not declared deterministic
// (coder.IsDeterministic).
func trainKey(methods []string, set int) string {
	return strings.Join(methods, ",") + "/" + strconv.Itoa(set)
}

// parseTrainKey returns the methods and the training set of a trainKey.
func parseTrainKey(key string) (methods []string, set int, err error) {
	i := strings.LastIndexByte(key, '/')
	if i <= 0 {
		return nil, 0, fmt.Errorf("training key %q has no method or no training set", key)
	}
	if set, err = strconv.Atoi(key[i+1:]); err != nil {
		return nil, 0, fmt.Errorf("training key %q: %w", key, err)
	}
	methods = strings.Split(key[:i], ",")
	if slices.Contains(methods, "") {
		return nil, 0, fmt.Errorf("training key %q names an empty method", key)
	}
	return methods, set, nil
}

// byTrainKeyFn keys a value of a training set (its statistics, or the ID
// of one of its books) by the set's trainKey, or, with ByMethod, by the
// trainKey of each of its methods.
type byTrainKeyFn struct {
	// Methods are the methods trained on every set.
	Methods []string `json:"methods"`
	// ByMethod keys each method's model apart.
	ByMethod bool `json:"by_method"`
}

func (f *byTrainKeyFn) ProcessElement(set int, v beam.T, emit func(string, beam.T)) {
	if !f.ByMethod {
		emit(trainKey(f.Methods, set), v)
		return
	}
	for _, m := range f.Methods {
		emit(trainKey([]string{m}, set), v)
	}
}

// setName names a training set in errors.
func setName(set int) string {
	if set == cv.AllBooks {
		return "all books"
	}
	return fmt.Sprintf("fold %d", set)
}
