package cube

import (
	"fmt"
	"strings"
)

// Arith is the arithmetic a rule set allows.
type Arith string

const (
	ArithMul    Arith = "mul"    // a × b + c or a × b − c (#1, #2, #4)
	ArithAddSub Arith = "addsub" // + and − only (#3)
)

// MovePolicy says whether a find may, must or must not move a tile.
type MovePolicy string

const (
	MoveOptional MovePolicy = "optional" // #1, #2: "you may move one tile"
	MoveRequired MovePolicy = "required" // #3, #4: "you MUST move one tile"
	MoveNone     MovePolicy = "none"     // the board as it lies
)

// Rules is what the solver accepts as a solution.
type Rules struct {
	Arith Arith
	Move  MovePolicy
	// DistinctTiles: the three faces come from three different tiles (#3, #4).
	DistinctTiles bool
}

// TileMove moves the tile at From to the empty place To.
type TileMove struct {
	From Hex `json:"from"`
	To   Hex `json:"to"`
}

// Solution is one way to reach a value: three faces (after the move, if
// any), in formula order, and the formula Values[0] Ops[0] Values[1] Ops[1]
// Values[2] (with ×, if any, first, so left to right is the usual order).
type Solution struct {
	Faces  [3]FaceAt `json:"faces"`
	Values [3]int    `json:"values"`
	Ops    [2]string `json:"ops"` // "*", "+", "-"
	Value  int       `json:"value"`
	Combo  Combo     `json:"combo"`
	Move   *TileMove `json:"move,omitempty"`
}

// Formula renders the arithmetic, e.g. "4 × 5 − 8 = 12".
func (s Solution) Formula() string {
	sym := map[string]string{"*": "×", "+": "+", "-": "−"}
	return fmt.Sprintf("%d %s %d %s %d = %d", s.Values[0], sym[s.Ops[0]], s.Values[1], sym[s.Ops[1]], s.Values[2], s.Value)
}

func (s Solution) String() string {
	parts := make([]string, 3)
	for i, f := range s.Faces {
		parts[i] = f.String()
	}
	out := fmt.Sprintf("%-22s %-6s %s", s.Formula(), s.Combo, strings.Join(parts, " "))
	if s.Move != nil {
		out += fmt.Sprintf("  after moving %v → %v", s.Move.From, s.Move.To)
	}
	return out
}

// Eval computes v0 op0 v1 op1 v2 with × binding first; ok is false for an
// unknown operator.
func Eval(v [3]int, ops [2]string) (int, bool) {
	apply := func(x int, op string, y int) (int, bool) {
		switch op {
		case "*":
			return x * y, true
		case "+":
			return x + y, true
		case "-":
			return x - y, true
		}
		return 0, false
	}
	if ops[1] == "*" && ops[0] != "*" {
		m, ok := apply(v[1], "*", v[2])
		if !ok {
			return 0, false
		}
		return apply(v[0], ops[0], m)
	}
	x, ok := apply(v[0], ops[0], v[1])
	if !ok {
		return 0, false
	}
	return apply(x, ops[1], v[2])
}

// formula is one arrangement of a triple's three faces with its operators.
type formula struct {
	order [3]int8
	ops   [2]string
}

// mulFormulas: c is any of the three faces, a × b the other two (a × b and
// b × a are the same product, so one order is listed).
var mulFormulas = []formula{
	{[3]int8{0, 1, 2}, [2]string{"*", "+"}}, {[3]int8{0, 1, 2}, [2]string{"*", "-"}},
	{[3]int8{0, 2, 1}, [2]string{"*", "+"}}, {[3]int8{0, 2, 1}, [2]string{"*", "-"}},
	{[3]int8{1, 2, 0}, [2]string{"*", "+"}}, {[3]int8{1, 2, 0}, [2]string{"*", "-"}},
}

// addSubFormulas: x + y + z, x + y − z and x − y − z for every choice of the
// lone face, which covers every sign pattern with a positive first term.
var addSubFormulas = []formula{
	{[3]int8{0, 1, 2}, [2]string{"+", "+"}},
	{[3]int8{0, 1, 2}, [2]string{"+", "-"}}, {[3]int8{0, 2, 1}, [2]string{"+", "-"}}, {[3]int8{1, 2, 0}, [2]string{"+", "-"}},
	{[3]int8{0, 1, 2}, [2]string{"-", "-"}}, {[3]int8{1, 0, 2}, [2]string{"-", "-"}}, {[3]int8{2, 0, 1}, [2]string{"-", "-"}},
}

func (r Rules) formulas() []formula {
	if r.Arith == ArithAddSub {
		return addSubFormulas
	}
	return mulFormulas
}

