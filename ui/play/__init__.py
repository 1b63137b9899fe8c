"""The Play page (``pages/play.py``): a table against 1-3 computer players, arranged in the browser, settled,
scored, and each hand analysed against the best split.

The table itself is the engine's (:mod:`maubinh.play`); this package draws it. The cards are arranged in the
shared component :mod:`ui.arrange.component`.

Modules:
    ui.play.model              model: the computer players in the link, the plain sentence under the analysis.
    ui.play.state              the session: the table from the link, the deals played, the submission, the caches.
    ui.play.views              view: the settings, the deal, the showdown and the analysis.
"""
