from .clubs import AwardTitle, Club, RuleSet
from .day_pairs import DayPair, SeasonPair
from .day_totals import DayTotal, DayTotalLine
from .draws import SITTING_OUT, DrawnRound, DrawnSeat, ReportedResult
from .games import POINT_PARTS, Adjustment, Game, GameSeat, Yakuman
from .imports import ImportBatch
from .invites import Invite
from .kept_months import KeptMonth, KeptMonthLine
from .meeting_lines import MeetingLine
from .meeting_people import Attendance, KeptLine
from .meetings import Meeting, Settlement
from .member_months import MemberMonthFigures, MemberMonthOpponent
from .people import Member, Membership, Role
from .record_lines import AllTimeLine, MemberDayRecord, MemberMonthRecord
from .rule_versions import RuleVersion
from .seasons import Season

__all__ = [
    "POINT_PARTS",
    "SITTING_OUT",
    "Adjustment",
    "AllTimeLine",
    "Attendance",
    "AwardTitle",
    "Club",
    "DayPair",
    "DayTotal",
    "DayTotalLine",
    "DrawnRound",
    "DrawnSeat",
    "Game",
    "GameSeat",
    "ImportBatch",
    "Invite",
    "KeptLine",
    "KeptMonth",
    "KeptMonthLine",
    "Meeting",
    "MeetingLine",
    "Member",
    "MemberDayRecord",
    "MemberMonthFigures",
    "MemberMonthOpponent",
    "MemberMonthRecord",
    "Membership",
    "ReportedResult",
    "Role",
    "RuleSet",
    "RuleVersion",
    "Season",
    "SeasonPair",
    "Settlement",
    "Yakuman",
]
