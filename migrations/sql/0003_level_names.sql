-- 0003: one spelling per level name (games.ParseLevel). The two "all"
-- levels were stored as "all" beside "all-10" and "all-12"; "all" becomes
-- "all-12" where the deck it names dealt factors up to 12 (its JSON says
-- "max_factor":12, or the attempt's session dealt such a deck), else
-- "all-10", the level a bare "all" always read as.

UPDATE students SET level = 'all-10' WHERE level = 'all';
UPDATE level_history SET from_level = 'all-10' WHERE from_level = 'all';
UPDATE level_history SET to_level = 'all-10' WHERE to_level = 'all';

UPDATE attempts SET level = 'all-12' WHERE level = 'all' AND play_session_id IN (SELECT id FROM play_sessions WHERE plan LIKE '%"max_factor":12%');
UPDATE attempts SET level = 'all-10' WHERE level = 'all';

UPDATE assignments SET level = REPLACE(level, '"name":"all"', '"name":"all-12"') WHERE level LIKE '%"name":"all"%' AND level LIKE '%"max_factor":12%';
UPDATE assignments SET level = REPLACE(level, '"name":"all"', '"name":"all-10"') WHERE level LIKE '%"name":"all"%';

-- A plan and a saved game hold the deck level (with its name) and its
-- name alone ("level" of a game's envelope or a practice plan,
-- "level_name" of a plan).
UPDATE play_sessions SET plan = REPLACE(REPLACE(REPLACE(plan, '"name":"all"', '"name":"all-12"'), '"level":"all"', '"level":"all-12"'), '"level_name":"all"', '"level_name":"all-12"') WHERE plan LIKE '%"max_factor":12%' AND (plan LIKE '%"name":"all"%' OR plan LIKE '%"level":"all"%' OR plan LIKE '%"level_name":"all"%');
UPDATE play_sessions SET plan = REPLACE(REPLACE(REPLACE(plan, '"name":"all"', '"name":"all-10"'), '"level":"all"', '"level":"all-10"'), '"level_name":"all"', '"level_name":"all-10"') WHERE plan LIKE '%"name":"all"%' OR plan LIKE '%"level":"all"%' OR plan LIKE '%"level_name":"all"%';
UPDATE games SET state = REPLACE(REPLACE(state, '"name":"all"', '"name":"all-12"'), '"level":"all"', '"level":"all-12"') WHERE state LIKE '%"max_factor":12%' AND (state LIKE '%"name":"all"%' OR state LIKE '%"level":"all"%');
UPDATE games SET state = REPLACE(REPLACE(state, '"name":"all"', '"name":"all-10"'), '"level":"all"', '"level":"all-10"') WHERE state LIKE '%"name":"all"%' OR state LIKE '%"level":"all"%';
