package store

import (
	"context"
	"time"
)

// WeeklyMail is one parent's weekly e-mail about one linked child.
type WeeklyMail struct {
	ParentID   int64
	ParentName string
	Email      string
	Lang       string
	StudentID  int64
	Child      string
}

// WeeklyMailsDue lists, per parent and linked child, the e-mails of the ISO
// week not sent yet, by parent then child.
func (s *Store) WeeklyMailsDue(ctx context.Context, year, week int) ([]WeeklyMail, error) {
	var out []WeeklyMail
	err := s.db.WithContext(ctx).Raw(`
SELECT p.id AS parent_id, p.name AS parent_name, p.email, p.lang, st.id AS student_id, st.display_name AS child
FROM parent_links l JOIN parents p ON p.id = l.parent_id JOIN students st ON st.id = l.student_id
WHERE NOT EXISTS (SELECT 1 FROM weekly_mails m WHERE m.parent_id = l.parent_id AND m.student_id = l.student_id AND m.year = ? AND m.week = ?)
ORDER BY p.id, st.id`, year, week).Scan(&out).Error
	return out, wrap(err, "weekly e-mails due for %d-W%02d", year, week)
}

// ClaimWeeklyMail records that the week's e-mail about the child goes to the
// parent, before it goes: false when it was already claimed (sent, or being
// sent by another replica), so that no week's e-mail is sent twice.
func (s *Store) ClaimWeeklyMail(ctx context.Context, parentID, studentID int64, year, week int, at time.Time) (bool, error) {
	res := s.db.WithContext(ctx).Exec(`INSERT INTO weekly_mails (parent_id, student_id, year, week, sent_at) VALUES (?, ?, ?, ?, ?)
ON CONFLICT (parent_id, student_id, year, week) DO NOTHING`, parentID, studentID, year, week, at.UTC())
	if res.Error != nil {
		return false, wrap(res.Error, "claim weekly e-mail of parent %d", parentID)
	}
	return res.RowsAffected == 1, nil
}

// ReleaseWeeklyMail forgets a claim whose e-mail could not be sent, so that
// a later round tries again.
func (s *Store) ReleaseWeeklyMail(ctx context.Context, parentID, studentID int64, year, week int) error {
	err := s.db.WithContext(ctx).Exec(`DELETE FROM weekly_mails WHERE parent_id = ? AND student_id = ? AND year = ? AND week = ?`,
		parentID, studentID, year, week).Error
	return wrap(err, "release weekly e-mail of parent %d", parentID)
}

// SetParentLang remembers the language the parent uses the site in.
func (s *Store) SetParentLang(ctx context.Context, parentID int64, lang string) error {
	err := s.db.WithContext(ctx).Model(&Parent{}).Where("id = ? AND lang <> ?", parentID, lang).Update("lang", lang).Error
	return wrap(err, "set language of parent %d", parentID)
}
