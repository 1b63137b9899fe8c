"""The strategy layer over the rules core: setting hands (xếp bài), expected chi, many deals.

Everything here plays the game; nothing here defines a rule (that is the rules core at the top of
:mod:`maubinh`, which never imports from this package). Imports form no circle (``tests/test_layout.py``): the
declare choice is a policy passed down (:data:`maubinh.strategy.search.DeclarePolicy`); the measured one
(:func:`maubinh.strategy.field.declare_choice`) samples a field whose opponents declare by the plain one. A rule
set is prepared once (:func:`maubinh.strategy.prepared.prepare`) and the backend chosen once per call
(:func:`maubinh.strategy.prepared.backend`).

Modules:
    maubinh.strategy.fast       hand values of many 5- and 3-card subsets at once (lookup tables, numpy).
    maubinh.strategy.vector     the split tables (every legal split of a hand) and vectorised settlement.
    maubinh.strategy.tables     the solver's learned per-position win tables (``data/``), for any rule set.
    maubinh.strategy.prepared   a rule set prepared once (every form the layer uses), and the backend chosen.
    maubinh.strategy.search     the solver's search over those tables and the plain declare choice (numpy).
    maubinh.strategy.solver     xếp bài: the near-optimal arranger (numpy or the kernel) over those tables.
    maubinh.strategy.decide     xếp bài with the choice to declare an instant win or play it out (``decide``).
    maubinh.strategy.arrangers  the simple arranger and the naive ones real apps use.
    maubinh.strategy.results    expected chi with its errors and per-chi odds, from sampled deals (``EVResult``).
    maubinh.strategy.ev         expected chi against sampled opponents (common random numbers).
    maubinh.strategy.field      sampled opponents kept as arrays; splits settled against them, the best of all;
                                a close declare choice measured on them (the solver's declare policy).
    maubinh.strategy.payouts    one hand's best split under each rule set, compared.
    maubinh.strategy.screen     a quick screen for instant wins, and each hand's instant win found once.
    maubinh.strategy.simulate   many seeded deals set by the solver, settled under each rule set.
    maubinh.strategy.train      ``python -m maubinh.strategy.train``: learn the solver's tables by self-play.
    maubinh.strategy.kernel     the compiled hot path (numba): the same numbers as the numpy path, faster.
    maubinh.strategy.loops      the kernel's compiled loops (called through ``kernel``).
    maubinh.strategy.rule_arrays  a rule set, its hand values and the solver's tables as arrays for the kernel.
    maubinh.strategy.seat_arrays  the arrays of seats and sampled opponents the kernel reads (plain data).
    maubinh.strategy.seats      seats and sampled tables as the kernel reads them, built from arrangements.
    maubinh.strategy.data       the trained tables, one ``solver-<rule set>.npz`` per source.
"""
