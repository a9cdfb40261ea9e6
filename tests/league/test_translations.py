"""Japanese is the default language: every string is translated and the catalogue is compiled."""

from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parents[2] / "locale" / "ja" / "LC_MESSAGES"


def test_every_message_has_a_japanese_translation():
    catalogue = polib.pofile(str(LOCALE / "django.po"))
    untranslated = [entry.msgid for entry in catalogue if not entry.translated() and not entry.obsolete]
    fuzzy = [entry.msgid for entry in catalogue if "fuzzy" in entry.flags]
    assert untranslated == []
    assert fuzzy == []


def test_the_compiled_catalogue_matches_the_translations():
    source = {
        (e.msgctxt, e.msgid): e.msgstr for e in polib.pofile(str(LOCALE / "django.po")) if e.msgid and not e.obsolete
    }
    compiled = {(e.msgctxt, e.msgid): e.msgstr for e in polib.mofile(str(LOCALE / "django.mo")) if e.msgid}
    assert compiled == source, "run: DEBUG=true python manage.py compilemessages -l ja"


def test_placeholders_survive_translation():
    for entry in polib.pofile(str(LOCALE / "django.po")):
        if entry.msgid_plural:  # Japanese has one form: it must keep the plural's placeholders
            pairs = [(entry.msgid_plural, text) for text in entry.msgstr_plural.values()]
        else:
            pairs = [(entry.msgid, entry.msgstr)]
        for source, translation in pairs:
            for placeholder in ("%(", "%s"):
                assert source.count(placeholder) == translation.count(placeholder), source
