"""A card table shared by the Play page and a class's table (duplicate deals, issue 19).

Modules:
    ui.table.model    model (no Streamlit): the computer players in the link, the plain sentence saying why.
    ui.table.records  model (no Streamlit): a played hand's rows for export, the error's definition in words.
    ui.table.views    view: the seats' names, the showdown with its settlement, the analysis of a split.
    ui.table.timer    model (no Streamlit): the optional timer's choices, what a late or timed-out hand plays.
"""
