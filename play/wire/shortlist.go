package wire

// shortList is a list whose first eight elements are held in the list itself:
// one that never grows past them allocates nothing, and since it holds no
// pointer into itself, it may live on its owner's stack and be copied.
type shortList[T any] struct {
	n     int
	first [8]T
	rest  []T
}

// add appends x.
func (l *shortList[T]) add(x T) {
	if l.n < len(l.first) {
		l.first[l.n] = x
	} else {
		l.rest = append(l.rest, x)
	}
	l.n++
}

// at is the i-th element.
func (l *shortList[T]) at(i int) T {
	if i < len(l.first) {
		return l.first[i]
	}
	return l.rest[i-len(l.first)]
}

// cut keeps the first n elements.
func (l *shortList[T]) cut(n int) {
	l.n = n
	l.rest = l.rest[:max(n-len(l.first), 0)]
}
