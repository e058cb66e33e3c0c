package dashboard

import (
	"cmp"
	"html/template"
	"math"
	"slices"
	"strconv"

	"github.com/multipli/multipli/games"
)

// Hardest facts of a class: the pairs at least HardestMinStudents students
// have tried, ranked by mean mastery (lowest first), ties by fewer fluent
// students, then by the larger product (harder to recall), then by a, b.
// Pairs whose mean mastery reaches HardestMaxMastery are not listed: they are
// not hard, even if they are the hardest. For one student the same ranking
// applies to pairs with at least HardestMinAttempts attempts.
const (
	HardestCount       = 5
	HardestMinStudents = 3
	HardestMinAttempts = 3
	HardestMaxMastery  = 0.8
)

// HeatCell is one cell of the 12 × 12 grid: row A, column B. Mastery is
// the estimated chance of a right answer in under 3 s (known.go), kept per
// unordered pair, so A × B and B × A show the same figures; a student's
// cell known by heart shows a ✓.
type HeatCell struct {
	A, B     int
	HasData  bool
	Mastery  float64 // mean over students with data (class) or the student's
	Students int     // students with data (class); 1 or 0 (student)
	Attempts int
	Fluent   int    // students fluent on the fact
	Label    string // what a screen reader and the tooltip say
	Short    string // what the cell shows: "62" or "—"
}

// HardFact is one of the hardest facts.
type HardFact struct {
	Fact     games.Fact
	Mastery  float64
	Students int
	Fluent   int
	Text     string // "7 × 8: mastery 34%, 2 of 12 fluent"
}

// Heatmap is the facts grid with its rendering.
type Heatmap struct {
	Title string
	// Definition says what "known by heart" means (KnownDefinition).
	Definition string
	Class      bool // a class aggregate, or one student
	Cells      []HeatCell
	Hardest    []HardFact
	SVG        template.HTML
	Table      Table
	// CellLinks, when set (LinkCells), makes each cell a link to its href;
	// Chosen is the pair whose cells are marked (zero: none).
	CellLinks func(a, b int) string
	Chosen    games.Fact
}

// LinkCells redraws the heatmap with each cell a link to href(a, b) (the
// list of the children who miss the fact), the chosen pair's cells marked.
func (h *Heatmap) LinkCells(lang, id string, chosen games.Fact, href func(a, b int) string) {
	h.CellLinks, h.Chosen = href, chosen.Pair()
	h.SVG = renderHeatmap(*h, lang, id)
}

// Cell returns the cell a × b (1 ≤ a, b ≤ 12).
func (h Heatmap) Cell(a, b int) HeatCell { return h.Cells[(a-1)*games.MaxFactor+b-1] }

type pairAgg struct {
	n, attempts, fluent int
	mastery             float64
}

// NewClassHeatmap aggregates the class's per-fact stats: each cell is the
// mean mastery of the students who tried the fact. id prefixes the SVG's
// element ids so that several heatmaps can share a page.
func NewClassHeatmap(facts []FactStat, lang, title, id string) Heatmap {
	agg := make(map[games.Fact]*pairAgg)
	for _, f := range facts {
		if f.Attempts <= 0 {
			continue
		}
		p := agg[f.Fact()]
		if p == nil {
			p = &pairAgg{}
			agg[f.Fact()] = p
		}
		p.n++
		p.attempts += f.Attempts
		p.mastery += f.Mastery
		if f.Fluent {
			p.fluent++
		}
	}
	h := Heatmap{Title: title, Class: true, Definition: KnownDefinition(lang)}
	h.Cells = gridCells(func(p games.Fact) HeatCell {
		a := agg[p]
		if a == nil {
			return HeatCell{}
		}
		return HeatCell{HasData: true, Mastery: a.mastery / float64(a.n), Students: a.n, Attempts: a.attempts, Fluent: a.fluent}
	}, lang, true)
	h.Hardest = hardest(lang, h.Cells, true)
	h.SVG = renderHeatmap(h, lang, id)
	h.Table = heatTable(h, lang)
	return h
}

