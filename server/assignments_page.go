package server

import (
	"context"
	"time"

	"github.com/multipli/multipli/catalog"
	"github.com/multipli/multipli/dashboard"
	"github.com/multipli/multipli/games"
	"github.com/multipli/multipli/store"
)

// maxEndedShown bounds the archived assignments the page sums up: a school
// year's worth, newest first; older ones stay in the API
// (?archived=true).
const maxEndedShown = 40

// assignmentCard is an assignment as its page shows it, in plain words: the
// games by their names, the dates written out in the page's language, and,
// once it has ended, its summary.
type assignmentCard struct {
	assignmentJSON
	GameNames string // "Magicoa, MultipliPotion"; empty: any game
	Unit      string // the target's unit agreeing with it: "1 séance", "2 séances"
	StartText string // "25 November 2026"
	DueText   string
	Ended     bool
	EndText   string // "Ended on 27 November 2026"
	Summary   *summaryView
	// The page's language, texts and the class's names, for the card's
	// template.
	Lang  string
	T, A  map[string]string
	Names map[int64]string
}

// summaryView is dashboard.AssignmentSummary in sentences.
type summaryView struct {
	Asked    string
	Children []childLine
	Improved []string
	Nobody   bool
}

type childLine struct {
	Text     string // "Léa: 5 of 4"
	Gained   string // "4 more facts known by heart", empty when none
	Complete bool
}

// gameNames writes an assignment's games by their names, in the
// registry's order.
func gameNames(lang string, names []string) string {
	out := ""
	for _, g := range games.Registry() {
		for _, n := range names {
			if n == string(g.Name) {
				if out != "" {
					out += ", "
				}
				out += catalog.T(lang, "game."+n)
			}
		}
	}
	return out
}

// assignmentEnd is when an assignment ended: archived, else past its due
// date; zero while it runs.
func assignmentEnd(row store.Assignment, now time.Time) time.Time {
	switch {
	case row.ArchivedAt != nil:
		return row.ArchivedAt.UTC()
	case row.DueAt != nil && !row.DueAt.After(now):
		return row.DueAt.UTC()
	}
	return time.Time{}
}

// summaryInput is the class's aggregates the summaries read, loaded once.
type summaryInput struct {
	roster []dashboard.StudentSummary
	facts  []dashboard.FactStat
	weeks  []dashboard.WeekStat
}

func (s *Server) loadSummaryInput(ctx context.Context, classID int64, since, now time.Time) (summaryInput, error) {
	d := s.store.Dashboards()
	var in summaryInput
	var err error
	if in.roster, err = d.ClassRoster(ctx, classID); err != nil {
		return in, err
	}
	ids := make([]int64, len(in.roster))
	for i, r := range in.roster {
		ids[i] = r.ID
	}
	if in.facts, err = d.FactStats(ctx, ids); err != nil {
		return in, err
	}
	// From the week before the oldest start: the fluent facts before it.
	in.weeks, err = d.WeeklyStats(ctx, ids, dashboard.WeekOf(since).Add(-8), dashboard.WeekOf(now))
	return in, err
}

// assignmentCards writes the rows as cards, summing up the ended ones.
func (s *Server) assignmentCards(ctx context.Context, lang string, rows []store.Assignment, views []assignmentJSON, classID int64) ([]assignmentCard, error) {
	now := s.now().UTC()
	out := make([]assignmentCard, len(rows))
	var (
		in     *summaryInput
		dviews []dashboard.Assignment
	)
	for i, row := range rows {
		v := views[i]
		card := assignmentCard{Lang: lang, Unit: targetUnit(lang, v.Target), assignmentJSON: v, GameNames: gameNames(lang, v.Games), StartText: letterDate(lang, row.StartsAt.UTC())}
		if row.DueAt != nil {
			card.DueText = letterDate(lang, row.DueAt.UTC())
		}
		end := assignmentEnd(row, now)
		if !end.IsZero() {
			if in == nil {
				oldest := row.StartsAt
				for _, r := range rows {
					if r.StartsAt.Before(oldest) {
						oldest = r.StartsAt
					}
				}
				loaded, err := s.loadSummaryInput(ctx, classID, oldest, now)
				if err != nil {
					return nil, err
				}
				in = &loaded
				if dviews, err = s.store.Views(ctx, rows); err != nil {
					return nil, err
				}
			}
			sum, err := s.summaryOf(ctx, lang, dviews[i], end, *in)
			if err != nil {
				return nil, err
			}
			card.Ended, card.EndText, card.Summary = true, catalog.T(lang, "assign.ended_on", "date", letterDate(lang, end)), sum
		}
		out[i] = card
	}
	return out, nil
}

func (s *Server) summaryOf(ctx context.Context, lang string, a dashboard.Assignment, end time.Time, in summaryInput) (*summaryView, error) {
	done, err := s.store.Dashboards().AssignmentTotals(ctx, a, end)
	if err != nil {
		return nil, err
	}
	sum := dashboard.SummariseAssignment(a, end, in.roster, done, in.facts, in.weeks)
	askedKey := "assign.asked_sessions"
	if sum.Unit == dashboard.TargetMinutes {
		askedKey = "assign.asked_minutes"
	}
	v := &summaryView{Asked: catalog.T(lang, askedKey, "n", sum.Asked) + " " + catalog.T(lang, "assign.over_weeks", "n", sum.Weeks), Nobody: true}
	for _, c := range sum.Children {
		line := childLine{Text: catalog.T(lang, "assign.child_done", "name", c.Name, "done", c.Done, "asked", sum.Asked), Complete: c.Complete}
		if c.FluentGained > 0 {
			line.Gained = catalog.T(lang, "assign.gained", "n", c.FluentGained)
		}
		if c.Sessions > 0 {
			v.Nobody = false
		}
		v.Children = append(v.Children, line)
	}
	for _, f := range sum.Improved {
		v.Improved = append(v.Improved, catalog.T(lang, "assign.improved_fact", "fact", f.Fact.Text(), "n", f.Children))
	}
	return v, nil
}

// targetUnit names the target's unit as its number asks: "1 séance" but
// "2 séances" (the page said "1 séances").
func targetUnit(lang string, t targetJSON) string {
	switch {
	case t.Unit == dashboard.TargetSessions && t.PerWeek == 1:
		return catalog.T(lang, "polish.unit_session")
	case t.Unit == dashboard.TargetSessions:
		return catalog.T(lang, "dashpage.unit_sessions")
	case t.PerWeek == 1:
		return catalog.T(lang, "polish.unit_minute")
	}
	return catalog.T(lang, "dashpage.unit_minutes")
}
