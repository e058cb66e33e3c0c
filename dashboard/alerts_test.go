package dashboard

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/multipli/multipli/games"
)

var now = time.Date(2026, time.November, 19, 10, 0, 0, 0, time.UTC) // a Thursday, ISO week 47

func TestInactiveAlert(t *testing.T) {
	day := 24 * time.Hour
	tests := []struct {
		name    string
		last    time.Time
		joined  time.Time
		want    bool
		wantTxt string
	}{
		{"played today", now.Add(-2 * time.Hour), time.Time{}, false, ""},
		{"6 days is not yet", now.Add(-6 * day), time.Time{}, false, ""},
		{"6 days 23 hours is not yet", now.Add(-7*day + time.Hour), time.Time{}, false, ""},
		{"exactly 7 days alerts", now.Add(-7 * day), time.Time{}, true, "Has not played for 7 days."},
		{"30 days alerts", now.Add(-30 * day), time.Time{}, true, "Has not played for 30 days."},
		{"last played in the future is not inactive", now.Add(time.Hour), time.Time{}, false, ""},
		{"never played, joined 6 days ago, not yet", time.Time{}, now.Add(-6 * day), false, ""},
		{"never played, joined 7 days ago", time.Time{}, now.Add(-7 * day), true, "Has never played."},
		{"never played, join date unknown", time.Time{}, time.Time{}, true, "Has never played."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, ok := inactiveAlert(LangEN, StudentSummary{LastPlayed: tt.last, JoinedAt: tt.joined}, now)
			assert.Equal(t, tt.want, ok)
			if tt.want {
				assert.Equal(t, AlertInactive, a.Kind)
				assert.Equal(t, tt.wantTxt, a.Reason)
			}
		})
	}
	a, _ := inactiveAlert(LangFR, StudentSummary{LastPlayed: now.Add(-8 * day)}, now)
	assert.Equal(t, "N’a pas joué depuis 8 jours.", a.Reason)
}

func weeks(n, c int) []WeekStat {
	return []WeekStat{{Attempts: n, Correct: c}}
}

func TestFallingAlert(t *testing.T) {
	tests := []struct {
		name     string
		this     WeekStat
		baseline []WeekStat
		want     bool
	}{
		{"drop of exactly 15 points alerts", WeekStat{Attempts: 20, Correct: 13}, weeks(100, 80), true}, // 65% vs 80%
		{"drop of 14 points does not", WeekStat{Attempts: 50, Correct: 33}, weeks(100, 80), false},      // 66% vs 80%
		{"drop of 14.9 points does not", WeekStat{Attempts: 1000, Correct: 651}, weeks(1000, 800), false},
		{"big drop with 19 attempts this week does not", WeekStat{Attempts: 19, Correct: 5}, weeks(100, 90), false},
		{"big drop with 20 attempts this week does", WeekStat{Attempts: 20, Correct: 5}, weeks(100, 90), true},
		{"baseline of 19 attempts is too thin", WeekStat{Attempts: 40, Correct: 10}, weeks(19, 19), false},
		{"baseline of 20 attempts pooled over 3 weeks", WeekStat{Attempts: 40, Correct: 10},
			[]WeekStat{{Attempts: 7, Correct: 7}, {Attempts: 6, Correct: 6}, {Attempts: 7, Correct: 7}}, true},
		{"rising accuracy does not", WeekStat{Attempts: 40, Correct: 40}, weeks(100, 50), false},
		{"no play at all does not", WeekStat{}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, ok := fallingAlert(LangEN, tt.this, tt.baseline)
			assert.Equal(t, tt.want, ok)
			if ok {
				assert.Equal(t, AlertFalling, a.Kind)
				assert.NotEmpty(t, a.Reason)
			}
		})
	}
	a, _ := fallingAlert(LangEN, WeekStat{Attempts: 20, Correct: 13}, weeks(100, 80))
	assert.Equal(t, "65% right this week, against 80% over the 1 weeks before.", a.Reason)
}

func TestStuckAlert(t *testing.T) {
	tests := []struct {
		name          string
		sessions      int
		fluent, total int
		want          bool
	}{
		{"14 sessions is not yet stuck", 14, 0, 40, false},
		{"15 sessions with little fluent is stuck", 15, 10, 40, true},
		{"79% fluent is still stuck", 30, 79, 100, true},
		{"80% fluent is not stuck", 30, 80, 100, false},
		{"a level without facts is never stuck", 30, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := StudentSummary{Level: games.Violet(), SessionsAtLevel: tt.sessions, LevelSince: now.AddDate(0, -1, 0)}
			a, ok := stuckAlert(LangEN, s, tt.fluent, tt.total)
			assert.Equal(t, tt.want, ok)
			if ok {
				assert.Equal(t, AlertStuck, a.Kind)
			}
		})
	}
	s := StudentSummary{Level: games.Violet(), SessionsAtLevel: 15, LevelSince: time.Date(2026, 10, 19, 0, 0, 0, 0, time.UTC)}
	a, _ := stuckAlert(LangFR, s, 10, 40)
	assert.Equal(t, "15 séances au niveau Violet (tables 6–9) depuis le 19 oct. 2026, avec 10 de ses 40 calculs sus par cœur.", a.Reason)
}
