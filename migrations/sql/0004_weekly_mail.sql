-- 0004: the parents' weekly e-mail. A parent's language, the one they
-- signed up or last signed in with ('' for accounts older than this step:
-- their e-mail is written in both languages); and each weekly report sent,
-- one row per parent, child and ISO week, claimed before the e-mail goes
-- so that no week is ever sent twice, across restarts and replicas.

ALTER TABLE parents ADD COLUMN lang TEXT NOT NULL DEFAULT '';

CREATE TABLE weekly_mails (
    parent_id BIGINT NOT NULL REFERENCES parents(id) ON DELETE CASCADE,
    student_id BIGINT NOT NULL REFERENCES students(id) ON DELETE CASCADE,
    year INT NOT NULL,
    week INT NOT NULL,
    sent_at {{ts}} NOT NULL,
    PRIMARY KEY (parent_id, student_id, year, week)
);
CREATE INDEX weekly_mails_student_id ON weekly_mails(student_id);
