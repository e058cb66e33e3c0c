package learning

import "time"

// MaxGap caps the time one activity adds to a session's played time: a
// child who leaves the screen for ten minutes did not play for ten minutes.
const MaxGap = 2 * time.Minute

// Session is what the played time needs of a play session.
type Session struct {
	ID, StudentID int64
	Started       time.Time
	LastActive    *time.Time // nil before the first activity
	PlayedMS      int64
}

// Activity is a moment a play session was active: an attempt, or a game
// move without one (it counts as play all the same).
type Activity struct {
	SessionID int64
	At        time.Time
}

// SessionUpdate is a session's new last activity and played time.
type SessionUpdate struct {
	ID         int64
	LastActive time.Time
	PlayedMS   int64
}

// played adds each session's gap since its previous activity (to its
// latest activity of the batch), capped at MaxGap, to its played time and,
// in whole seconds, to the week of the activity. Milliseconds are kept on
// the session so that the weeks count whole seconds without rounding
// drift. An activity not after the session's previous one adds nothing.
func played(sessions map[int64]Session, acts []Activity, weeks *weekDeltas) []SessionUpdate {
	last := map[int64]time.Time{}
	var order []int64
	for _, a := range acts {
		t, seen := last[a.SessionID]
		if !seen {
			order = append(order, a.SessionID)
		}
		if !seen || a.At.After(t) {
			last[a.SessionID] = a.At
		}
	}
	var out []SessionUpdate
	for _, id := range order {
		s, ok := sessions[id]
		if !ok {
			continue
		}
		at := Normalize(last[id])
		prev := s.Started
		if s.LastActive != nil {
			prev = *s.LastActive
		}
		if !at.After(prev) {
			continue
		}
		gap := min(at.Sub(prev), MaxGap).Milliseconds()
		out = append(out, SessionUpdate{ID: id, LastActive: at, PlayedMS: s.PlayedMS + gap})
		if sec := int((s.PlayedMS+gap)/1000 - s.PlayedMS/1000); sec > 0 {
			weeks.get(WeekOf(s.StudentID, at)).PlayedSeconds += sec
		}
	}
	return out
}
