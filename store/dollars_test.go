package store

import "testing"

// PostgreSQL numbers its placeholders: every "?" becomes the next "$n",
// and a query without one is kept as it is.
func TestDollarsNumbersThePlaceholders(t *testing.T) {
	for query, want := range map[string]string{
		"SELECT 1":                                   "SELECT 1",
		"UPDATE t SET a = ?, b = ? WHERE id = ?":     "UPDATE t SET a = $1, b = $2 WHERE id = $3",
		"VALUES (?,?),(?,?),(?,?),(?,?),(?,?),(?,?)": "VALUES ($1,$2),($3,$4),($5,$6),($7,$8),($9,$10),($11,$12)",
		"SELECT 'é' || ?":                            "SELECT 'é' || $1",
	} {
		if got := dollars(query); got != want {
			t.Errorf("dollars(%q) = %q, want %q", query, got, want)
		}
	}
}
