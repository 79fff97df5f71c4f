"""The store's schema as append-only numbered migrations, recorded in `schema_migrations`.

Never edit a released migration: add the next one (in a module of its own now that this one is full). `SCHEMA_VERSION`
is the newest number; a database with a higher version was written by newer code and is refused, never touched.
Numbers may leave gaps (other branches reserve some); the runner applies any number not yet recorded."""

from rubric_core.store.schema_44 import MIGRATION_44  # 44 (issue 42); kept apart so this module stays small
from rubric_core.store.schema_live import LIVE_MIGRATION  # 41
from rubric_core.store.schema_steer import STEER_MIGRATION  # 42; kept apart so this module stays small

MIGRATIONS: list[tuple[int, str, list[str]]] = [
    (
        1,
        "initial",
        [
            """CREATE TABLE runs (
                id TEXT NOT NULL PRIMARY KEY,
                created_at REAL NOT NULL,
                finished_at REAL,
                status TEXT NOT NULL,
                task TEXT NOT NULL,
                rubric TEXT NOT NULL,
                rubric_name TEXT NOT NULL DEFAULT '',
                rubric_version INTEGER,
                model TEXT NOT NULL,
                grader TEXT NOT NULL,
                config_json TEXT NOT NULL,
                final_output TEXT NOT NULL DEFAULT '',
                final_files_json TEXT NOT NULL DEFAULT '{}',
                iterations INTEGER NOT NULL DEFAULT 0,
                turns INTEGER NOT NULL DEFAULT 1,
                input_tokens INTEGER NOT NULL DEFAULT 0,
                output_tokens INTEGER NOT NULL DEFAULT 0,
                total_tokens INTEGER NOT NULL DEFAULT 0,
                wall_time_s REAL NOT NULL DEFAULT 0,
                error TEXT NOT NULL DEFAULT '',
                note TEXT NOT NULL DEFAULT '',
                worker TEXT NOT NULL DEFAULT '',
                heartbeat_at REAL,
                imported_from TEXT NOT NULL DEFAULT ''
            )""",
            "CREATE INDEX ix_runs_created ON runs (created_at DESC, id)",
            "CREATE INDEX ix_runs_status ON runs (status, created_at DESC)",
            "CREATE INDEX ix_runs_rubric ON runs (rubric_name, rubric_version)",
            "CREATE INDEX ix_runs_model ON runs (model)",
            """CREATE TABLE run_tags (
                run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                tag TEXT NOT NULL,
                PRIMARY KEY (run_id, tag)
            )""",
            "CREATE INDEX ix_run_tags_tag ON run_tags (tag)",
            """CREATE TABLE events (
                run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                seq INTEGER NOT NULL,
                type TEXT NOT NULL,
                at REAL NOT NULL,
                data_json TEXT NOT NULL,
                PRIMARY KEY (run_id, seq)
            )""",
            """CREATE TABLE iterations (
                run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                turn INTEGER NOT NULL,
                iteration INTEGER NOT NULL,
                grading_run_id TEXT NOT NULL DEFAULT '',
                draft_text TEXT NOT NULL DEFAULT '',
                files_json TEXT NOT NULL DEFAULT '{}',
                draft_at REAL,
                draft_tokens INTEGER NOT NULL DEFAULT 0,
                result TEXT,
                explanation TEXT NOT NULL DEFAULT '',
                unverified INTEGER NOT NULL DEFAULT 0,
                grading_started_at REAL,
                graded_at REAL,
                wall_time_s REAL,
                input_tokens INTEGER NOT NULL DEFAULT 0,
                output_tokens INTEGER NOT NULL DEFAULT 0,
                total_tokens INTEGER NOT NULL DEFAULT 0,
                feedback_text TEXT NOT NULL DEFAULT '',
                PRIMARY KEY (run_id, turn, iteration)
            )""",
            """CREATE TABLE criteria (
                run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                turn INTEGER NOT NULL,
                iteration INTEGER NOT NULL,
                position INTEGER NOT NULL,
                name TEXT NOT NULL,
                passed INTEGER NOT NULL,
                gap TEXT NOT NULL DEFAULT '',
                PRIMARY KEY (run_id, turn, iteration, position)
            )""",
            """CREATE TABLE rubrics (
                name TEXT NOT NULL,
                version INTEGER NOT NULL,
                text TEXT NOT NULL,
                created_at REAL NOT NULL,
                PRIMARY KEY (name, version)
            )""",
        ],
    ),
    (
        3,
        "suites",
        [
            """CREATE TABLE suite_runs (
                id TEXT NOT NULL PRIMARY KEY,
                name TEXT NOT NULL,
                created_at REAL NOT NULL,
                finished_at REAL,
                status TEXT NOT NULL,
                dataset_name TEXT NOT NULL DEFAULT '',
                dataset_hash TEXT NOT NULL DEFAULT '',
                rubric_name TEXT NOT NULL DEFAULT '',
                rubric_version INTEGER,
                rubric TEXT NOT NULL,
                config_json TEXT NOT NULL,
                concurrency INTEGER NOT NULL DEFAULT 4,
                worker TEXT NOT NULL DEFAULT '',
                heartbeat_at REAL
            )""",
            "CREATE INDEX ix_suite_runs_created ON suite_runs (created_at DESC, id)",
            """CREATE TABLE suite_items (
                suite_run_id TEXT NOT NULL REFERENCES suite_runs (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                item_id TEXT NOT NULL,
                task TEXT NOT NULL,
                reference TEXT NOT NULL DEFAULT '',
                metadata_json TEXT NOT NULL DEFAULT '{}',
                run_id TEXT,
                PRIMARY KEY (suite_run_id, position)
            )""",
            "CREATE INDEX ix_suite_items_run ON suite_items (run_id)",
            """CREATE TABLE prices (
                model TEXT NOT NULL PRIMARY KEY,
                input_per_mtok REAL NOT NULL,
                output_per_mtok REAL NOT NULL,
                as_of TEXT NOT NULL DEFAULT '',
                source TEXT NOT NULL DEFAULT '',
                updated_at REAL NOT NULL
            )""",
        ],
    ),
    # Number 2 was never released; the runner applies every missing number,
    # so gaps and a later merge of lower numbers are fine.
    (
        4,
        "judge: human reviews and regrades",
        [
            # A human verdict beside the grader's (never an edit of it). A new review of the same
            # cell gets the next revision number; the highest revision counts, the rest is history.
            """CREATE TABLE reviews (
                run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                turn INTEGER NOT NULL,
                iteration INTEGER NOT NULL,
                position INTEGER NOT NULL,
                revision INTEGER NOT NULL,
                criterion TEXT NOT NULL,
                passed INTEGER NOT NULL,
                reason TEXT NOT NULL DEFAULT '',
                reviewer TEXT NOT NULL,
                created_at REAL NOT NULL,
                PRIMARY KEY (run_id, turn, iteration, position, revision)
            )""",
            "CREATE INDEX ix_reviews_reviewer ON reviews (reviewer, created_at)",
            # A regrade of a run's stored drafts under a rubric and grader (what-if, or a repeat
            # of one draft for consistency); its verdicts live apart from the run's iterations.
            """CREATE TABLE regrades (
                id TEXT NOT NULL PRIMARY KEY,
                run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                created_at REAL NOT NULL,
                rubric TEXT NOT NULL,
                grader TEXT NOT NULL,
                repeats INTEGER NOT NULL DEFAULT 1,
                stop_turn INTEGER,
                stop_iteration INTEGER,
                wall_time_s REAL NOT NULL DEFAULT 0
            )""",
            "CREATE INDEX ix_regrades_run ON regrades (run_id, created_at)",
            """CREATE TABLE regrade_passes (
                regrade_id TEXT NOT NULL REFERENCES regrades (id) ON DELETE CASCADE,
                turn INTEGER NOT NULL,
                iteration INTEGER NOT NULL,
                attempt INTEGER NOT NULL,
                result TEXT NOT NULL,
                explanation TEXT NOT NULL DEFAULT '',
                unverified INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (regrade_id, turn, iteration, attempt)
            )""",
            """CREATE TABLE regrade_criteria (
                regrade_id TEXT NOT NULL REFERENCES regrades (id) ON DELETE CASCADE,
                turn INTEGER NOT NULL,
                iteration INTEGER NOT NULL,
                attempt INTEGER NOT NULL,
                position INTEGER NOT NULL,
                name TEXT NOT NULL,
                passed INTEGER NOT NULL,
                gap TEXT NOT NULL DEFAULT '',
                PRIMARY KEY (regrade_id, turn, iteration, attempt, position)
            )""",
        ],
    ),
    (
        5,
        "runs: one index for newest-first pages and export's keyset, and the grader filter",
        [
            # (created_at DESC, id) had mixed directions: neither the history page's ORDER BY created_at DESC,
            # id DESC nor export's keyset (created_at, id) > (...) could use it without a sort, and the keyset
            # condition was a filter, so every export batch re-read the index from the start (measured at 1M
            # runs in docs/SCALING.md). One direction serves both, forwards and backwards.
            "CREATE INDEX ix_runs_created_id ON runs (created_at, id)",
            "DROP INDEX ix_runs_created",
            # The model filter matches the working model OR the grader: without this, a full scan.
            "CREATE INDEX ix_runs_grader ON runs (grader)",
        ],
    ),
    (
        6,
        "run requests: cancel a run from any process on the same database (store/requests.py)",
        [
            # One row per run and kind; `handled_at` is set by the process executing the run once it
            # acted on the request (NULL: pending). A new part of the run (resume) clears them first.
            """CREATE TABLE run_requests (
                run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                kind TEXT NOT NULL,
                at REAL NOT NULL,
                handled_at REAL,
                PRIMARY KEY (run_id, kind)
            )""",
        ],
    ),
    (
        7,
        "runs: the agent that did the work (a project's, or '' for the built-in deep agent), its factory and the "
        "digest of the project file it came from; suite items: their own files",
        [
            "ALTER TABLE runs ADD COLUMN agent TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE runs ADD COLUMN agent_factory TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE runs ADD COLUMN project_digest TEXT NOT NULL DEFAULT ''",
            # A suite item's own files ('' none; else JSON: a path in the project, or {path: text}).
            "ALTER TABLE suite_items ADD COLUMN files_json TEXT NOT NULL DEFAULT ''",
        ],
    ),
    (
        8,
        "team server: the audit trail and share links (rubric_core/access/)",
        [
            # Who did what, to which run, rubric or suite run, and when: every action the dashboard's one
            # authorisation check lets through, and every one it refuses (outcome 'denied'). No foreign key
            # to runs: the row that says a run was deleted outlives the run. `id` is a random hex id (one
            # DDL for both databases); rows are read newest first by (at, id).
            """CREATE TABLE audit_log (
                id TEXT NOT NULL PRIMARY KEY,
                at REAL NOT NULL,
                actor TEXT NOT NULL,
                actor_name TEXT NOT NULL DEFAULT '',
                roles TEXT NOT NULL DEFAULT '',
                action TEXT NOT NULL,
                outcome TEXT NOT NULL,
                run_id TEXT NOT NULL DEFAULT '',
                rubric_name TEXT NOT NULL DEFAULT '',
                suite_run_id TEXT NOT NULL DEFAULT '',
                detail TEXT NOT NULL DEFAULT ''
            )""",
            "CREATE INDEX ix_audit_at ON audit_log (at, id)",
            "CREATE INDEX ix_audit_actor ON audit_log (actor, at)",
            "CREATE INDEX ix_audit_run ON audit_log (run_id, at)",
            # A read-only link to one run's Present view. The token itself is never stored: it is signed
            # with a key from the dashboards' secrets and names this row's id, which revocation marks.
            """CREATE TABLE share_links (
                id TEXT NOT NULL PRIMARY KEY,
                run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                created_by TEXT NOT NULL,
                created_at REAL NOT NULL,
                expires_at REAL NOT NULL,
                revoked_at REAL,
                revoked_by TEXT NOT NULL DEFAULT ''
            )""",
            "CREATE INDEX ix_share_links_run ON share_links (run_id, created_at)",
        ],
    ),
    (
        12,
        "verdict records: each criterion verdict's pass / fail / n/a and the check that decided it; a grading "
        "pass's grader tool calls (rubric_core/verdicts.py)",
        [
            # '' on rows written before: their verdict is read from `passed` and their check is 'not recorded'.
            "ALTER TABLE criteria ADD COLUMN verdict TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE criteria ADD COLUMN check_json TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE regrade_criteria ADD COLUMN verdict TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE regrade_criteria ADD COLUMN check_json TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE iterations ADD COLUMN grader_tools_json TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE regrade_passes ADD COLUMN grader_tools_json TEXT NOT NULL DEFAULT ''",
        ],
    ),
    (
        13,
        "the rubric assistant: proposed edits of a rubric version, their proofs on held-out reviews, and each "
        "rubric's review split (rubric_core/assistant/)",
        [
            # One edit the doctor proposed for a rubric version: the edited rubric whole, why, and how its
            # criteria map to the old ones (a proof scores the new verdicts against reviews of the old).
            """CREATE TABLE rubric_proposals (
                id TEXT NOT NULL PRIMARY KEY,
                rubric_name TEXT NOT NULL,
                rubric_version INTEGER NOT NULL,
                created_at REAL NOT NULL,
                criterion TEXT NOT NULL,
                kind TEXT NOT NULL,
                title TEXT NOT NULL,
                reason TEXT NOT NULL,
                source TEXT NOT NULL,
                edited_rubric TEXT NOT NULL,
                mapping_json TEXT NOT NULL,
                finding_json TEXT NOT NULL DEFAULT '{}'
            )""",
            "CREATE INDEX ix_rubric_proposals_rubric ON rubric_proposals (rubric_name, rubric_version, created_at)",
            # A proof: the proposal regraded over the stored drafts and scored on the held-out reviews.
            """CREATE TABLE rubric_proofs (
                id TEXT NOT NULL PRIMARY KEY,
                proposal_id TEXT NOT NULL REFERENCES rubric_proposals (id) ON DELETE CASCADE,
                rubric_name TEXT NOT NULL,
                rubric_version INTEGER NOT NULL,
                created_at REAL NOT NULL,
                grader TEXT NOT NULL,
                seed INTEGER NOT NULL,
                outcome TEXT NOT NULL,
                result_json TEXT NOT NULL,
                accepted_version INTEGER
            )""",
            "CREATE INDEX ix_rubric_proofs_rubric ON rubric_proofs (rubric_name, rubric_version, created_at)",
            # Which runs' reviews the assistant may learn from and which it holds out: by a seed, per rubric name.
            """CREATE TABLE rubric_splits (
                rubric_name TEXT NOT NULL PRIMARY KEY,
                seed INTEGER NOT NULL,
                held_out REAL NOT NULL,
                created_at REAL NOT NULL
            )""",
        ],
    ),
    (
        33,
        "one Start, one run: the click token each start of a run claims (rubric_core/store/start_clicks.py)",
        [
            # Numbered after issue 33, clear of the numbers other branches take. A token is claimed once, by the
            # first start that brings it; a second delivery of the same click finds it and starts nothing. No
            # foreign key: the claim comes before the run's first row, which the process running it writes.
            """CREATE TABLE start_clicks (
                token TEXT NOT NULL PRIMARY KEY,
                run_id TEXT NOT NULL,
                at REAL NOT NULL
            )""",
        ],
    ),
    (
        35,
        "no edit lost between two people: who saved each rubric version; a run's edit stamp, time and editor",
        [
            # Numbered after issue 35, clear of the numbers other branches take. A save carries the version (or
            # the run's edit stamp) it was based on and is refused, in the same transaction, when it moved.
            "ALTER TABLE rubrics ADD COLUMN saved_by TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE runs ADD COLUMN edit_version INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE runs ADD COLUMN edited_at REAL",
            "ALTER TABLE runs ADD COLUMN edited_by TEXT NOT NULL DEFAULT ''",
        ],
    ),
    (
        40,
        "the matrix: a suite run's columns (each a configuration) and its cells (item x column, each an ordinary "
        "run) (rubric_core/suites/suite_store.py); numbered 40, clear of 1-13, of 33 and of the numbers the other "
        "branches of this round take, so any merge order applies cleanly",
        [
            # A suite run with no column rows is a one-column suite run, exactly as before: its items link their runs
            # in suite_items.run_id. A matrix (2 to 8 columns) leaves suite_items.run_id NULL and links every run here.
            """CREATE TABLE suite_columns (
                suite_run_id TEXT NOT NULL REFERENCES suite_runs (id) ON DELETE CASCADE,
                column_index INTEGER NOT NULL,
                label TEXT NOT NULL,
                config_json TEXT NOT NULL,
                rubric TEXT NOT NULL,
                rubric_name TEXT NOT NULL DEFAULT '',
                rubric_version INTEGER,
                status TEXT NOT NULL DEFAULT 'running',
                PRIMARY KEY (suite_run_id, column_index)
            )""",
            """CREATE TABLE suite_cells (
                suite_run_id TEXT NOT NULL REFERENCES suite_runs (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                column_index INTEGER NOT NULL,
                run_id TEXT,
                PRIMARY KEY (suite_run_id, position, column_index)
            )""",
            "CREATE INDEX ix_suite_cells_run ON suite_cells (run_id)",
        ],
    ),
    LIVE_MIGRATION,
    STEER_MIGRATION,
    MIGRATION_44,
]
SCHEMA_VERSION = max(version for version, _, _ in MIGRATIONS)
"""The schema version this code writes; exports carry it too."""
