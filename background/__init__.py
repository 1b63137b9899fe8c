"""background: the one home of the server's background work, and the app's computing that is no page's (no Streamlit).

Issue 33, item 2: thirteen places in eleven files started threads or processes of their own, four hand-made caches
of futures did what ``cachetools`` does, and the engine imported the database to build the question bank. Now:

- the engine (:mod:`maubinh`) computes and imports neither this package nor :mod:`classroom`;
- :mod:`classroom` only stores (no thread, no process, no cache of work);
- this package runs the work, in the home's threads and processes, with the engine and the storage below it;
- the pages (:mod:`ui`) ask it for work and never start a thread or a process themselves.

Modules:
    background.home     the home: named lanes of threads (priorities, bounded queues), jobs, child processes,
                        the kernel's warm-up, and the stop within 2 s of SIGTERM with no child left.
    background.flight   a single-flight cache of futures over ``cachetools``: computed once, work under way never
                        evicted, every wait bounded.
    background.sized    caches bounded by the memory their values hold, not their count.
    background.jobs     long runs in processes of their own, one per owner, a server-wide limit and queue.
    background.bank     ``python -m background.bank build|load|export|status``: the question bank built ahead.
    background.topup    an idle server tops the bank up in a child process (``MAUBINH_BANK_TOPUP``).
    background.questions  questions by reference: from the bank, else made live, made once, kept; opponents of a
                        banked question dealt ahead in the idle lane.
    background.deals    a deal's heavy work (computer players, study, the solver's split, a split's grade), made
                        once per process for Play and every class table, bounded by memory; started in a lane.
    background.grading  an assignment graded once when it is assigned, resumed after a restart (the grading lane).
    background.rooms    a room's hands kept in its players' profiles after a showdown (the idle lane, one run a room).
"""
