package cats

import (
	"math"
	"slices"

	"github.com/multipli/multipli/games"
)

// Table is what everybody at the table sees: the newest card of every seat,
// who is still in, whose deck is empty and who just revealed. Computer cats
// decide from it only.
type Table struct {
	Tops      []Card `json:"tops"`
	In        []bool `json:"in"`
	DeckEmpty []bool `json:"deck_empty"`
	Revealed  []int  `json:"revealed"`
	// Missed lists the matches the last window let pass that may be called
	// (everybody saw them; only with Config.SourisCall).
	Missed [][]int `json:"missed,omitempty"`
	// Owners is the player of each pile with two players (two piles each);
	// nil otherwise (pile i is seat i's).
	Owners []int `json:"owners,omitempty"`
}

// BotProfile is how a computer cat level plays: its default median reaction
// time, how often it does not notice that it should slap (beginners miss on
// purpose) and how often it slaps when it should not.
type BotProfile struct {
	MedianMS  float64
	Miss      float64
	FalseSlap float64
}

// Profiles by bot level (games.BotBeginner…BotStrong).
var profiles = [...]BotProfile{
	games.BotBeginner: {MedianMS: 1800, Miss: 0.25, FalseSlap: 0.03},
	games.BotSolid:    {MedianMS: 1200, Miss: 0.08, FalseSlap: 0.01},
	games.BotStrong:   {MedianMS: 800, Miss: 0.02, FalseSlap: 0.003},
}

// Profile is the profile of a bot level.
func Profile(level int) BotProfile {
	if level < games.BotBeginner || level > games.BotStrong {
		level = games.BotSolid
	}
	return profiles[level]
}

// reactionSigma spreads reaction times: log-normal, so a cat is sometimes
// much slower than usual but never faster than minReactionMS.
const (
	reactionSigma = 0.35
	minReactionMS = 150
)

// BotSlap decides whether the computer cat at seat me slaps on the table it
// sees, and after how long: a log-normal delay whose median is medianMS (the
// seat's ReactionMS), or its level's default when 0.
func BotSlap(t *Table, me int, p BotProfile, medianMS float64, rng *games.RNG) (bool, int64) {
	if medianMS <= 0 {
		medianMS = p.MedianMS
	}
	u := rng.Float64()
	should := shouldSlap(t, me)
	switch {
	case should && u >= p.Miss:
		return true, reaction(medianMS, rng)
	case !should && u < p.FalseSlap:
		// A false slap is an impulse: quicker than a considered one.
		return true, max(minReactionMS, reaction(medianMS, rng)/2)
	}
	return false, 0
}

func reaction(medianMS float64, rng *games.RNG) int64 {
	return int64(math.Max(minReactionMS, medianMS*math.Exp(reactionSigma*rng.NormFloat64())))
}

// shouldSlap reads the table as a careful player would.
func shouldSlap(t *Table, me int) bool {
	if !t.In[me] {
		return false
	}
	tops := t.Tops
	seesaw := false
	for _, r := range t.Revealed {
		switch tops[r].S {
		case Chase, Ambush:
			return true
		case Seesaw:
			seesaw = true
		}
	}
	if seesaw {
		return inSeesaw(tops, me)
	}
	if sharesProduct(tops, me) {
		return true
	}
	return t.DeckEmpty[me] && tops[me].IsSpecial() && hasMatch(tops)
}

// table builds the public table after a reveal.
func (g *Game) table(revealed []int) *Table {
	n := len(g.st.Players)
	t := &g.tab
	t.Tops, t.In, t.DeckEmpty, t.Revealed = t.Tops[:0], t.In[:0], t.DeckEmpty[:0], revealed
	t.Missed, t.Owners = nil, nil
	if g.st.Config.SourisCall {
		for _, m := range g.callable() {
			t.Missed = append(t.Missed, m.Seats)
		}
	}
	if g.twoPiles() {
		for i := range n {
			t.Owners = append(t.Owners, g.owner(i))
		}
	}
	for i := range n {
		p := &g.st.Players[i]
		top := Card{}
		if !p.Out {
			top = p.top()
		}
		t.Tops = append(t.Tops, top)
		t.In = append(t.In, !p.Out)
		t.DeckEmpty = append(t.DeckEmpty, len(p.Deck) == 0)
	}
	return t
}

// botsReact draws, when a window opens, when each computer cat's pile will
// slap. With two piles each, a Chase or an Ambush is slapped with both
// hands at once: one draw per player.
func (g *Game) botsReact(revealed []int) {
	st := &g.st
	var t *Table
	for i := range st.Players {
		seat := st.Config.Seats[g.owner(i)]
		if seat.Human() || st.Players[i].Out {
			continue
		}
		if everybody(st.Win.Kind) && slices.ContainsFunc(g.handsOf(g.owner(i)), func(o int) bool { return o < i && !st.Players[o].Out }) {
			continue
		}
		if t == nil {
			t = g.table(revealed)
		}
		ok, delay := BotSlap(t, i, Profile(seat.Bot), float64(seat.ReactionMS), st.RNG)
		if at := st.Win.Opened + delay; ok && at <= st.Win.Deadline {
			st.Pending = append(st.Pending, slap{Seat: i, At: at})
		}
	}
	if st.Win.Souris {
		if t == nil {
			t = g.table(revealed)
		}
		g.botsCall(t)
	}
	// Insertion sort by time, then seat (seats are appended in order).
	p := st.Pending
	for i := 1; i < len(p); i++ {
		for j := i; j > 0 && (p[j].At < p[j-1].At || (p[j].At == p[j-1].At && p[j].Seat < p[j-1].Seat)); j-- {
			p[j], p[j-1] = p[j-1], p[j]
		}
	}
}

// MedianForShare is the median reaction time to give the computer cats so
// that a student whose own median is studentMS wins about share (0–1) of the
// exchanges between them. Both reaction times being log-normal with spread
// reactionSigma, the student is faster with probability
// Φ(ln(cats/student) / (σ√2)), hence cats = student · exp(2σ · erfinv(2·share − 1)).
// The pedagogy tunes Seat.ReactionMS with it (e.g. share 0.6–0.75).
func MedianForShare(studentMS, share float64) float64 {
	share = math.Min(0.99, math.Max(0.01, share))
	return studentMS * math.Exp(2*reactionSigma*math.Erfinv(2*share-1))
}
