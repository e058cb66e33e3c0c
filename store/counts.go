package store

import (
	"context"
	"fmt"

	"github.com/multipli/multipli/migrations"
)

// RowCounts counts the rows of every table of the schema (not the
// migrations' own): tests use it to check that a refused request wrote
// nothing anywhere, operators to see how big a school has grown.
func (s *Store) RowCounts(ctx context.Context) (map[string]int64, error) {
	list := "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'schema_%'"
	if s.dialect == migrations.Postgres {
		list = "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'schema_%'"
	}
	rows, err := s.sqlDB.QueryContext(ctx, list)
	if err != nil {
		return nil, wrap(err, "list tables")
	}
	var tables []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			_ = rows.Close()
			return nil, wrap(err, "list tables")
		}
		tables = append(tables, t)
	}
	_ = rows.Close()
	out := make(map[string]int64, len(tables))
	for _, t := range tables {
		var n int64
		// The names come from the catalogue, not from a caller.
		if err := s.sqlDB.QueryRowContext(ctx, fmt.Sprintf(`SELECT COUNT(*) FROM "%s"`, t)).Scan(&n); err != nil {
			return nil, wrap(err, "count %s", t)
		}
		out[t] = n
	}
	return out, nil
}
