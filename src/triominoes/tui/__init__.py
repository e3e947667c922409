"""``triominoes play``: the game in a terminal (Textual, or plain lines).

A face of the game draws from views and narrates from events, at a
:class:`~triominoes.tui.table.Table` (a game in this process now, a table
on the server later); it decides no rule.
"""
