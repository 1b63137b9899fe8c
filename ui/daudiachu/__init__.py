"""The Đấu địa chủ page (``pages/dau_dia_chu.py``) over the engine in ``daudiachu/``.

Modules:
    ui.daudiachu.labels  model: the engine's plays, faults, verdicts and scores in words.
    ui.daudiachu.cards   view: the 54 cards drawn (the jokers as SVG), typed card boxes.
    ui.daudiachu.lesson  view: the lesson (table, order, bidding, play types, scoring).
    ui.daudiachu.drill   view: the three drills.
    ui.daudiachu.calc    view: the score calculator.
"""
