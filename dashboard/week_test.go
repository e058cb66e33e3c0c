package dashboard

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestWeekMondayIsTheISOWeeksFirstDay(t *testing.T) {
	tests := []struct {
		day  time.Time
		want string
	}{
		{time.Date(2026, 11, 19, 10, 0, 0, 0, time.UTC), "2026-11-16"},
		{time.Date(2021, 1, 3, 0, 0, 0, 0, time.UTC), "2020-12-28"},   // week 2020-W53
		{time.Date(2024, 12, 30, 0, 0, 0, 0, time.UTC), "2024-12-30"}, // week 2025-W01
		{time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), "2025-12-29"},
	}
	for _, tt := range tests {
		t.Run(tt.day.Format(time.DateOnly), func(t *testing.T) {
			w := WeekOf(tt.day)
			assert.Equal(t, tt.want, w.Monday().Format(time.DateOnly))
			assert.Equal(t, w, WeekOf(w.Monday()))
		})
	}
}

func TestWeekAddCrossesYears(t *testing.T) {
	w := Week{Year: 2021, Num: 1}
	assert.Equal(t, Week{Year: 2020, Num: 53}, w.Add(-1))
	assert.Equal(t, Week{Year: 2021, Num: 2}, w.Add(1))
	assert.Equal(t, w, w.Add(-60).Add(60))
	assert.True(t, w.Add(-1).Before(w))
	assert.Equal(t, "2021-W01", w.String())
	got := weeksEnding(w, 3)
	assert.Equal(t, []Week{{2020, 52}, {2020, 53}, {2021, 1}}, got)
}
