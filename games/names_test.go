package games

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLevelAcceptsTheOneSpellingOnly(t *testing.T) {
	for _, s := range []string{"green", "violet", "all-10", "all-12", "custom"} {
		n, err := ParseLevel(s)
		require.NoError(t, err, s)
		assert.Equal(t, LevelName(s), n)
	}
	// The old and other spellings of the "all" levels, and junk.
	for _, s := range []string{"", "all", "all10", "all12", "all-9", "Green", " green", "violet ", "{}", "potion"} {
		_, err := ParseLevel(s)
		assert.Error(t, err, "%q", s)
	}
}

func TestLevelNamesAndTheirDecks(t *testing.T) {
	assert.Equal(t, []LevelName{LevelGreen, LevelViolet, LevelAll10, LevelAll12}, Ladder(), "the ladder, easiest first")
	for _, n := range Ladder() {
		d, ok := n.Deck()
		require.True(t, ok, n)
		assert.Equal(t, n, d.Name, "a ladder level's deck carries its name")
		assert.NoError(t, d.Validate())
	}
	_, ok := LevelCustom.Deck()
	assert.False(t, ok, "custom tables are a teacher's choice")
	assert.Equal(t, LevelAll10, All(10).Name)
	assert.Equal(t, LevelAll12, All(12).Name)
	assert.Equal(t, LevelCustom, All(9).Name, "tables 1–9 is no level of the ladder")
	assert.Equal(t, "all", LevelAll12.Badge())
	assert.Equal(t, "green", LevelGreen.Badge())
}

func TestRegistryOrderAndCompleteness(t *testing.T) {
	assert.Equal(t, []Name{Potion, Cats, Cube, Magicoa}, Names(), "the one order the platform offers the games in")
	for _, g := range Registry() {
		assert.NotEmpty(t, g.Title, g.Name)
		require.NotEmpty(t, g.Editions, g.Name)
		assert.True(t, g.HasEdition(g.Editions[0]), g.Name)
		assert.True(t, g.HasEdition(g.Calibrated), "%s is calibrated on one of its editions", g.Name)
		assert.LessOrEqual(t, g.MinOpponents, g.DefaultOpponents, g.Name)
		assert.LessOrEqual(t, g.DefaultOpponents, g.MaxOpponents, g.Name)
		for _, o := range g.Options {
			for _, e := range o.Editions {
				assert.True(t, g.HasEdition(e), "%s option %s names edition %s", g.Name, o.Name, e)
			}
			for _, x := range o.Excludes {
				_, ok := g.Option(x)
				assert.True(t, ok, "%s option %s excludes %s", g.Name, o.Name, x)
			}
		}
	}
	cube, _ := Lookup(Cube)
	assert.Equal(t, []Edition{"1", "2", "3", "4"}, cube.Editions, "every Monster Cube rule set")
}

func TestParseName(t *testing.T) {
	for _, n := range Names() {
		got, err := ParseName(string(n))
		require.NoError(t, err)
		assert.Equal(t, n, got)
	}
	for _, s := range []string{"", "Potion", "potion/3", "chess", " cats"} {
		_, err := ParseName(s)
		assert.Error(t, err, "%q", s)
	}
}

func TestEditionsSpelledWithOptions(t *testing.T) {
	cats, _ := Lookup(Cats)
	for _, e := range []Edition{"standard", "specials", "infinite", "souris", "specials+souris", "specials+infinite+souris"} {
		assert.True(t, cats.HasEdition(e), e)
	}
	for _, e := range []Edition{"", "souris+specials", "specials+specials", "specials+", "standard+souris", "quiz"} {
		assert.False(t, cats.HasEdition(e), "%q", e)
	}
	assert.True(t, cats.EditionHas("specials+souris", OptionSouris))
	assert.False(t, cats.EditionHas("specials", OptionSouris))
	potion, _ := Lookup(Potion)
	assert.False(t, potion.HasEdition("quiz"), "an option sent beside the edition is no edition")
	assert.False(t, potion.EditionHas("3", OptionQuiz))
}

func TestRefIsTheStoredGameAndEdition(t *testing.T) {
	for s, want := range map[string]Ref{
		"potion/3": {Game: Potion, Edition: "3"}, "cube/4": {Game: Cube, Edition: "4"},
		"magicoa/classic": {Game: Magicoa, Edition: "classic"}, "cats": {Game: Cats},
	} {
		got, err := ParseRef(s)
		require.NoError(t, err, s)
		assert.Equal(t, want, got)
		assert.Equal(t, s, got.String(), "one spelling both ways")
	}
	for _, s := range []string{"", "/3", "chess/1", "Potion/3"} {
		_, err := ParseRef(s)
		assert.Error(t, err, "%q", s)
	}
}
