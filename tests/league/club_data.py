"""The club every view test uses (風の会, ``kaze``): its rules and its players (tests/league/conftest.py).

Kept apart from conftest.py so that the fixture modules conftest.py plugs in can use them too.
"""

BAKUFU_RULES = {
    "players": 4,
    "start": 25000,
    "target": 30000,
    "uma": [20, 10, -10, -20],
    "rounding": "half_up",
    "bust": {"penalty": 10, "bonus": 10},
    "chips": {"value": 5, "in_total": True},
    "yakuman_shugi": {"ron": 30, "tsumo_each": 20},
}
PLAYERS = [
    ("東田一郎", "ひがしだいちろう"),
    ("南野二郎", "みなみのじろう"),
    ("西川三郎", "にしかわさぶろう"),
    ("北村四郎", "きたむらしろう"),
    ("中島五郎", "なかじまごろう"),
]
