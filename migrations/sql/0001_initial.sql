-- 0001: the first-cut schema. Later steps only add.
-- Placeholders: {{id}} an auto-increment primary key, {{ts}} a timestamp.
-- JSON documents are TEXT on both databases so that the schema is the same.

CREATE TABLE teachers (
    id {{id}},
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at {{ts}} NOT NULL
);

CREATE TABLE parents (
    id {{id}},
    email TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at {{ts}} NOT NULL
);

CREATE TABLE classes (
    id {{id}},
    teacher_id BIGINT NOT NULL REFERENCES teachers(id),
    name TEXT NOT NULL,
    code TEXT NOT NULL UNIQUE,
    archived_at {{ts}},
    created_at {{ts}} NOT NULL
);
CREATE INDEX classes_teacher_id ON classes(teacher_id);

-- secret_kind is 'pin' or 'pictures'; secret_hash verifies a login;
-- card_secret is the same secret sealed with the server key so that the
-- teacher can reprint login cards.
CREATE TABLE students (
    id {{id}},
    class_id BIGINT NOT NULL REFERENCES classes(id),
    display_name TEXT NOT NULL,
    secret_kind TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    card_secret TEXT NOT NULL DEFAULT '',
    no_timers BOOLEAN NOT NULL DEFAULT FALSE,
    level TEXT NOT NULL DEFAULT 'green',
    created_at {{ts}} NOT NULL,
    UNIQUE (class_id, display_name)
);

-- A one-time code a teacher gives a parent; only its SHA-256 is kept.
CREATE TABLE parent_codes (
    id {{id}},
    student_id BIGINT NOT NULL REFERENCES students(id),
    code_hash TEXT NOT NULL UNIQUE,
    created_by BIGINT NOT NULL REFERENCES teachers(id),
    created_at {{ts}} NOT NULL,
    expires_at {{ts}} NOT NULL,
    used_at {{ts}},
    used_by BIGINT REFERENCES parents(id)
);

CREATE TABLE parent_links (
    parent_id BIGINT NOT NULL REFERENCES parents(id),
    student_id BIGINT NOT NULL REFERENCES students(id),
    created_at {{ts}} NOT NULL,
    PRIMARY KEY (parent_id, student_id)
);
CREATE INDEX parent_links_student_id ON parent_links(student_id);

CREATE TABLE auth_sessions (
    id {{id}},
    jti TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL,
    subject BIGINT NOT NULL,
    created_at {{ts}} NOT NULL,
    expires_at {{ts}} NOT NULL,
    revoked_at {{ts}}
);

-- Failed logins, one row per failure and bucket ("account:…", "addr:…"),
-- so that throttling holds across several app instances.
CREATE TABLE login_failures (
    id {{id}},
    bucket TEXT NOT NULL,
    at {{ts}} NOT NULL
);
CREATE INDEX login_failures_bucket_at ON login_failures(bucket, at);

CREATE TABLE assignments (
    id {{id}},
    class_id BIGINT NOT NULL REFERENCES classes(id),
    teacher_id BIGINT NOT NULL REFERENCES teachers(id),
    level TEXT NOT NULL,
    games TEXT NOT NULL,
    target TEXT NOT NULL DEFAULT '{}',
    timers BOOLEAN NOT NULL DEFAULT TRUE,
    starts_at {{ts}} NOT NULL,
    due_at {{ts}},
    created_at {{ts}} NOT NULL,
    archived_at {{ts}}
);
CREATE INDEX assignments_class_id ON assignments(class_id);

CREATE TABLE assignment_students (
    assignment_id BIGINT NOT NULL REFERENCES assignments(id),
    student_id BIGINT NOT NULL REFERENCES students(id),
    PRIMARY KEY (assignment_id, student_id)
);
CREATE INDEX assignment_students_student_id ON assignment_students(student_id);

CREATE TABLE play_sessions (
    id {{id}},
    student_id BIGINT NOT NULL REFERENCES students(id),
    assignment_id BIGINT REFERENCES assignments(id),
    plan TEXT NOT NULL,
    started_at {{ts}} NOT NULL,
    ended_at {{ts}}
);
CREATE INDEX play_sessions_student_started ON play_sessions(student_id, started_at);

CREATE TABLE games (
    id {{id}},
    play_session_id BIGINT NOT NULL REFERENCES play_sessions(id),
    game TEXT NOT NULL,
    edition TEXT NOT NULL DEFAULT '',
    seats TEXT NOT NULL,
    state TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL,
    created_at {{ts}} NOT NULL,
    updated_at {{ts}} NOT NULL
);
CREATE INDEX games_play_session_id ON games(play_session_id);

CREATE TABLE game_events (
    id {{id}},
    game_id BIGINT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    at {{ts}} NOT NULL,
    event TEXT NOT NULL,
    UNIQUE (game_id, n)
);

-- The learning record: one row per attempt at a fact.
CREATE TABLE attempts (
    id {{id}},
    student_id BIGINT NOT NULL REFERENCES students(id),
    play_session_id BIGINT NOT NULL REFERENCES play_sessions(id),
    game_id BIGINT REFERENCES games(id),
    game TEXT NOT NULL,
    level TEXT NOT NULL,
    a INTEGER NOT NULL,
    b INTEGER NOT NULL,
    given INTEGER,
    correct BOOLEAN NOT NULL,
    kind TEXT NOT NULL,
    response_ms BIGINT,
    seq BIGINT NOT NULL,
    at {{ts}} NOT NULL,
    UNIQUE (play_session_id, seq)
);
CREATE INDEX attempts_student_at ON attempts(student_id, at);

-- Per student and unordered fact {a, b} with a <= b. model holds the
-- pedagogy module's own state as JSON.
CREATE TABLE fact_stats (
    student_id BIGINT NOT NULL REFERENCES students(id),
    a INTEGER NOT NULL,
    b INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    correct INTEGER NOT NULL DEFAULT 0,
    recent_accuracy DOUBLE PRECISION NOT NULL DEFAULT 0,
    typical_ms BIGINT,
    last_seen {{ts}},
    mastery DOUBLE PRECISION NOT NULL DEFAULT 0,
    uncertainty DOUBLE PRECISION NOT NULL DEFAULT 1,
    fluent BOOLEAN NOT NULL DEFAULT FALSE,
    model TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (student_id, a, b),
    CHECK (a <= b)
);

CREATE TABLE student_models (
    student_id BIGINT NOT NULL PRIMARY KEY REFERENCES students(id),
    model TEXT NOT NULL,
    updated_at {{ts}} NOT NULL
);

CREATE TABLE level_history (
    id {{id}},
    student_id BIGINT NOT NULL REFERENCES students(id),
    at {{ts}} NOT NULL,
    from_level TEXT NOT NULL,
    to_level TEXT NOT NULL,
    decision TEXT NOT NULL,
    reason_en TEXT NOT NULL,
    reason_fr TEXT NOT NULL
);
CREATE INDEX level_history_student_at ON level_history(student_id, at);
