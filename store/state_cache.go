package store

import (
	"encoding/json"
	"sync"

	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/learning"
	"github.com/multipli/multipli/pedagogy"
)

// The SQLite writer keeps the pedagogy state of the children it wrote for
// last: reading it back from the database (the student's model and facts
// as JSON, the week's typical time, the count of fluent facts) was a third
// of the write path's CPU. It is coherent because on SQLite this writer is
// the only one that changes that state (one process per database file, one
// writer per process): every other change — an erasure, a model saved by
// hand — forgets the student (Store.forgetState).
//
// An entry is replaced by the state the meaning returns once the commit
// that uses it has written it. A commit that fails is rolled back to its
// savepoint, and a group that fails is rolled back whole: the writer then
// forgets every student the failed work touched, so the cache only ever
// holds committed state.
//
// On PostgreSQL several instances write, so a cached state is only a
// candidate: the transaction locks the student's row and reads their core
// model (a small JSON whose ability_n grows with every attempt); the
// cached facts are used only if the stored core is, byte for byte, the one
// this cache last wrote. Otherwise — another instance wrote for the child,
// a commit here rolled back, a model was saved by hand — the state is read
// again. An entry is taken out of the cache while a commit uses it, so two
// writers never share one.

// maxCachedStudents bounds the cache: a student with every fact met takes
// about 10 KiB, so 4,096 of them stay under ~40 MiB. Past that an
// arbitrary entry makes room: the cache then only misses more.
const maxCachedStudents = 4096

// studentState is what the write path keeps of one student: the state
// the meaning reads (learning.State: the core with every fact that has a
// state, the stored fluent flags, the typical time of the weeks read so
// far) and, on PostgreSQL, the core model as this process last wrote it.
type studentState struct {
	learning.State
	raw string
}

// stateCache is the SQLite writer's cache. Only the writer's goroutine
// reads and changes entries; forget comes from any goroutine, hence the lock.
type stateCache struct {
	mu      sync.Mutex
	entries map[int64]*studentState
	touched []int64 // students changed by the running commit
	group   []int64 // students changed by the running group's committed savepoints
}

func newStateCache() *stateCache {
	return &stateCache{entries: map[int64]*studentState{}}
}

func (c *stateCache) get(id int64) *studentState {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.entries[id]
}

func (c *stateCache) put(id int64, st *studentState) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[id]; !ok && len(c.entries) >= maxCachedStudents {
		for old := range c.entries {
			delete(c.entries, old)
			break
		}
	}
	c.entries[id] = st
}

// take removes and returns a student's entry (PostgreSQL).
func (c *stateCache) take(id int64) *studentState {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.entries[id]
	delete(c.entries, id)
	return st
}

func (c *stateCache) forget(ids ...int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, id := range ids {
		delete(c.entries, id)
	}
}

// touch records that the running commit changed the student's entry.
func (c *stateCache) touch(id int64) { c.touched = append(c.touched, id) }

// commitDone ends a commit inside a group: kept (its savepoint stands) or
// forgotten (rolled back).
func (c *stateCache) commitDone(ok bool) {
	if ok {
		c.group = append(c.group, c.touched...)
	} else {
		c.forget(c.touched...)
	}
	c.touched = c.touched[:0]
}

// groupDone ends a group transaction: on failure nothing of it stands.
func (c *stateCache) groupDone(ok bool) {
	if !ok {
		c.forget(c.group...)
		c.forget(c.touched...)
	}
	c.group, c.touched = c.group[:0], c.touched[:0]
}

// forgetState drops a student's cached state after a change made outside
// the write path (an erasure, a model saved by hand).
func (s *Store) forgetState(studentID int64) {
	if s.w != nil && s.w.cache != nil {
		s.w.cache.forget(studentID)
	}
	if s.w != nil && s.w.checked != nil {
		s.w.checked.forget(studentID)
	}
}

// loadWholeState reads everything the cache keeps of a student: the core
// model, every fact's state and fluent flag.
func (q conn) loadWholeState(studentID int64) (*studentState, error) {
	core, err := q.loadStudentCore(studentID)
	if err != nil {
		return nil, err
	}
	return q.loadFactsOf(studentID, core)
}

// loadFactsOf reads every fact's state and fluent flag of a student whose
// core model is known.
func (q conn) loadFactsOf(studentID int64, core pedagogy.Student) (*studentState, error) {
	st := newStudentState(core)
	rows, err := q.query(factsOfSQL, studentID)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		if err := st.scanFact(rows); err != nil {
			return nil, err
		}
	}
	return st, rows.Err()
}

// factsOfSQL reads a student's facts, for scanFact.
const factsOfSQL = "SELECT a, b, fluent, model FROM fact_stats WHERE student_id = ?"

// newStudentState is the state of a student with the given core and no
// fact read yet.
func newStudentState(core pedagogy.Student) *studentState {
	st := &studentState{State: learning.State{Core: core, Fluent: map[games.Fact]bool{}, Weeks: map[learning.Week]*int64{}}}
	st.Core.Facts = map[games.Fact]pedagogy.FactState{}
	return st
}

// scanFact adds one row of factsOfSQL to the state.
func (st *studentState) scanFact(row interface{ Scan(...any) error }) error {
	var f games.Fact
	var fluent bool
	var raw string
	if err := row.Scan(&f.A, &f.B, &fluent, &raw); err != nil {
		return err
	}
	st.Fluent[f] = fluent
	if fluent {
		st.FluentN++
	}
	var fs pedagogy.FactState
	if json.Unmarshal([]byte(raw), &fs) == nil && fs.Precision > 0 {
		st.Core.Facts[f] = fs
	}
	return nil
}
