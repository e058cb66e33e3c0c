package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
)

// ParentCode is a one-time code a teacher hands to a parent to link them to
// one child. Only the code's hash is kept.
type ParentCode struct {
	ID        int64
	StudentID int64
	CodeHash  string
	CreatedBy int64
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedAt    *time.Time
	UsedBy    *int64
}

// ErrCodeUsed is returned for a parent code that was already redeemed or has
// expired; it wraps ErrNotFound so that callers may treat both the same.
var ErrCodeUsed = errors.New("store: parent code used or expired")

// CreateParentCode inserts a new code.
func (s *Store) CreateParentCode(ctx context.Context, c *ParentCode) error {
	c.ExpiresAt = c.ExpiresAt.UTC()
	return wrap(s.db.WithContext(ctx).Create(c).Error, "create parent code")
}

// RedeemParentCode marks the code used by the parent and links them to the
// child, in one transaction. ErrNotFound for an unknown code, ErrCodeUsed for
// a used or expired one, ErrConflict when the parent is already linked.
func (s *Store) RedeemParentCode(ctx context.Context, codeHash string, parentID int64, now time.Time) (ParentLink, error) {
	now = now.UTC()
	var link ParentLink
	err := s.tx(ctx, func(tx *gorm.DB) error {
		var c ParentCode
		if err := tx.Where("code_hash = ?", codeHash).Take(&c).Error; err != nil {
			return err
		}
		if c.UsedAt != nil || !now.Before(c.ExpiresAt) {
			return ErrCodeUsed
		}
		// The guard on used_at makes two parents racing for one code safe:
		// only one update changes a row.
		res := tx.Model(&ParentCode{}).Where("id = ? AND used_at IS NULL", c.ID).
			Updates(map[string]any{"used_at": now, "used_by": parentID})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return ErrCodeUsed
		}
		link = ParentLink{ParentID: parentID, StudentID: c.StudentID, CreatedAt: now}
		return tx.Create(&link).Error
	})
	return link, wrap(err, "redeem parent code")
}

// OpenParentCodes lists a child's codes that can still be redeemed at now,
// the newest first.
func (s *Store) OpenParentCodes(ctx context.Context, studentID int64, now time.Time) ([]ParentCode, error) {
	var out []ParentCode
	err := s.db.WithContext(ctx).
		Where("student_id = ? AND used_at IS NULL AND expires_at > ?", studentID, now.UTC()).
		Order("created_at DESC, id DESC").Find(&out).Error
	return out, wrap(err, "open parent codes of student %d", studentID)
}
