"""classroom: classes, learners, assigned drill sets and their answers, on a real database (no Streamlit).

SQLAlchemy 2 models with Alembic migrations, SQLite by default and PostgreSQL by one setting
(``MAUBINH_DATABASE_URL``). The app opens it through :mod:`ui.store`; tests use it directly.

It only stores (issue 33, item 2): no module here starts a thread or a process or keeps a cache of work. What runs
in the background over it (grading an assignment, a class table's shared deal work, the question source, the bank's
build and top-up) is :mod:`background`'s, one layer up; the engine (:mod:`maubinh`) is below both.

Modules:
    classroom.database    the URL, the engine (SQLite in WAL mode, or PostgreSQL via psycopg 3), migrations.
    classroom.models      the tables: classes, learners, assignments, assigned questions, answers.
    classroom.tokens      secret links (128-bit secrets, stored hashed, compared in constant time), join codes.
    classroom.snapshot    questions stored as asked and graded (plain data), and a language-free record of each.
    classroom.legacy_pickle  LEGACY: the reader of questions stored as pickles, for migration 0013 only.
    classroom.service     :class:`ClassroomStore`: every operation, one short unit of work each.
    classroom.practice    profiles: every attempt, Glicko-2 ratings of learners and questions, FSRS reviews.
    classroom.habits      daily goals picked by learners, answers per day in their time zone, the day streak.
    classroom.lessons     the Learn page's lesson path per profile: steps finished per rule set, best quiz scores.
    classroom.rating      Glicko-2 (Glickman's algorithm, his worked example as the doctest).
    classroom.throttle    limits per client and per class (join-code guesses, joins, new profiles), in the database.
    classroom.bank        the question bank: questions made and graded ahead, loaded from a file, dealt at once.
    classroom.play_hands  every hand a profile played at the Play table, its analysis, missed hands to review.
    classroom.decisions   a profile's decisions: drill answers and the Play hands it split, one model for both.
    classroom.clock       the timer's clock: each deal's first showing per learner, the limit, what a late hand stands for.
    classroom.rooms       rooms where people play each other (issue 34): seats, deals, hands stored once.
    classroom.seatings    a class seated at tables of people: who is present, tables of 2-4, one seed, the board's hands.
    classroom.room_models  the rooms' tables (on the same ``Base``: imported here so every migration check sees them).
    classroom.tables      a class at one table (duplicate deals): sessions, the hands learners play, shared work.
    classroom.table_board  a table session's board as numbers: splits per deal, chi lost, the ranking.
    classroom.live        a live class (issue 35): the teacher's live sessions, their questions, one answer per learner.
    classroom.follow_ups  reassign the missed questions: each learner an assignment of only the ones they missed;
                          a source's follow-ups read as one group.
    classroom.versions    an edited assignment's earlier versions: when edited, their answers, those only there.
    classroom.board       the board's numbers per learner, question and kind, and the CSV rows.
    classroom.backup      a backup of the database while the app runs, restored into an empty one
                          (``python -m classroom backup FILE`` / ``restore FILE``, :mod:`classroom.__main__`).
    classroom.migrations  Alembic's environment and revisions.
"""

import classroom.live  # the live sessions' tables join Base.metadata (migrations, backups)
import classroom.room_models  # noqa: F401  - the rooms' tables join Base.metadata wherever classroom is used
from classroom.service import ClassroomError, ClassroomStore, NameTakenError

__all__ = ["ClassroomError", "ClassroomStore", "NameTakenError"]
