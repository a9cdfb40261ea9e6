"""The one formatter of figures (league.text.formatting) and the template filters that wrap it."""

import datetime
import json
from decimal import Decimal

import pytest
from django.template import Context, Template
from django.utils import translation

from league.models import Adjustment, Member
from league.text.formatting import (
    decimal_number,
    format_date,
    format_month_day,
    format_points,
    format_score,
    format_signed,
    format_yen,
    points_number,
    yen_number_format,
)


@pytest.mark.parametrize(
    ("value", "japanese", "english"),
    [
        (453, "+45.3", "+45.3"),
        (Decimal("45.3"), "+45.3", "+45.3"),
        (-120, "▲12.0", "−12.0"),
        (Decimal("-12.0"), "▲12.0", "−12.0"),
        (0, "±0.0", "±0.0"),
        (Decimal("0.0"), "±0.0", "±0.0"),
        (Decimal("-0.0"), "±0.0", "±0.0"),
        (-1, "▲0.1", "−0.1"),
        (5, "+0.5", "+0.5"),
        (-5, "▲0.5", "−0.5"),
        (12345, "+1234.5", "+1234.5"),
        (None, "", ""),
        ("", "", ""),
    ],
)
def test_points_are_written_the_way_each_language_reads_them(value, japanese, english):
    assert format_points(value, "ja") == japanese
    assert format_points(value, "en") == english


@pytest.mark.parametrize(
    ("value", "japanese", "english"),
    [
        (200, "+20", "+20"),
        (Decimal("20"), "+20", "+20"),
        (-100, "▲10", "−10"),
        (25, "+2.5", "+2.5"),
        (-25, "▲2.5", "−2.5"),
        (0, "0", "0"),
        (None, "", ""),
    ],
)
def test_trim_drops_a_whole_number_s_decimal_for_settings(value, japanese, english):
    assert format_points(value, "ja", trim=True) == japanese
    assert format_points(value, "en", trim=True) == english


def test_without_a_language_the_active_one_is_used():
    with translation.override("ja"):
        assert (format_points(-453), format_score(-2500), format_yen(-350)) == ("▲45.3", "▲2,500", "▲350円")
    with translation.override("en"):
        assert (format_points(-453), format_score(-2500), format_yen(-350)) == ("−45.3", "−2,500", "−¥350")


@pytest.mark.parametrize(
    ("value", "japanese", "english"),
    [(41300, "41,300", "41,300"), (0, "0", "0"), (-2500, "▲2,500", "−2,500"), (None, "", "")],
)
def test_scores_have_thousands_separators_and_the_language_s_minus(value, japanese, english):
    assert format_score(value, "ja") == japanese
    assert format_score(value, "en") == english


@pytest.mark.parametrize(
    ("value", "japanese", "english"),
    [(1050, "1,050円", "¥1,050"), (0, "0円", "¥0"), (-350, "▲350円", "−¥350"), (None, "", "")],
)
def test_yen_are_written_the_way_each_language_reads_them(value, japanese, english):
    assert format_yen(value, "ja") == japanese
    assert format_yen(value, "en") == english


@pytest.mark.parametrize(
    ("tenths", "number", "json_text"),
    [
        (453, 45.3, "45.3"),
        (-5, -0.5, "-0.5"),
        (-120, -12.0, "-12.0"),
        (0, 0.0, "0.0"),
        (1, 0.1, "0.1"),
        (3, 0.3, "0.3"),
        (7, 0.7, "0.7"),
        (123456789, 12345678.9, "12345678.9"),
        (None, None, "null"),
    ],
)
def test_points_as_a_json_number_are_exact(tenths, number, json_text):
    assert points_number(tenths) == number
    assert json.dumps(points_number(tenths)) == json_text


def test_no_tenth_carries_binary_noise():
    # Every season total a club could reach, and a sample far beyond: the number is the one closest
    # to the exact decimal, and it is written back with exactly one decimal.
    for tenths in [*range(-20000, 20001), *range(-(10**12), 10**12, 10**12 // 997)]:
        number = points_number(tenths)
        assert number == float(Decimal(tenths).scaleb(-1)), tenths
        text = json.dumps(number)
        assert Decimal(text) * 10 == tenths and len(text.split(".")[1]) == 1, text


def test_a_decimal_figure_becomes_a_plain_number():
    assert decimal_number(Decimal("37.1")) == 37.1
    assert json.dumps(decimal_number(Decimal("2.25"))) == "2.25"
    assert decimal_number(None) is None


def test_the_template_filters_follow_the_active_language():
    template = Template("{{ value|points }} {{ score|score }} {{ fee|yen }}")
    context = Context({"value": -453, "score": -2500, "fee": -350})
    with translation.override("ja"):
        assert template.render(context) == "▲45.3 ▲2,500 ▲350円"
    with translation.override("en"):
        assert template.render(context) == "−45.3 −2,500 −¥350"


def test_an_adjustment_names_its_points_the_way_the_pages_do():
    adjustment = Adjustment(
        member=Member(name="北村四郎"), date=datetime.date(2026, 5, 10), points=-25, reason="chombo outside a game"
    )
    with translation.override("ja"):
        assert str(adjustment) == "2026-05-10 北村四郎 ▲2.5 chombo outside a game"
    with translation.override("en"):
        assert str(adjustment) == "2026-05-10 北村四郎 −2.5 chombo outside a game"


def test_no_points_are_written_as_nothing_or_as_the_dash_a_column_of_figures_asks_for():
    assert format_points(None) == "" and format_points("") == ""
    assert format_points(None, empty="—") == "—"
    assert format_points(0, empty="—") == "±0.0"


def test_signed_counts_are_written_as_points_are():
    assert [format_signed(value, "ja") for value in (3, -3, 0, None)] == ["+3", "▲3", "±0", ""]
    assert format_signed(-3, "en") == "−3"


def test_a_workbooks_yen_are_signed_as_the_pages_sign_them():
    assert yen_number_format("ja") == '#,##0;"▲"#,##0'
    assert yen_number_format("en") == "#,##0"


def test_a_date_is_written_in_the_languages_one_style():
    day = datetime.date(2026, 11, 21)
    assert format_date(day) == "2026/11/21(土)"
    with translation.override("en"):
        assert format_date(day) == "Sat 21 Nov 2026"


def test_a_column_heading_writes_the_day_without_its_year():
    day = datetime.date(2026, 11, 21)
    assert format_month_day(day) == "11/21"
    with translation.override("en"):
        assert format_month_day(day) == "21 Nov"
        assert format_date(day) == "Sat 21 Nov 2026"  # the days kept apart by style as by language
