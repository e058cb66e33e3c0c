package cube

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/multipli/multipli/games"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeMoveIsStrict(t *testing.T) {
	tests := []struct {
		name, in, code string
	}{
		{"claim", `{"type":"claim","code":12,"faces":[{"at":{"q":1,"r":0},"face":"B"},{"at":{"q":1,"r":1},"face":"Y"},{"at":{"q":1,"r":1},"face":"B"}],"ops":["*","-"]}`, ""},
		{"no solution", `{"type":"no_solution"}`, ""},
		{"pass with a tile", `{"type":"pass","tile":{"from":{"q":0,"r":0},"to":{"q":-1,"r":0}}}`, ""},
		{"unknown field", `{"type":"no_solution","x":1}`, "game.bad_move"},
		{"wrong type", `{"type":"claim","code":"12"}`, "game.bad_move"},
		{"unknown face", `{"type":"claim","code":12,"faces":[{"at":{"q":1,"r":0},"face":"G"},{"at":{"q":1,"r":1},"face":"Y"},{"at":{"q":1,"r":1},"face":"B"}],"ops":["*","-"]}`, "game.bad_move"},
		{"two faces", `{"type":"claim","code":12,"faces":[{"at":{"q":1,"r":0},"face":"B"},{"at":{"q":1,"r":1},"face":"Y"}],"ops":["*","-"]}`, "game.bad_move"},
		{"division", `{"type":"claim","code":12,"faces":[{"at":{"q":1,"r":0},"face":"B"},{"at":{"q":1,"r":1},"face":"Y"},{"at":{"q":1,"r":1},"face":"B"}],"ops":["/","-"]}`, "game.bad_move"},
		{"times twice", `{"type":"claim","code":12,"faces":[{"at":{"q":1,"r":0},"face":"B"},{"at":{"q":1,"r":1},"face":"Y"},{"at":{"q":1,"r":1},"face":"B"}],"ops":["*","*"]}`, "game.bad_move"},
		{"sums (#3)", `{"type":"find","code":12,"faces":[{"at":{"q":1,"r":0},"face":"B"},{"at":{"q":1,"r":1},"face":"Y"},{"at":{"q":1,"r":1},"face":"B"}],"ops":["+","-"]}`, ""},
		{"code out of range", `{"type":"claim","code":57,"faces":[{"at":{"q":1,"r":0},"face":"B"},{"at":{"q":1,"r":1},"face":"Y"},{"at":{"q":1,"r":1},"face":"B"}],"ops":["*","-"]}`, "game.bad_move"},
		{"trailing data", `{"type":"no_solution"} {}`, "game.bad_move"},
		{"unknown move", `{"type":"dance"}`, "game.unknown_move"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeMove([]byte(tt.in))
			if tt.code == "" {
				assert.NoError(t, err)
				return
			}
			re, ok := games.AsRuleError(err)
			require.True(t, ok, "%v", err)
			assert.Equal(t, tt.code, re.Code)
		})
	}
}

func FuzzDecodeMove(f *testing.F) {
	f.Add([]byte(`{"type":"claim","code":12,"faces":[{"at":{"q":1,"r":0},"face":"B"},{"at":{"q":1,"r":1},"face":"Y"},{"at":{"q":1,"r":1},"face":"B"}],"ops":["*","-"]}`))
	f.Add([]byte(`{"type":"pass","tile":{"from":{"q":0,"r":0},"to":{"q":-1,"r":0}}}`))
	f.Add([]byte(`{"type":"no_solution"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeMove(data)
		if err != nil {
			if _, ok := games.AsRuleError(err); !ok {
				t.Fatalf("not a rule error: %v", err)
			}
			return
		}
		// What decodes re-encodes to something that decodes the same.
		raw, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		back, err := DecodeMove(raw)
		if err != nil {
			t.Fatalf("re-decoding %s: %v", raw, err)
		}
		if !reflect.DeepEqual(normalMove(m), normalMove(back)) {
			t.Fatalf("round trip changed %+v into %+v", m, back)
		}
		// Whatever decodes can be played without a panic; a refusal is a rule error.
		for rules := 1; rules <= 4; rules++ {
			g, err := New(DefaultConfig(rules, games.All(9), []games.Seat{human("a"), human("b")}), 1)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Play(0, m, 10); err != nil {
				if _, ok := games.AsRuleError(err); !ok {
					t.Fatalf("not a rule error: %v", err)
				}
			}
		}
	})
}

func TestNewRefusesBadConfigs(t *testing.T) {
	ok := DefaultConfig(RulesCode, games.All(9), []games.Seat{human("a")})
	tests := []struct {
		name string
		edit func(*Config)
		code string
	}{
		{"no seats", func(c *Config) { c.Seats = nil }, "config.bad_seats"},
		{"five seats", func(c *Config) { c.Seats = make([]games.Seat, 5) }, "config.bad_seats"},
		{"rules 5", func(c *Config) { c.Rules = 5 }, "config.bad_option"},
		{"series 5", func(c *Config) { c.Series = 5 }, "config.bad_option"},
		{"negative timer", func(c *Config) { c.TurnMS = -1 }, "config.bad_option"},
		{"bad level", func(c *Config) { c.Level.Tables = nil }, "level.no_tables"},
		{"bot without level", func(c *Config) { c.Seats = []games.Seat{{Kind: games.SeatComputer}} }, "config.bad_option"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ok
			c.Seats = append([]games.Seat(nil), ok.Seats...)
			tt.edit(&c)
			_, err := New(c, 1)
			re, isRule := games.AsRuleError(err)
			require.True(t, isRule, "%v", err)
			assert.Equal(t, tt.code, re.Code)
		})
	}
}

// normalMove treats an empty list as no list: both encode as nothing.
func normalMove(m Move) Move {
	if len(m.Faces) == 0 {
		m.Faces = nil
	}
	if len(m.Ops) == 0 {
		m.Ops = nil
	}
	return m
}
