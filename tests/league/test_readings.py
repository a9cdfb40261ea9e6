"""Suggesting a reading from a name (league/models/readings.py): how well the dictionary reads common names, and
what gets no suggestion."""

import subprocess
import sys

import pytest

from league.models.readings import suggest_reading

from .name_readings import NAMES

# Measured in docs/readings.md: an upgrade of the dictionary that reads fewer of the hundred names fails here.
MEASURED_RIGHT = 97


def test_the_dictionary_reads_at_least_the_measured_number_of_common_names_right():
    wrong = [(name, reading, suggest_reading(name)) for name, reading in NAMES if suggest_reading(name) != reading]
    assert len(NAMES) == 100
    assert len(NAMES) - len(wrong) >= MEASURED_RIGHT, wrong


@pytest.mark.parametrize(
    ("name", "reading"),
    [
        ("佐藤 翔太", "さとう しょうた"),  # each part read apart, the space kept
        ("佐藤　翔太", "さとう しょうた"),  # a full-width space is a space
        ("佐藤翔太", "さとうしょうた"),
        ("ヒガシダ イチロウ", "ひがしだ いちろう"),  # kana is only turned into hiragana
        ("さくら", "さくら"),
        ("山田 さくら", "やまだ さくら"),
        ("ｻｸﾗ", "さくら"),  # half-width katakana too
    ],
)
def test_a_name_in_kanji_or_kana_gets_its_reading(name, reading):
    assert suggest_reading(name) == reading


@pytest.mark.parametrize("name", ["", "   ", "John Smith", "佐藤 John", "田中2", "=佐藤", "ＡＢＣ", "佐藤!"])
def test_a_name_that_is_not_all_kanji_and_kana_gets_no_suggestion(name):
    assert suggest_reading(name) == ""


def test_a_word_the_dictionary_does_not_know_gets_no_suggestion():
    assert suggest_reading("𠮷𠮷𠮷𠮷") == ""


def test_a_reading_longer_than_a_member_keeps_is_no_suggestion():
    assert suggest_reading("佐藤 " * 21) == ""  # 83 characters of reading


def test_the_dictionary_is_loaded_by_the_first_suggestion_only():
    code = (
        "import django, os, sys; os.environ['DJANGO_SETTINGS_MODULE'] = 'tests.settings'; django.setup();"
        "import league.models.readings, league.views, league.urls;"
        "assert 'sudachipy' not in sys.modules, 'loaded early';"
        "league.models.readings.suggest_reading('佐藤');"
        "assert 'sudachipy' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
