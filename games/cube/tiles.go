package cube

import "github.com/multipli/multipli/games"

// Side is which side of the tiles is up.
type Side string

const (
	SideNumbers Side = "numbers" // 1–9 on every face
	SideDice    Side = "dice"    // 1–6 pips
)

// Series is the number of tile series in the box, each of TilesPerSeries.
const (
	Series         = 4
	TilesPerSeries = 9
)

// Tile is one of the 36 tiles: its values on both sides, Y, R, B.
type Tile struct {
	Series  int    `json:"series"` // 0..3
	Index   int    `json:"index"`  // 0..8
	Numbers [3]int `json:"numbers"`
	Dice    [3]int `json:"dice"`
}

// The booklet does not list the faces; decided in the spec: within a series
// each colour's numbers are a permutation of 1–9, and on the dice side each
// colour holds every value 1–6 at least once. Rows are Y, R, B of tiles 0..8.
var numberFaces = [Series][3][TilesPerSeries]int{
	{{1, 2, 3, 4, 5, 6, 7, 8, 9}, {5, 9, 1, 7, 3, 8, 2, 6, 4}, {9, 4, 6, 2, 8, 1, 5, 3, 7}},
	{{4, 7, 2, 9, 1, 5, 8, 3, 6}, {8, 1, 6, 3, 9, 2, 4, 7, 5}, {2, 6, 9, 5, 7, 3, 1, 4, 8}},
	{{7, 3, 9, 1, 6, 8, 2, 5, 4}, {2, 6, 4, 8, 5, 1, 9, 3, 7}, {5, 8, 1, 6, 4, 9, 3, 7, 2}},
	{{9, 5, 8, 6, 2, 4, 3, 1, 7}, {3, 4, 7, 1, 6, 9, 5, 8, 2}, {6, 1, 4, 8, 3, 7, 2, 9, 5}},
}

var diceFaces = [Series][3][TilesPerSeries]int{
	{{1, 2, 3, 4, 5, 6, 3, 4, 2}, {6, 5, 4, 3, 2, 1, 5, 1, 4}, {3, 1, 6, 2, 4, 5, 6, 3, 1}},
	{{4, 6, 1, 5, 2, 3, 6, 1, 5}, {2, 3, 5, 6, 1, 4, 2, 6, 3}, {5, 4, 2, 1, 6, 3, 4, 2, 6}},
	{{6, 3, 5, 2, 4, 1, 1, 5, 3}, {1, 4, 2, 5, 6, 3, 4, 3, 6}, {2, 6, 3, 4, 1, 5, 5, 1, 4}},
	{{2, 5, 4, 6, 3, 1, 2, 6, 4}, {3, 1, 6, 4, 5, 2, 6, 2, 1}, {4, 2, 5, 3, 6, 1, 3, 5, 2}},
}

// Tiles lists the 36 tiles, series by series; a tile's ID is its index here.
func Tiles() []Tile {
	out := make([]Tile, 0, Series*TilesPerSeries)
	for s := range Series {
		for i := range TilesPerSeries {
			t := Tile{Series: s, Index: i}
			for f := range 3 {
				t.Numbers[f] = numberFaces[s][f][i]
				t.Dice[f] = diceFaces[s][f][i]
			}
			out = append(out, t)
		}
	}
	return out
}

// Values is the tile's three values on a side.
func (t Tile) Values(side Side) [3]int {
	if side == SideDice {
		return t.Dice
	}
	return t.Numbers
}

// StartLayout places the nine tiles of a series on the starting places in the
// order given by perm (a permutation of 0..8, the tiles at random).
func StartLayout(series int, side Side, perm []int) Layout {
	tiles := Tiles()
	l := make(Layout, TilesPerSeries)
	for k, i := range perm {
		t := tiles[series*TilesPerSeries+i]
		l[k] = Placed{ID: series*TilesPerSeries + i, At: StartPlaces[k], Values: t.Values(side)}
	}
	return l
}

// DealLayout is a starting layout of a series (0..3) with the tiles placed
// at random from seed, for tools and tests (a game deals from its own RNG).
func DealLayout(seed uint64, series int, side Side) Layout {
	return StartLayout(series, side, games.NewRNG(seed, 44).Perm(TilesPerSeries))
}
