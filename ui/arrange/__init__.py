"""The card-arranging component shared by every page that has cards set into chi: Play, the Drill's "set it
yourself" and the Sandbox's "move cards" (issue 19, "Arranging without waiting").

Modules:
    ui.arrange.component  view: the ``st.components.v2`` component (``component.js`` and ``component.css``
                          beside it), the data it is given and the value it sends back, read and checked.
"""
