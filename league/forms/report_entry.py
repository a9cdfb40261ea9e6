"""The entry form as a player at a drawn table sees it: the table's names fixed in their seats.

The same ``GameForm``, with the same checks and messages; the names, round and table come from the draw
whatever is posted, so a player can only report the game of the table they sat at.  What was typed is kept
as the report's ``sheet``: the form's own fields, as the secretary's entry form takes them back.
"""

from .game_entry import GameForm

NOT_KEPT = ("revision", "drawn_mark", "seat_as_typed", "same_game_ok")  # the secretary's, at confirming


def drawn_names(drawn):
    """The initial values of a drawn table on the entry form: round, table, and each seat's name."""
    return {
        "round": drawn.round,
        "table": drawn.table,
        **{f"player_{seat}": member.name for seat, member in enumerate(drawn.members)},
    }


class ReportForm(GameForm):
    names_fixed = True

    def __init__(self, data=None, initial=None, *, drawn, **kwargs):
        fixed = drawn_names(drawn)
        if data is not None:
            data = data.copy()
            for name, value in fixed.items():
                data[name] = str(value)
            for seat in range(len(drawn.members)):
                data.pop(f"guest_{seat}", None)  # a drawn seat is a member (or a guest already seated)
        super().__init__(data, initial={**(initial or {}), **fixed}, **kwargs)

    def sheet(self):
        """What the player typed, by the entry form's field names (the boxes left empty aside)."""
        return {
            name: self.data.get(name)
            for name in self.fields
            if name not in NOT_KEPT and str(self.data.get(name) or "").strip()
        }
