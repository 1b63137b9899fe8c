"""The Play page (``pages/play.py``): a table against 1-3 computer players, arranged in the browser, settled,
scored, and each hand analysed against the best split.

The table itself is the engine's (:mod:`maubinh.play`); this package draws it. The cards are arranged in the
shared component :mod:`ui.arrange.component`; the showdown and the analysis are the shared table views
(:mod:`ui.table`, also a class's table).

Modules:
    ui.play.state    the session: the table from the link, the deals played, the submission, the caches.
    ui.play.history  view: hands kept in the profile, the session summary, the hand history, the replay.
    ui.play.views    view: the settings, the score, the deal (the showdown and analysis from ui.table).
"""
