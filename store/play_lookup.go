package store

import (
	"context"
	"time"
)

// Game statuses the play pipeline writes.
const (
	GamePlaying = "playing"
	GameOver    = "over"
)

// LiveGamesOfClass lists the unfinished games started since a time in the
// play sessions of a class's students, newest first: the student home reads
// its "continue" games and its classmates' invitations from them (a game's
// seats name its students). The joins follow the indexes: students by
// class, play sessions by student and start, games by play session.
func (s *Store) LiveGamesOfClass(ctx context.Context, classID int64, since time.Time) ([]Game, error) {
	var out []Game
	err := s.db.WithContext(ctx).
		Joins("JOIN play_sessions ps ON ps.id = games.play_session_id").
		Joins("JOIN students st ON st.id = ps.student_id").
		Where("st.class_id = ? AND ps.started_at >= ? AND games.status = ?", classID, since.UTC(), GamePlaying).
		Order("games.id DESC").Limit(200).Find(&out).Error
	return out, wrap(err, "live games of class %d", classID)
}
