"""The management commands name a club, a rule set, a login and a season alike, and refuse alike."""

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from league.models import Season

COMMANDS = {
    "recompute": [],
    "import_results": ["missing.csv"],
    "export_season": ["2026年度", "--out", "never-written.xlsx"],
}


@pytest.fixture
def season(club):
    return Season.objects.create(club=club, name="2026年度", starts_on="2026-04-01", ends_on="2027-03-31")


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unknown_club_is_refused_by_every_command(command, club, season):
    with pytest.raises(CommandError, match="No club “nowhere”"):
        call_command(command, "nowhere", *COMMANDS[command])


@pytest.mark.parametrize("command", COMMANDS)
def test_an_unknown_rule_set_is_refused_by_every_command(command, club, season):
    with pytest.raises(CommandError, match="has no rule set “sanma”"):
        call_command(command, club.slug, *COMMANDS[command], "--rule-set", "sanma")


@pytest.mark.parametrize("command", ["recompute", "import_results"])
def test_an_unknown_login_is_refused(command, club, season):
    with pytest.raises(CommandError, match="No login “nobody”"):
        call_command(command, club.slug, *COMMANDS[command], "--user", "nobody")


def test_a_season_is_found_by_its_name_or_its_id_and_an_unknown_one_lists_the_seasons(club, season, tmp_path):
    out = tmp_path / "season.xlsx"
    call_command("export_season", club.slug, str(season.pk), "--out", str(out))
    assert out.exists()
    with pytest.raises(CommandError, match="has no season “2030年度” \\(its seasons: 2026年度\\)"):
        call_command("export_season", club.slug, "2030年度", "--out", str(out))
