// Package cube is the Monster Cube engine: the hexagonal board of cube tiles,
// the solver that referees every claim, the four rule sets of the booklet and
// the special rules, and computer players.
//
// Geometry: tiles sit on a pointy-top hexagonal lattice in axial
// coordinates (q, r); each tile is a hexagon cut into three rhombi, Y on
// top, R bottom-left, B bottom-right.
package cube

import "fmt"

// Hex is a place of the lattice in axial coordinates: r is the row.
type Hex struct {
	Q int `json:"q"`
	R int `json:"r"`
}

// Dir is one of the six neighbour directions.
type Dir int

const (
	East Dir = iota
	West
	NorthEast
	NorthWest
	SouthEast
	SouthWest
)

// dirOffsets are the axial steps of the spec: E (q+1, r), W (q−1, r),
// NE (q+1, r−1), NW (q, r−1), SE (q, r+1), SW (q−1, r+1).
var dirOffsets = [6]Hex{{1, 0}, {-1, 0}, {1, -1}, {0, -1}, {0, 1}, {-1, 1}}

// Step is the neighbour of h in direction d.
func (h Hex) Step(d Dir) Hex {
	o := dirOffsets[d]
	return Hex{Q: h.Q + o.Q, R: h.R + o.R}
}

// Neighbours lists the six places around h (E, W, NE, NW, SE, SW).
func (h Hex) Neighbours() [6]Hex {
	var out [6]Hex
	for d := range dirOffsets {
		out[d] = h.Step(Dir(d))
	}
	return out
}

// Touches reports whether two places are neighbours.
func (h Hex) Touches(o Hex) bool {
	for _, d := range dirOffsets {
		if h.Q+d.Q == o.Q && h.R+d.R == o.R {
			return true
		}
	}
	return false
}

func (h Hex) String() string { return fmt.Sprintf("(%d,%d)", h.Q, h.R) }

// Face is one rhombus of a tile.
type Face int

const (
	Yellow Face = iota // top
	Red                // bottom-left
	Blue               // bottom-right
)

// Letter is the face's one-letter name used in moves and drawings.
func (f Face) Letter() string { return [3]string{"Y", "R", "B"}[f] }

// MarshalText writes the face as its letter, so moves read {"face":"Y"}.
func (f Face) MarshalText() ([]byte, error) {
	if f < Yellow || f > Blue {
		return nil, fmt.Errorf("cube: no face %d", int(f))
	}
	return []byte(f.Letter()), nil
}

// UnmarshalText reads a face letter.
func (f *Face) UnmarshalText(b []byte) error {
	v, ok := ParseFace(string(b))
	if !ok {
		return fmt.Errorf("cube: no face %q (Y, R or B)", b)
	}
	*f = v
	return nil
}

// ParseFace reads "Y", "R" or "B".
func ParseFace(s string) (Face, bool) {
	switch s {
	case "Y":
		return Yellow, true
	case "R":
		return Red, true
	case "B":
		return Blue, true
	}
	return 0, false
}

// FaceAt names one face of the tile at a place.
type FaceAt struct {
	At   Hex  `json:"at"`
	Face Face `json:"face"`
}

func (f FaceAt) String() string { return fmt.Sprintf("%v.%s", f.At, f.Face.Letter()) }

// Combo is one of the booklet's three allowed combinations.
type Combo string

const (
	ComboLine  Combo = "line"  // same colour on a line
	ComboStrip Combo = "strip" // adjacent on a line (a strip of edge-sharing rhombi)
	ComboCube  Combo = "cube"  // a cube from three tiles
)

// template is an allowed triple anchored at a tile X: three (offset, face)
// pairs, offsets relative to X.
type template struct {
	combo Combo
	cells [3]Hex
	faces [3]Face
	// distinct offsets among cells, used to anchor a triple on a given tile.
	uniq []Hex
	// tiles is how many different tiles the triple uses.
	tiles int
}

// templates are every allowed triple, each listed once from its first tile:
//
//	same colour on a line   Y: X, E, E∘E   R: X, SE, SE∘SE   B: X, SW, SW∘SW
//	strips (3 consecutive)  horizontal … X.R X.B E.R E.B …
//	                        down-left  … X.Y X.R SW.Y SW.R …
//	                        down-right … X.Y X.B SE.Y SE.B …
//	cube                    X.B, E.R, SE.Y
var templates = buildTemplates()

func buildTemplates() []template {
	x, e, ee := Hex{0, 0}, Hex{1, 0}, Hex{2, 0}
	se, sese := Hex{0, 1}, Hex{0, 2}
	sw, swsw := Hex{-1, 1}, Hex{-2, 2}
	raw := []template{
		{combo: ComboLine, cells: [3]Hex{x, e, ee}, faces: [3]Face{Yellow, Yellow, Yellow}},
		{combo: ComboLine, cells: [3]Hex{x, se, sese}, faces: [3]Face{Red, Red, Red}},
		{combo: ComboLine, cells: [3]Hex{x, sw, swsw}, faces: [3]Face{Blue, Blue, Blue}},
		{combo: ComboStrip, cells: [3]Hex{x, x, e}, faces: [3]Face{Red, Blue, Red}},
		{combo: ComboStrip, cells: [3]Hex{x, e, e}, faces: [3]Face{Blue, Red, Blue}},
		{combo: ComboStrip, cells: [3]Hex{x, x, sw}, faces: [3]Face{Yellow, Red, Yellow}},
		{combo: ComboStrip, cells: [3]Hex{x, sw, sw}, faces: [3]Face{Red, Yellow, Red}},
		{combo: ComboStrip, cells: [3]Hex{x, x, se}, faces: [3]Face{Yellow, Blue, Yellow}},
		{combo: ComboStrip, cells: [3]Hex{x, se, se}, faces: [3]Face{Blue, Yellow, Blue}},
		{combo: ComboCube, cells: [3]Hex{x, e, se}, faces: [3]Face{Blue, Red, Yellow}},
	}
	for i := range raw {
		t := &raw[i]
		for _, c := range t.cells {
			dup := false
			for _, u := range t.uniq {
				dup = dup || u == c
			}
			if !dup {
				t.uniq = append(t.uniq, c)
			}
		}
		t.tiles = len(t.uniq)
	}
	return raw
}

