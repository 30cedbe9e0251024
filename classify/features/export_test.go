package features

// What the external tests (package features_test, which may import the
// packages that import this one) use of the internal ones.
var (
	EventBooks = eventBooks
	WithLabels = withLabels
)
