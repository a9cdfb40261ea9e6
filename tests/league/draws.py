"""A small factory of drawn rounds for tests (the draw pages make them for real)."""

from league.models import SITTING_OUT, DrawnRound, DrawnSeat, Member

TABLE_1 = ["南野二郎", "東田一郎", "西川三郎", "北村四郎"]  # a drawn table in seat order, 東 (起家) first


def draw_round(meeting, number, tables, sitting_out=(), seed=1):
    """Round ``number`` of ``meeting`` as drawn: ``tables`` lists each table's names in seat order (東 first)."""
    drawn = DrawnRound.objects.create(meeting=meeting, number=number, seed=seed)
    for table, names in enumerate(tables, start=1):
        for seat, name in enumerate(names):
            DrawnSeat.objects.create(
                round=drawn, table=table, seat=seat, member=Member.objects.get(club=meeting.club, name=name)
            )
    for place, name in enumerate(sitting_out):  # seats of the sitting-out "table" only keep them apart
        DrawnSeat.objects.create(
            round=drawn, table=SITTING_OUT, seat=place, member=Member.objects.get(club=meeting.club, name=name)
        )
    return drawn
