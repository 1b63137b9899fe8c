"""The Learn page (``pages/learn.py``): the lesson path per rule source, its quizzes and "check my hand".

Models (no Streamlit) and views (Streamlit) are kept apart:

Modules:
    ui.learn.content     model: the lesson path as data (steps, per-source texts, example hands).
    ui.learn.quiz        model: each step's three-question quiz, dealt from a seed and graded by the engine.
    ui.learn.check       model: "check my hand", what the learner typed read and judged by the engine.
    ui.learn.draw        view helpers shared by the parts: lesson context, players' hands, settlement tables.
    ui.learn.view        view: the step selector and each lesson step.
    ui.learn.quiz_view   view: the quiz at the end of a step.
    ui.learn.check_view  view: the "check my hand" tool.
    ui.learn.contrast    view: the payout table changes the right play, on a hand the engine chose.

Steps finished and quiz scores are kept by the shared :mod:`ui.lesson_path` (Progress shows them too).
"""
