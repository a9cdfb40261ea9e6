from decimal import Decimal

import pytest
from django.template import Context, Template
from django.utils import translation

from league.templatetags.points import format_points


@pytest.mark.parametrize(
    ("value", "japanese", "english"),
    [
        (453, "+45.3", "+45.3"),
        (Decimal("45.3"), "+45.3", "+45.3"),
        (-120, "▲12.0", "−12.0"),
        (Decimal("-12.0"), "▲12.0", "−12.0"),
        (0, "±0.0", "±0.0"),
        (Decimal("0.0"), "±0.0", "±0.0"),
        (-1, "▲0.1", "−0.1"),
        (5, "+0.5", "+0.5"),
        (12345, "+1234.5", "+1234.5"),
        (None, "", ""),
    ],
)
def test_points_are_written_the_way_each_language_reads_them(value, japanese, english):
    assert format_points(value, "ja") == japanese
    assert format_points(value, "en") == english


def test_the_template_filter_follows_the_active_language():
    template = Template("{{ value|points }}")
    with translation.override("ja"):
        assert template.render(Context({"value": -453})) == "▲45.3"
    with translation.override("en"):
        assert template.render(Context({"value": -453})) == "−45.3"
