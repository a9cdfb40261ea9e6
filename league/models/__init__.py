from .clubs import Club, RuleSet, RuleVersion
from .day_totals import DayTotal, DayTotalLine
from .games import POINT_PARTS, Adjustment, Game, GameSeat, Yakuman
from .imports import ImportBatch
from .meetings import Attendance, Meeting, Settlement
from .people import Member, Membership, Role
from .seasons import Season

__all__ = [
    "POINT_PARTS", "Adjustment", "Attendance", "Club", "DayTotal", "DayTotalLine", "Game", "GameSeat", "ImportBatch",
    "Meeting", "Member", "Membership", "Role", "RuleSet", "RuleVersion", "Season", "Settlement", "Yakuman",
]
