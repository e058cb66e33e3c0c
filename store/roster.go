package store

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
)

// Moving a child is changing their class: everything they did (sessions,
// games, attempts, per-fact statistics, weeks, level history) and their
// parents' links are keyed by the child, not the class, so their history
// moves with them and the dashboards of their new class show it. Their
// PIN or pictures stay; only the class code on their login card changes.
// Assignments stay with the class they were given to: a child who moves
// gets the new class's.

// MoveStudents moves students of class from to class to, in one
// transaction: all or none. ErrNotFound when a student is not in from (or
// a class does not exist); ErrConflict when the class to already has a
// child of the same name.
func (s *Store) MoveStudents(ctx context.Context, from, to int64, ids []int64) error {
	err := s.tx(ctx, func(tx *gorm.DB) error { return moveStudents(tx, from, to, ids) })
	return wrap(err, "move %d students from class %d to class %d", len(ids), from, to)
}

func moveStudents(tx *gorm.DB, from, to int64, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	var n int64
	if err := tx.Model(&Class{}).Where("id IN ?", []int64{from, to}).Count(&n).Error; err != nil {
		return err
	}
	if n != 2 && !(from == to && n == 1) {
		return ErrNotFound
	}
	res := tx.Model(&Student{}).Where("id IN ? AND class_id = ?", ids, from).Update("class_id", to)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != int64(len(uniq(ids))) {
		return ErrNotFound // rolls the others back
	}
	return nil
}

func uniq(ids []int64) map[int64]bool {
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out
}

// NewSchoolYear starts a class's next year: c is created (with a fresh
// code when c.Code is empty), the listed students of class from move to
// it with their history, and from is archived (its code closes) when
// archiveFrom — the children who were not listed stay in it, with theirs.
// One transaction: all or none.
func (s *Store) NewSchoolYear(ctx context.Context, from int64, c *Class, ids []int64, archiveFrom bool, at time.Time) error {
	fixed := c.Code != ""
	var err error
	for range 5 {
		if !fixed {
			c.Code = NewClassCode()
		}
		c.ID = 0
		err = s.tx(ctx, func(tx *gorm.DB) error {
			if err := tx.Create(c).Error; err != nil {
				return err
			}
			if err := moveStudents(tx, from, c.ID, ids); err != nil {
				return err
			}
			if !archiveFrom {
				return nil
			}
			return tx.Model(&Class{}).Where("id = ? AND archived_at IS NULL", from).Update("archived_at", at.UTC()).Error
		})
		// A class code drawn twice (rare) is the only duplicate the new,
		// empty class can meet: draw again.
		if fixed || !errors.Is(err, gorm.ErrDuplicatedKey) {
			break
		}
	}
	if err != nil {
		c.ID = 0
	}
	return wrap(err, "new school year from class %d", from)
}
