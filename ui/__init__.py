"""The app's Streamlit side: shared pieces at the top, one subpackage per page.

The engines (``maubinh/``, ``daudiachu/``) never import from here; pages import from here and from the
engines. No module here starts a thread or a process: background work is submitted to the home in
:mod:`background.home` (issue 33, item 2). A page's subpackage imports shared modules from this top level, never another page's.

Shared modules:
    ui.setup     ``setup_page()`` for the top of every page, and the rule-set picker.
    ui.nav       the pages, declared once: the entry script's navigation and the sidebar links.
    ui.i18n      per-session language and the ``t("key")`` lookup in ``ui/locales/*.po``.
    ui.cards     playing cards as inline SVG, hands as rows of cards, the shared CSS.
    ui.labels    words for the engine's values (categories, instant wins, settlement lines).
    ui.params    values from the URL's query parameters, with a clear warning for a broken one.
    ui.questions  words for drill questions and answers (no Streamlit): Drill and Classes pages.
    ui.set_form  the drill-set form (kinds, level, count, seed) of the Drill and Classes pages.
    ui.store     the classroom database, opened once per server, and its grading threads.
    ui.client    the client's address for the classroom's limits (behind a trusted proxy: X-Forwarded-For).
    ui.habits    the day's box (Home, Progress): today's question, a profile's daily goal and day streak.
    ui.live      a live class's shared pieces: its store, the projector link, the distribution, the views' slots.
    ui.links     links into the classroom (join, teacher, personal), the join QR code (Classes, Progress).
    ui.jobs      the pages' side of the server's jobs (:mod:`background.jobs`): a job's owner is a session,
                 cancelled when the session ends.
    ui.builtin_text  Streamlit's own interface text (uploader, number boxes, hints) in the session's language.
    ui.problems  lists of problems: repeats once with a count, the first few, then "and N more".
    ui.examples  the category examples in ``content/examples.toml`` (data, no Streamlit).
    ui.plays     one hand's best split under each rule set, side by side (Sandbox, Learn, Drill).
    ui.settlement  settlement views: events, a pair's breakdown with the rule behind each line (Sandbox, Play).
    ui.bands     the one grading scale in words: a band and its chi, a badge, a level's bar (Drill, Play, classes).
    ui._once     draw something at most once per script run.
    ui.escape    user-made text shown as text: Markdown, HTML, plain text, CSV cells (formula-safe).
    ui.errors    no traceback reaches a user: a plain message with an error id, the details in the log.
    ui.keep      form values survive other pages, tabs and Back (one mechanism for every form).
    ui.unsaved   answers and hands the database has not taken yet: sent again at each click and on a timer.
    ui.profile_form  making a profile (a personal link, no password), and its "keep this link" box: Progress, Play,
                 the Drill, Learn, a class's join.
    ui.device    this browser remembers its learner (a cookie), "not me / forget this device" in the sidebar.
    ui.personal  the personal link a page is opened with (``?me=``): whose profile it records in (Drill, Play).
    ui.lesson_path  the lesson path's marks (steps finished, quiz scores) in a profile or the session: Learn, Progress.
    ui.arrange   the card-arranging component (in the browser): Play, the Drill, the Sandbox.
    ui.table     a card table's showdown and analysis: Play and a class's table (duplicate deals).
    ui.tables_fit  tables that fit a phone: numbers kept in one piece, drawn as text (Drill, Sandbox).
    ui.serve     ``python -m ui.serve``: the server started warm (pages' imports, the database, the kernel).
    ui.warming   a hand waits for the engine's kernel still being prepared, saying so (Play, Sandbox, Drill).
    ui.watch     the server's watch: a waiting page's fragment rerun when what it shows changes (live class pages).
    ui.when      times as a viewer reads them: the browser's time zone, a moment shown in it (classes, Play's history).
    ui/locales/  the catalogues, ``<lang>/<part>.po``.

Pages:
    ui.learn      the lesson path, quizzes and "check my hand".
    ui.drill      drill sets, their questions drawn, progress.
    ui.play       a table against computer players: arranged in the browser, settled, analysed.
    ui.sandbox    a table settled under every rule set, house rules, many deals.
    ui.daudiachu  the other game in the sources.
"""
