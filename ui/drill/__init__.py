"""The Drill page (``pages/drill.py``): drill sets of eight kinds, graded by the engine, with progress.

The questions themselves are the engine's (:mod:`maubinh.drills`); this package draws them.

Modules:
    ui.drill.areas     view: the page's areas (a free set, a profile's list, the mistakes, an assignment).
    ui.drill.params    the drill set in the URL (kinds, level, rules, seed, count).
    ui.drill.state     the page's session state: the set worked through, its answers, the history.
    ui.drill.prepare   questions prepared ahead in background threads, shared by every session (waited-for first).
    ui.drill.assigned  answering a class's assignment: stored questions, every answer stored at once.
    ui.drill.profile   practice kept in a profile: free sets resumed by run, the review queue, sets at one's level.
    ui.drill.views     view: a question of each kind, its answer controls and the feedback.
    ui.drill.arrange   view: "set it yourself", the cards arranged in the shared component (ui.arrange), graded.
    ui.drill.explain   view: an answer's explanation in words (what decided it first), its themes, "details".
    ui.drill.banked    the question bank: questions read from it first, new sets dealt from it.
    ui.drill.kept      a free set's answers kept in the URL (``?ans=``): a reload resumes the set.
    ui.drill.mistakes  "review my mistakes now" at the end of a free set, no profile needed.
    ui.drill.phone     the page on a phone: the question's cards and answers on the first screen.
    ui.drill.progress  view: status line, accuracy per kind, the kind to practise next, the summary.
    ui.drill.live      view: a live class's question with the Drill's widgets, its reason, for the Classes page.
"""