// walk calls visit for every allowed triple of l under r, with the tile
// move that produced it (nil for none) and the grid holding the layout in
// which the triple lies. Values are read from the tile values in l.
func walk(l Layout, r Rules, visit func(tr *Triple, vals [3]int, mv *TileMove)) {
	if len(l) == 0 {
		return
	}
	g := newGrid(l, 3)
	valueAt := func(tr *Triple) [3]int {
		var v [3]int
		for k, f := range tr.Faces {
			v[k] = l[g.at(f.At)].Values[f.Face]
		}
		return v
	}
	// tr is reused for every triple: visit must not keep the pointer.
	var tr Triple
	var ok bool
	if r.Move != MoveRequired {
		for i := range l {
			for ti := range templates {
				t := &templates[ti]
				if r.DistinctTiles && t.tiles < 3 {
					continue
				}
				if tr, ok = g.triple(l[i].At, t); ok {
					visit(&tr, valueAt(&tr), nil)
				}
			}
		}
	}
	if r.Move == MoveNone {
		return
	}
	// touching[j] counts the neighbours of tile j, so a move's effect on the
	// "every tile touches another" rule is two adjustments.
	touching := make([]int, len(l))
	for i := range l {
		for j := range l {
			if i != j && l[i].At.Touches(l[j].At) {
				touching[i]++
			}
		}
	}
	seen := make([]int, len(g.cells))
	for i := range l {
		from := l[i].At
		g.set(from, 0)
		for j := range l {
			if j == i {
				continue
			}
			for _, to := range l[j].At.Neighbours() {
				idx := g.index(to)
				if idx < 0 || g.cells[idx] != 0 || to == from || seen[idx] == i+1 {
					continue
				}
				seen[idx] = i + 1
				if !moveKeepsTouching(l, touching, i, from, to) {
					continue
				}
				g.set(to, i+1)
				mv := &TileMove{From: from, To: to}
				for ti := range templates {
					t := &templates[ti]
					if r.DistinctTiles && t.tiles < 3 {
						continue
					}
					for _, u := range t.uniq {
						if tr, ok = g.triple(Hex{to.Q - u.Q, to.R - u.R}, t); ok {
							visit(&tr, valueAt(&tr), mv)
						}
					}
				}
				g.set(to, 0)
			}
		}
		g.set(from, i+1)
	}
}

// moveKeepsTouching: after tile i goes from → to, every other tile still
// touches one (the moved tile touches the tile it was placed against).
func moveKeepsTouching(l Layout, touching []int, i int, from, to Hex) bool {
	for j := range l {
		if j == i {
			continue
		}
		n := touching[j]
		if from.Touches(l[j].At) {
			n--
		}
		if to.Touches(l[j].At) {
			n++
		}
		if n == 0 {
			return false
		}
	}
	return true
}

// Solve lists every solution of l reaching target under r.
func Solve(l Layout, target int, r Rules) []Solution {
	return SolveTargets(l, []int{target}, r)[0]
}

// SolveTargets lists the solutions of several targets in one walk of the
// board, indexed like targets.
func SolveTargets(l Layout, targets []int, r Rules) [][]Solution {
	out := make([][]Solution, len(targets))
	fs := r.formulas()
	walk(l, r, func(tr *Triple, v [3]int, mv *TileMove) {
		for _, f := range fs {
			vals := [3]int{v[f.order[0]], v[f.order[1]], v[f.order[2]]}
			x, _ := Eval(vals, f.ops)
			for i, t := range targets {
				if x == t {
					out[i] = append(out[i], solution(tr, f, vals, x, mv))
				}
			}
		}
	})
	return out
}

func solution(tr *Triple, f formula, vals [3]int, x int, mv *TileMove) Solution {
	s := Solution{Values: vals, Ops: f.ops, Value: x, Combo: tr.Combo}
	for k := range 3 {
		s.Faces[k] = tr.Faces[f.order[k]]
	}
	// The move is shared by the solutions found after it: nobody changes it.
	s.Move = mv
	return s
}

// SolveCodes lists every solution of every code lo..hi, indexed by code − lo.
// The solutions are gathered in one slice and then split by code in one
// backing array, which keeps the allocations (and the garbage collector's
// work) to a few.
func SolveCodes(l Layout, lo, hi int, r Rules) [][]Solution {
	all := make([]Solution, 0, 4096)
	count := make([]int, hi-lo+2)
	fs := r.formulas()
	walk(l, r, func(tr *Triple, v [3]int, mv *TileMove) {
		for _, f := range fs {
			vals := [3]int{v[f.order[0]], v[f.order[1]], v[f.order[2]]}
			if x, _ := Eval(vals, f.ops); x >= lo && x <= hi {
				all = append(all, solution(tr, f, vals, x, mv))
				count[x-lo+1]++
			}
		}
	})
	for i := 1; i < len(count); i++ {
		count[i] += count[i-1]
	}
	flat := make([]Solution, len(all))
	next := append([]int(nil), count...)
	for _, s := range all {
		k := s.Value - lo
		flat[next[k]] = s
		next[k]++
	}
	out := make([][]Solution, hi-lo+1)
	for k := range out {
		if count[k] < count[k+1] {
			out[k] = flat[count[k]:count[k+1]:count[k+1]]
		}
	}
	return out
}