// NewStudentHeatmap shows one student's mastery of each fact.
func NewStudentHeatmap(facts []FactStat, lang, title, id string) Heatmap {
	by := make(map[games.Fact]FactStat)
	for _, f := range facts {
		if f.Attempts > 0 {
			by[f.Fact()] = f
		}
	}
	h := Heatmap{Title: title, Definition: KnownDefinition(lang)}
	h.Cells = gridCells(func(p games.Fact) HeatCell {
		f, ok := by[p]
		if !ok {
			return HeatCell{}
		}
		c := HeatCell{HasData: true, Mastery: f.Mastery, Students: 1, Attempts: f.Attempts}
		if f.Fluent {
			c.Fluent = 1
		}
		return c
	}, lang, false)
	h.Hardest = hardest(lang, h.Cells, false)
	h.SVG = renderHeatmap(h, lang, id)
	h.Table = heatTable(h, lang)
	return h
}

func gridCells(at func(games.Fact) HeatCell, lang string, class bool) []HeatCell {
	n := games.MaxFactor
	cells := make([]HeatCell, 0, n*n)
	for a := 1; a <= n; a++ {
		for b := 1; b <= n; b++ {
			c := at(games.Fact{A: a, B: b}.Pair())
			c.A, c.B = a, b
			c.Label, c.Short = cellText(lang, c, class)
			cells = append(cells, c)
		}
	}
	return cells
}

func cellText(lang string, c HeatCell, class bool) (label, short string) {
	if !c.HasData {
		return tr(lang, "heat.no_data", "a", c.A, "b", c.B), "—"
	}
	short = strconv.Itoa(int(math.Round(c.Mastery * 100))) // the legend says it is a percentage
	if !class && c.Fluent > 0 {
		short += "✓" // known by heart, as the legend says
	}
	if class {
		return tr(lang, "heat.class_cell", "a", c.A, "b", c.B, "m", pct(lang, c.Mastery),
			"n", c.Students, "fluent", c.Fluent), short
	}
	key := "heat.student_cell"
	if c.Fluent > 0 {
		key = "heat.student_cell_fluent"
	}
	return tr(lang, key, "a", c.A, "b", c.B, "m", pct(lang, c.Mastery), "n", c.Attempts), short
}

func hardest(lang string, cells []HeatCell, class bool) []HardFact {
	var cand []HeatCell
	for _, c := range cells {
		if c.A > c.B || !c.HasData || c.Mastery >= HardestMaxMastery {
			continue // each pair once
		}
		if class && c.Students < HardestMinStudents || !class && c.Attempts < HardestMinAttempts {
			continue
		}
		cand = append(cand, c)
	}
	slices.SortFunc(cand, func(x, y HeatCell) int {
		return cmp.Or(cmp.Compare(x.Mastery, y.Mastery),
			cmp.Compare(x.Fluent*max(y.Students, 1), y.Fluent*max(x.Students, 1)),
			cmp.Compare(y.A*y.B, x.A*x.B),
			cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B))
	})
	out := make([]HardFact, 0, HardestCount)
	for _, c := range cand[:min(len(cand), HardestCount)] {
		h := HardFact{Fact: games.Fact{A: c.A, B: c.B}, Mastery: c.Mastery, Students: c.Students, Fluent: c.Fluent}
		if class {
			h.Text = tr(lang, "hard.class", "a", c.A, "b", c.B, "m", pct(lang, c.Mastery), "fluent", c.Fluent, "n", c.Students, "count", c.Fluent)
		} else {
			h.Text = tr(lang, "hard.student", "a", c.A, "b", c.B, "m", pct(lang, c.Mastery), "n", c.Attempts)
		}
		out = append(out, h)
	}
	return out
}

// heatTable is the grid as a data table: rows a, columns b.
func heatTable(h Heatmap, lang string) Table {
	n := games.MaxFactor
	t := Table{Caption: h.Title, RowHeaders: true}
	t.Head = append(t.Head, "×")
	for b := 1; b <= n; b++ {
		t.Head = append(t.Head, strconv.Itoa(b))
	}
	for a := 1; a <= n; a++ {
		row := []string{strconv.Itoa(a)}
		for b := 1; b <= n; b++ {
			c := h.Cell(a, b)
			if !c.HasData {
				row = append(row, tr(lang, "heat.table_none"))
				continue
			}
			switch {
			case h.Class:
				row = append(row, tr(lang, "heat.table_class", "m", pct(lang, c.Mastery), "n", c.Students))
			case c.Fluent > 0:
				row = append(row, tr(lang, "heat.table_known", "m", pct(lang, c.Mastery), "n", c.Attempts))
			default:
				row = append(row, tr(lang, "heat.table_student", "m", pct(lang, c.Mastery), "n", c.Attempts))
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}
