-- A session remembers whether it was signed in with the second factor (the mailed code after the password):
-- the console opens only to such a session (issue #28, ADR 004).
ALTER TABLE "sessions" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;