"""The Progress page (``pages/progress.py``): a learner's profile over time, on the classroom database.

Modules:
    ui.progress.stats  model: error rate, accuracy and rating, overall, per kind and lesson, over time.
    ui.progress.play   view: the hands played at the Play table: errors per hand, the costliest, replays.
    ui.progress.lessons  view: the lesson path: steps finished and best quiz scores per rule set.
    ui.progress.view   view: the profile's figures, review queue, charts, weak spots and CSV.
"""
