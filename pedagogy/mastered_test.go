package pedagogy

import "testing"

// A level is mastered exactly when a promotion's count of facts known by
// heart is reached: 29 of green's 34 pairs (85 %, rounded up), not 28.
func TestLevelMasteredIsThePromotionShare(t *testing.T) {
	cases := []struct {
		known, total int
		want         bool
	}{
		{29, 34, true}, {28, 34, false}, {34, 34, true}, {0, 0, false}, {1, 1, true}, {0, 1, false},
	}
	for _, c := range cases {
		if got := LevelMastered(c.known, c.total); got != c.want {
			t.Errorf("LevelMastered(%d, %d) = %v, want %v", c.known, c.total, got, c.want)
		}
		if c.total > 0 && LevelMastered(c.known, c.total) != (c.known >= needed(c.total)) {
			t.Errorf("LevelMastered(%d, %d) differs from the promotion's count", c.known, c.total)
		}
	}
}
