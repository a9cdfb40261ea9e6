"""Names kept before saves took out bidirectional control characters lose them too (league/models/text.py).

The characters are listed here rather than imported, so that this migration reads the same whatever the
code becomes. A member whose cleaned name is another member's of the same club gets " (2)" (or the next
free number) after it, so that the club's names stay distinct; the owner can rename them.
"""

import re
from functools import reduce
from operator import or_

from django.db import migrations
from django.db.models import Q

CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
PATTERN = re.compile(f"[{CONTROLS}]")

# model: the text fields cleaned; each model's historical records are cleaned alike.
FIELDS = {
    "Club": ["name"],
    "RuleSet": ["name"],
    "Season": ["name"],
    "Meeting": ["venue"],
    "Adjustment": ["reason"],
    "Member": ["name", "kana"],
}
WITH_HISTORY = {"Club", "Season", "Meeting", "Adjustment", "Member"}


def containing(fields):
    return reduce(or_, (Q(**{f"{field}__contains": char}) for field in fields for char in CONTROLS))


def free_member_name(Member, member, name):
    others = Member.objects.filter(club_id=member.club_id).exclude(pk=member.pk)
    candidate, number = name, 1
    while others.filter(name__iexact=candidate).exists():
        number += 1
        candidate = f"{name} ({number})"
    return candidate


def clean(apps, schema_editor):
    for model_name, fields in FIELDS.items():
        names = [model_name] + ([f"Historical{model_name}"] if model_name in WITH_HISTORY else [])
        for name in names:
            model = apps.get_model("league", name)
            for row in model.objects.filter(containing(fields)):
                values = {field: PATTERN.sub("", getattr(row, field)).strip() for field in fields}
                if name == "Member":
                    values["name"] = free_member_name(model, row, values["name"])
                key = "history_id" if name.startswith("Historical") else "pk"
                model.objects.filter(**{key: getattr(row, key)}).update(**values)


class Migration(migrations.Migration):

    dependencies = [
        ("league", "0011_day_totals"),
    ]

    operations = [
        migrations.RunPython(clean, migrations.RunPython.noop),
    ]
