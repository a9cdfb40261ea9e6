"""The draw's refusals are English; the site shows them in Japanese from its catalogue."""

from pathlib import Path

import polib

from seating import errors

CATALOGUE = Path(__file__).resolve().parents[2] / "locale" / "ja" / "LC_MESSAGES" / "django.po"


def test_every_refusal_has_a_japanese_translation():
    templates = [value for name, value in vars(errors).items() if name.isupper() and isinstance(value, str)]
    translated = {entry.msgid for entry in polib.pofile(str(CATALOGUE)) if entry.translated()}
    assert len(templates) == 5
    assert [template for template in templates if template not in translated] == []
