-- 0002 (ingest): weekly aggregates written by the attempt write path, and
-- the moment of a play session's last activity, from which played time is
-- counted (the gap to the previous activity, capped at two minutes).

CREATE TABLE student_weeks (
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    year INT NOT NULL,
    week INT NOT NULL,
    sessions INT NOT NULL DEFAULT 0,
    played_seconds INT NOT NULL DEFAULT 0,
    attempts INT NOT NULL DEFAULT 0,
    correct INT NOT NULL DEFAULT 0,
    fluent_facts INT NOT NULL DEFAULT 0,
    typical_ms INT,
    PRIMARY KEY (student_id, year, week)
);

ALTER TABLE play_sessions ADD COLUMN last_active_at {{ts}};
ALTER TABLE play_sessions ADD COLUMN played_ms BIGINT NOT NULL DEFAULT 0;