// Triple is three faces the booklet allows together, in template order.
type Triple struct {
	Faces [3]FaceAt `json:"faces"`
	Combo Combo     `json:"combo"`
}

// key is the triple as an order-free set, to compare a claim with the
// allowed triples whatever order the player named the faces in.
func tripleKey(f [3]FaceAt) [3]FaceAt {
	less := func(a, b FaceAt) bool {
		if a.At.R != b.At.R {
			return a.At.R < b.At.R
		}
		if a.At.Q != b.At.Q {
			return a.At.Q < b.At.Q
		}
		return a.Face < b.Face
	}
	if less(f[1], f[0]) {
		f[0], f[1] = f[1], f[0]
	}
	if less(f[2], f[1]) {
		f[1], f[2] = f[2], f[1]
	}
	if less(f[1], f[0]) {
		f[0], f[1] = f[1], f[0]
	}
	return f
}

// Placed is a tile on the lattice with the three values of the side in play.
type Placed struct {
	ID     int    `json:"id"` // series*9 + index, 0..35
	At     Hex    `json:"at"`
	Values [3]int `json:"values"` // Y, R, B
}

// Layout is the tiles of one board.
type Layout []Placed

// Clone copies the layout.
func (l Layout) Clone() Layout { return append(Layout(nil), l...) }

// Index is the position in l of the tile at h, or -1.
func (l Layout) Index(h Hex) int {
	for i, p := range l {
		if p.At == h {
			return i
		}
	}
	return -1
}

// Value is the number on a face, and whether a tile is there.
func (l Layout) Value(f FaceAt) (int, bool) {
	i := l.Index(f.At)
	if i < 0 {
		return 0, false
	}
	return l[i].Values[f.Face], true
}

// AllTouch reports whether every tile touches at least one other tile, the
// condition a moved tile must leave behind.
func (l Layout) AllTouch() bool {
	for i, p := range l {
		ok := false
		for j, o := range l {
			if i != j && p.At.Touches(o.At) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// Triples lists every allowed triple of the layout.
func (l Layout) Triples() []Triple {
	g := newGrid(l, 0)
	var out []Triple
	for i := range l {
		for ti := range templates {
			t := &templates[ti]
			if tr, ok := g.triple(l[i].At, t); ok {
				out = append(out, tr)
			}
		}
	}
	return out
}

// StartPlaces are the nine places of the starting layout: row 0 at q = 0..2,
// row 1 at q = 0..2 (half a tile to the right), row 2 at q = −1..1 (under row 0).
var StartPlaces = [9]Hex{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {-1, 2}, {0, 2}, {1, 2}}

// grid is a dense lookup of a layout for the solver: cell value is the tile
// index + 1, 0 for an empty place.
type grid struct {
	minQ, minR, w, h int
	cells            []int8
}

func newGrid(l Layout, pad int) grid {
	minQ, minR, maxQ, maxR := 1<<30, 1<<30, -(1 << 30), -(1 << 30)
	for _, p := range l {
		minQ, maxQ = min(minQ, p.At.Q), max(maxQ, p.At.Q)
		minR, maxR = min(minR, p.At.R), max(maxR, p.At.R)
	}
	g := grid{minQ: minQ - pad, minR: minR - pad, w: maxQ - minQ + 1 + 2*pad, h: maxR - minR + 1 + 2*pad}
	g.cells = make([]int8, g.w*g.h)
	for i, p := range l {
		g.set(p.At, i+1)
	}
	return g
}

func (g *grid) index(h Hex) int {
	q, r := h.Q-g.minQ, h.R-g.minR
	if q < 0 || r < 0 || q >= g.w || r >= g.h {
		return -1
	}
	return r*g.w + q
}

// at is the tile index at h, or -1.
func (g *grid) at(h Hex) int {
	i := g.index(h)
	if i < 0 {
		return -1
	}
	return int(g.cells[i]) - 1
}

func (g *grid) set(h Hex, v int) {
	if i := g.index(h); i >= 0 {
		g.cells[i] = int8(v)
	}
}

// triple places template t with its X on anchor, if all three tiles exist.
func (g *grid) triple(anchor Hex, t *template) (Triple, bool) {
	tr := Triple{Combo: t.combo}
	for k := range 3 {
		h := Hex{anchor.Q + t.cells[k].Q, anchor.R + t.cells[k].R}
		if g.at(h) < 0 {
			return Triple{}, false
		}
		tr.Faces[k] = FaceAt{At: h, Face: t.faces[k]}
	}
	return tr, true
}
