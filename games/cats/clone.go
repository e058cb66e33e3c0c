package cats

import (
	"slices"

	"github.com/multipli/multipli/games"
)

// clone deep-copies the state but its log (Play undoes a refused move with
// it; cheaper than a JSON round trip on every student move).
func (st *state) clone() (state, error) {
	c := *st
	c.Log = nil
	rng, err := st.RNG.MarshalJSON()
	if err != nil {
		return state{}, err
	}
	c.RNG = new(games.RNG)
	if err := c.RNG.UnmarshalJSON(rng); err != nil {
		return state{}, err
	}
	c.Players = make([]player, len(st.Players))
	for i, p := range st.Players {
		c.Players[i] = player{Deck: slices.Clone(p.Deck), Pile: slices.Clone(p.Pile), Out: p.Out, Scored: p.Scored}
	}
	if st.Win != nil {
		w := *st.Win
		w.Tops = slices.Clone(w.Tops)
		w.Groups = make([][]int, len(st.Win.Groups))
		for i, grp := range st.Win.Groups {
			w.Groups[i] = slices.Clone(grp)
		}
		w.Done = slices.Clone(w.Done)
		w.Extra = slices.Clone(w.Extra)
		w.Slaps = slices.Clone(w.Slaps)
		w.Calls = slices.Clone(w.Calls)
		c.Win = &w
	}
	c.Pending = slices.Clone(st.Pending)
	c.Finished = slices.Clone(st.Finished)
	c.Points = slices.Clone(st.Points)
	c.Unclaimed = make([]missedMatch, 0, len(st.Unclaimed))
	for _, m := range st.Unclaimed {
		c.Unclaimed = append(c.Unclaimed, m.clone())
	}
	if st.Unclaimed == nil {
		c.Unclaimed = nil
	}
	c.Passed = nil
	for _, m := range st.Passed {
		c.Passed = append(c.Passed, m.clone())
	}
	c.Stats.Won = slices.Clone(st.Stats.Won)
	c.Stats.Involved = slices.Clone(st.Stats.Involved)
	return c, nil
}

func (m missedMatch) clone() missedMatch {
	return missedMatch{Seats: slices.Clone(m.Seats), Cards: slices.Clone(m.Cards), Depths: slices.Clone(m.Depths)}
}
