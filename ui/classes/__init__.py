"""The Classes page (``pages/classes.py``): a teacher's class, its assignments and live board, and the
learners' side, over the classroom database (:mod:`classroom`, opened by :mod:`ui.store`).

Models (no Streamlit) and views (Streamlit) are kept apart:

Modules:
    ui.classes.words    model: stored answers, states and times in words.
    ui.classes.start    view: create a class, or type a join code.
    ui.classes.learner  view: joining with a name, and the learner's own page.
    ui.classes.teacher  view: the teacher's page (header, assignments, learners, the class).
    ui.classes.board    view: the live board of one assignment (names left out for the projector), the CSV.
    ui.classes.export   words: a class's CSV (an assignment's, a live or a table session's): a summary per learner,
                        then every answer or hand, in the page's language and the teacher's time zone.
    ui.classes.projector  view: the projector's own link (code, QR code, a board without names); the join link
                        and its QR code, from the public address.
    ui.classes.table_common   the table sessions' store, a session's settings and a split in words.
    ui.classes.table_teacher  view: the teacher's Table tab (start a session, the sessions, the board).
    ui.classes.table_board    view: the live board of a table session, the projector view, the CSV.
    ui.classes.table_learner  view: a learner at the class's table (the Play page's component and views).
    ui.classes.table_kept     model: a table hand not saved yet, kept in the address through a reload.
    ui.classes.live_teacher   view: the teacher's Live tab (pick questions, start, next / pause / show / end).
    ui.classes.live_report    view: an ended live session's report (per learner, per kind, the hardest, unfinished),
                              the CSV.
    ui.classes.live_screen    view: a live session's wall (``?live=<projector id>``): no sidebar, room-sized.
    ui.classes.live_learner   view: the live box on a learner's page, and the poll for new assignments or tables.
    ui.classes.seat_teacher   view: "seat the class" at tables of people (issue 34), the tables, their board.
    ui.classes.seat_learner   view: a learner's page says it is open, and goes to the learner's seat once given.
    ui.classes.edit           view: edit an assignment's questions (keep, add from the bank), the answers' fate said.
    ui.classes.follow_up      view: "reassign the missed questions" under a board and a live session's report; a
                              source's follow-ups as one group (each learner's progress and answers, one CSV).
    ui.classes.versions       view: an edited assignment's earlier versions, each with its board (read-only) and CSV.
"""
