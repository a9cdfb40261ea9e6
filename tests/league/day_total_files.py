"""Day-total sheets for the tests: a 集計表 with one row per day and table and a 半荘数 column, as clubs keep it."""

from league.imports.commit import commit

from .import_files import plan_of
from .layout_files import cp932_csv, wide_workbook

MEMBERS = ["東田一郎", "南野二郎", "西川三郎", "北村四郎", "中島五郎"]
DAY_HEADER = ("日付", "卓", "半荘数")
# Two days of one table each: four players' points over 4 hanchan, then over 3 (each row adds up to 0).
DAY_ROWS = [
    ["2026-11-21", 1, 4, 45.3, -12, None, -8.3, -25],
    ["2026-11-28", 1, 3, None, 20, 15.5, -10.5, -25],
]
TOTALS = [45.3, 8, 15.5, -18.8, -50]
COUNTS = [4, 7, 3, 7, 7]


def day_workbook(rows=DAY_ROWS, totals=TOTALS, counts=COUNTS, header_start=DAY_HEADER):
    return wide_workbook(rows, MEMBERS, totals=totals, counts=counts, header_start=header_start)


def day_csv(rows=DAY_ROWS):
    """The same sheet as Japanese Excel saves a CSV (cp932), with the date written once per day as 11/21."""
    return cp932_csv(
        [["2026/" + row[0][5:].replace("-", "/"), *["" if cell is None else cell for cell in row[1:]]] for row in rows],
        [*DAY_HEADER, *MEMBERS],
    )


def import_days(club, user, data=None, name="days.xlsx"):
    plan = plan_of(club, data or day_workbook(), name=name)
    assert not plan.problems, [problem.message for problem in plan.problems]
    return commit(plan, user=user)