// Unsolvable lists the codes of lo..hi that have no solution on l.
func Unsolvable(l Layout, lo, hi int, r Rules) []int {
	var out []int
	for i, s := range SolveCodes(l, lo, hi, r) {
		if len(s) == 0 {
			out = append(out, lo+i)
		}
	}
	return out
}

// Claim is what a player shows: an optional tile move, three faces (on the
// layout after the move) in formula order, and the operators.
type Claim struct {
	Move  *TileMove `json:"move,omitempty"`
	Faces [3]FaceAt `json:"faces"`
	Ops   [2]string `json:"ops"`
}

// Referee judges a claim for target on l. It returns the layout after the
// claimed move and the claim's value; a wrong claim returns the rule code
// saying why (empty when the claim is right).
func Referee(l Layout, target int, r Rules, c Claim) (after Layout, value int, wrong string) {
	after = l
	if c.Move == nil && r.Move == MoveRequired {
		return l, 0, "cube.must_move"
	}
	if c.Move != nil {
		if r.Move == MoveNone {
			return l, 0, "cube.no_move_here"
		}
		var ok bool
		if after, ok = applyMove(l, *c.Move); !ok {
			return l, 0, "cube.bad_tile_move"
		}
		used := false
		for _, f := range c.Faces {
			used = used || f.At == c.Move.To
		}
		if !used {
			return after, 0, "cube.moved_tile_unused"
		}
	}
	var vals [3]int
	for k, f := range c.Faces {
		v, ok := after.Value(f)
		if !ok || f.Face < Yellow || f.Face > Blue {
			return after, 0, "cube.not_allowed"
		}
		vals[k] = v
	}
	key := tripleKey(c.Faces)
	allowed := false
	for _, tr := range after.Triples() {
		if tripleKey(tr.Faces) == key {
			allowed = true
			break
		}
	}
	if !allowed {
		return after, 0, "cube.not_allowed"
	}
	if r.DistinctTiles && (c.Faces[0].At == c.Faces[1].At || c.Faces[0].At == c.Faces[2].At || c.Faces[1].At == c.Faces[2].At) {
		return after, 0, "cube.three_tiles"
	}
	if !opsAllowed(r.Arith, c.Ops) {
		return after, 0, "cube.bad_ops"
	}
	x, _ := Eval(vals, c.Ops)
	if x != target {
		return after, x, "cube.wrong_value"
	}
	return after, x, ""
}

func opsAllowed(a Arith, ops [2]string) bool {
	pm := func(s string) bool { return s == "+" || s == "-" }
	if a == ArithAddSub {
		return pm(ops[0]) && pm(ops[1])
	}
	return ops[0] == "*" && pm(ops[1])
}

// applyMove moves a tile if the booklet allows it: a tile at From, an empty
// place To, and every tile touching another afterwards.
func applyMove(l Layout, m TileMove) (Layout, bool) {
	i := l.Index(m.From)
	if i < 0 || l.Index(m.To) >= 0 || m.From == m.To {
		return l, false
	}
	after := l.Clone()
	after[i].At = m.To
	if !after.AllTouch() {
		return l, false
	}
	return after, true
}

// LegalTileMoves lists every move of one tile to an empty place that keeps
// every tile touching another.
func LegalTileMoves(l Layout) []TileMove {
	var out []TileMove
	for i := range l {
		seen := map[Hex]bool{}
		for j := range l {
			if j == i {
				continue
			}
			for _, to := range l[j].At.Neighbours() {
				if seen[to] {
					continue
				}
				seen[to] = true
				m := TileMove{From: l[i].At, To: to}
				if _, ok := applyMove(l, m); ok {
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// Find is one way to take a monster of the row: its code and a solution.
type Find struct {
	Code     int
	Solution Solution
}

// Finds lists every find on a board for the monsters of a row, in the
// row's order, as a player (or a simulated child) looks for them.
func Finds(l Layout, row []Monster, r Rules) []Find {
	codes := make([]int, len(row))
	for i, m := range row {
		codes[i] = m.Code
	}
	var out []Find
	for i, sols := range SolveTargets(l, codes, r) {
		for _, s := range sols {
			out = append(out, Find{Code: codes[i], Solution: s})
		}
	}
	return out
}

// Move is the find as a move.
func (f Find) Move() Move {
	s := f.Solution
	return Move{Type: MoveFind, Code: f.Code, Tile: s.Move, Faces: s.Faces[:], Ops: s.Ops[:]}
}
