package storetest

import (
	"database/sql"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// DamageTable damages the SQLite file at path the way a failing disk does:
// the first page of table (its b-tree's root) gets a page type SQLite does
// not know, so that every read of the table fails with SQLITE_CORRUPT
// ("database disk image is malformed") and PRAGMA quick_check reports it.
// The WAL is first copied into the file (so that no newer copy of the page
// hides the damage), and afterwards page 1 is rewritten through the WAL,
// which makes every connection of a running store drop its page cache and
// read the damaged page from the file.
func DamageTable(t testing.TB, path, table string) {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?_busy_timeout=5000")
	require.NoError(t, err)
	defer func() { _ = db.Close() }()
	// A reader of the running store, or its own checkpointer, may hold the
	// checkpoint back for a moment: try again until it is whole.
	var busy, logged, moved int
	for range 500 {
		require.NoError(t, db.QueryRow("PRAGMA wal_checkpoint(TRUNCATE)").Scan(&busy, &logged, &moved))
		if busy == 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	require.Zero(t, busy, "the WAL could not be copied into the file")
	var root, pageSize int64
	require.NoError(t, db.QueryRow("SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = ?", table).Scan(&root))
	require.NoError(t, db.QueryRow("PRAGMA page_size").Scan(&pageSize))
	require.Greater(t, root, int64(1))

	f, err := os.OpenFile(path, os.O_RDWR, 0)
	require.NoError(t, err)
	_, err = f.WriteAt([]byte{0x00}, (root-1)*pageSize) // the b-tree page type: 2, 5, 10 or 13 when sound
	require.NoError(t, err)
	require.NoError(t, f.Close())

	var v int64
	require.NoError(t, db.QueryRow("PRAGMA user_version").Scan(&v))
	_, err = db.Exec("PRAGMA user_version = " + strconv.FormatInt(v, 10))
	require.NoError(t, err)
}
