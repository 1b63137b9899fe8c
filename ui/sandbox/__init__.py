"""The Sandbox page (``pages/sandbox.py``): a table settled under every rule set, house rules, many deals.

Models (no Streamlit) and views (Streamlit) are kept apart:

Modules:
    ui.sandbox.model       model: dealing, reading the typed seats, the totals and breakdown tables.
    ui.sandbox.hands       model: picking cards, moving them between chi, the table in a link.
    ui.sandbox.house_text  model: words for house rules (keys, values, diff rows, file problems).
    ui.sandbox.boxes       model: box plots' statistics with the outliers clipped (whiskers at 1.5 IQR).
    ui.sandbox.state       session keys, the table in the URL, the rule sets compared.
    ui.sandbox.table       view: the controls and each seat's cards (the main rule set's chi names).
    ui.sandbox.declare     view: the "Báo mậu binh" switch of a seat holding an instant win (set by decide).
    ui.sandbox.settle      view: the settlement under every rule set, side by side.
    ui.sandbox.house       view: the house-rules editor (diff, TOML save and load, link).
    ui.sandbox.sim         view: the many-deals simulation with its charts and CSV.
    ui.sandbox.gains       view: many deals' "who gains": house minus base per seat, other players seated.
    ui.sandbox.plays       view: one seat's best split under each rule set compared.
"""
