"""The site always gives the draw a seed it keeps, so every drawn round can be made again (docs/draw.md)."""

import seating
from league.models import DrawnRound, Member
from league.services import draws
from league.services.attendance import HERE, set_presence


def test_drawing_and_redrawing_without_a_seed_give_the_draw_a_new_one_and_keep_it(
    club, meeting, secretary, monkeypatch
):
    for n in range(Member.objects.filter(club=club).count(), 8):
        Member.objects.create(club=club, name=f"会員{n + 1:02d}", kana=f"かいいん{n + 1:02d}")
    for member in Member.objects.filter(club=club):
        set_presence(meeting, member, HERE)
    given = []
    real = seating.draw_rounds

    def draw_rounds(*args, seed, **kwargs):
        given.append(seed)
        return real(*args, seed=seed, **kwargs)

    monkeypatch.setattr(seating, "draw_rounds", draw_rounds)
    [drawn] = draws.draw(meeting, secretary)
    draws.redraw(meeting, 1, secretary)
    assert len(given) == 2 and all(isinstance(seed, int) for seed in given)
    assert [drawn.seed, DrawnRound.objects.get(pk=drawn.pk).seed] == given
