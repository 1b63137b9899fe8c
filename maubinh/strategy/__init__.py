"""The strategy layer over the rules core: setting hands (xếp bài), expected chi, many deals.

Everything here plays the game; nothing here defines a rule (that is the rules core at the top of
:mod:`maubinh`, which never imports from this package).

Modules:
    maubinh.strategy.fast       hand values of many 5- and 3-card subsets at once (lookup tables, numpy).
    maubinh.strategy.vector     the split tables (every legal split of a hand) and vectorised settlement.
    maubinh.strategy.solver     xếp bài: the near-optimal arranger over per-position win tables (``data/``).
    maubinh.strategy.decide     xếp bài with the choice to declare an instant win or play it out (``decide``).
    maubinh.strategy.arrangers  the simple arranger and the naive ones real apps use.
    maubinh.strategy.ev         expected chi against sampled opponents (common random numbers).
    maubinh.strategy.field      sampled opponents kept as arrays; splits settled against them, the best of all.
    maubinh.strategy.payouts    one hand's best split under each rule set, compared.
    maubinh.strategy.screen     a quick screen for instant wins over many hands.
    maubinh.strategy.simulate   many seeded deals set by the solver, settled under each rule set.
    maubinh.strategy.train      ``python -m maubinh.strategy.train``: learn the solver's tables by self-play.
    maubinh.strategy.kernel     the compiled hot path (numba): the same numbers as the numpy path, faster.
    maubinh.strategy.loops      the kernel's compiled loops (called through ``kernel``).
    maubinh.strategy.rule_arrays  a rule set, its hand values and the solver's tables as arrays for the kernel.
    maubinh.strategy.seats      seats and sampled tables as the kernel reads them.
    maubinh.strategy.data       the trained tables, one ``solver-<rule set>.npz`` per source.
"""
