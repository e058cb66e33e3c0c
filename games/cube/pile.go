package cube

import "slices"

// Layer is a part of the monster pile. The pile is drawn layer by layer,
// the top layer first: within a layer the deck level chooses freely
// (weighted draw), but a layer below comes only once every layer above it
// is empty. That keeps the pile's order where the booklet gives one:
//   - a card put "sous la pioche" (a wrong claim's won card, monsters nobody
//     could catch) is a new layer at the bottom, so it cannot come back in
//     the very next row while other cards are left above it;
//   - the discard shuffled into a new pile goes under what is left;
//   - the level decks are three layers, deck 1 on top.
//
// With the level decks a card put under the pile goes under the deck being
// played (the booklet's three piles are separate), before the next deck.
type Layer struct {
	N    int `json:"n"`              // cards in the layer, from the top of what is left
	Deck int `json:"deck,omitempty"` // the level deck it belongs to (level decks only)
}

// checkLayers repairs layers that do not add up to the pile (a save from
// before the layers): the whole pile is then one layer. Every pile
// operation checks first, so a pile set whole stays drawable.
func (s *state) checkLayers() {
	n := 0
	for _, l := range s.Layers {
		if l.N < 0 {
			n = -1
			break
		}
		n += l.N
	}
	switch {
	case n == len(s.Pile):
	case len(s.Pile) == 0:
		s.Layers = nil
	default:
		s.Layers = []Layer{{N: len(s.Pile)}}
	}
}

// drawable is how many cards at the top of the pile the next draw may take
// (the first non-empty layer).
func (s *state) drawable() int {
	s.checkLayers()
	for _, l := range s.Layers {
		if l.N > 0 {
			return l.N
		}
	}
	return 0
}

// take removes the pile's card at index i, which lies in the first
// non-empty layer.
func (s *state) take(i int) int {
	s.checkLayers()
	c := s.Pile[i]
	s.Pile = slices.Delete(s.Pile, i, i+1)
	for k := range s.Layers {
		if s.Layers[k].N > 0 {
			s.Layers[k].N--
			break
		}
	}
	s.Layers = slices.DeleteFunc(s.Layers, func(l Layer) bool { return l.N == 0 })
	return c
}

// putUnder lays cards under the pile ("sous la pioche"), as a new layer:
// at the very bottom, or with the level decks under the deck being played.
func (s *state) putUnder(cards ...int) {
	if len(cards) == 0 {
		return
	}
	s.checkLayers()
	at, k := len(s.Pile), len(s.Layers)
	deck := 0
	if s.Config.LevelDecks && len(s.Layers) > 0 {
		deck = s.Layers[0].Deck
		at, k = 0, 0
		for k < len(s.Layers) && s.Layers[k].Deck <= deck {
			at += s.Layers[k].N
			k++
		}
	}
	s.Pile = slices.Insert(s.Pile, at, cards...)
	s.Layers = slices.Insert(s.Layers, k, Layer{N: len(cards), Deck: deck})
}

// addBelow lays a new pile under what is left (the discard shuffled in),
// after every deck.
func (s *state) addBelow(cards []int) {
	if len(cards) == 0 {
		return
	}
	s.checkLayers()
	s.Pile = append(s.Pile, cards...)
	s.Layers = append(s.Layers, Layer{N: len(cards), Deck: 4})
}
