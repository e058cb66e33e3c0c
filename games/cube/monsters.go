package cube

// Monster is one of the 56 cards: code 1–56, stars 1–3, victory points and
// on the back a modifier for rule set #2.
type Monster struct {
	Code  int `json:"code"`
	Stars int `json:"stars"`
	// Points is +1..+4; Double marks a ×2 card (worth the number of +1 cards
	// its owner holds) whose Points is 0.
	Points   int  `json:"points"`
	Double   bool `json:"double,omitempty"`
	Modifier int  `json:"modifier"`
}

// Kind is the card's kind: codes 1–4 are kind 0, 5–8 kind 1… (14 kinds of 4).
func (m Monster) Kind() int { return (m.Code - 1) / 4 }

// MonsterCount is the number of cards, and Kinds the number of kinds.
const (
	MonsterCount = 56
	Kinds        = 14
)

// starsByCode is decided from the solver (TestStarsGrowWithDifficulty): the
// mean number of solutions, moves included, over random starting layouts of
// the four series. 60 or more → 1 star, 30 to 60 → 2, fewer → 3.
var starsByCode = [MonsterCount + 1]int{0,
	1, 2, 1, 2, 1, 2, 1, 2, 1, 1, // 1–10
	1, 1, 1, 1, 1, 1, 1, 2, 1, 2, // 11–20
	1, 1, 1, 3, 2, 1, 2, 2, 2, 2, // 21–30
	2, 2, 1, 2, 3, 3, 2, 2, 2, 3, // 31–40
	2, 3, 2, 2, 3, 2, 2, 3, 3, 3, // 41–50
	3, 3, 3, 3, 3, 3, // 51–56
}

// doubles are the four ×2 cards, one in each of four kinds of middle codes.
var doubles = map[int]bool{8: true, 20: true, 32: true, 44: true}

// fourPoints are the rarest codes (fewer than 17 solutions on average).
var fourPoints = map[int]bool{40: true, 48: true, 54: true, 56: true}

// Monsters lists the 56 cards by code. Points follow the stars (+1 to +3),
// +4 for the rarest codes, and four ×2 cards. Modifiers follow the booklet's
// level decks: codes 1–18 ±2, 19–48 ±1, 49–56 ±3, alternating in sign.
func Monsters() []Monster {
	out := make([]Monster, MonsterCount)
	for c := 1; c <= MonsterCount; c++ {
		m := Monster{Code: c, Stars: starsByCode[c], Points: starsByCode[c]}
		switch {
		case doubles[c]:
			m.Points, m.Double = 0, true
		case fourPoints[c]:
			m.Points = 4
		}
		size := 1
		switch {
		case c <= 18:
			size = 2
		case c >= 49:
			size = 3
		}
		m.Modifier = size
		if c%2 == 0 {
			m.Modifier = -size
		}
		out[c-1] = m
	}
	return out
}

// monsterTable is the read-only card table, built once.
var monsterTable = Monsters()

// MonsterByCode is the card with a code 1–56.
func MonsterByCode(code int) Monster { return monsterTable[code-1] }

// LevelDeck is the booklet's special deck of a code: 1 (1–18), 2 (19–48) or 3 (49–56).
func LevelDeck(code int) int {
	switch {
	case code <= 18:
		return 1
	case code <= 48:
		return 2
	}
	return 3
}
