"""The SQL floor of the page benchmark: the minimal raw SQL that fetches the data a page shows, from the seats.

For the standings, their JSON and the club page: the season's seats grouped by member (count, points, places, best,
worst, scores, busts, chips); for the running standings, that and the seats' points by member and meeting; for the
member page and JSON, that (the rank), the member's seats in order, the opponents' seats grouped by opponent with the
member's seat of the same game, and every seat of a page of games (30; 100 in the JSON); for the member list, the
season's seats counted by member; for a meeting, its sheet and summary, the day board and its parts, the meeting's
games with their seats; for a game and its history, its seats.  The floors stay over the seats though the pages
read the stored meeting lines: a page under its floor is what the lines save.  A page without one has none printed.
"""

SEATS = (
    "FROM league_gameseat s JOIN league_game g ON g.id = s.game_id JOIN league_meeting m ON m.id = g.meeting_id "
    "WHERE m.rule_set_id = %(rule_set)s AND m.date >= %(first)s AND m.date <= %(last)s AND NOT g.void"
)
PLACES = ", ".join(f"SUM(CASE WHEN s.place = {p} THEN 1 ELSE 0 END)" for p in range(1, 5))
STANDINGS_SQL = (
    f"SELECT s.member_id, COUNT(*), SUM(s.total), {PLACES}, MAX(s.total), MIN(s.total), SUM(s.score), "
    f"COUNT(s.score), SUM(CASE WHEN s.score < 0 THEN 1 ELSE 0 END), SUM(s.chips), MAX(m.date) "
    f"{SEATS} GROUP BY s.member_id"
)
# A member's page: their own seats in order; the opponents grouped with the member's seat of the same game;
# every seat of a page of the latest games (30 on the page, 100 in the JSON).
MEMBER_SQL = [
    f'SELECT s.game_id, s.seat, s.place, s.total, m.date, g.round, g."table" {SEATS} AND s.member_id = %(member)s '
    f'ORDER BY m.date, g.meeting_id, g.round, g."table", s.game_id',
    "SELECT o.member_id, COUNT(*), SUM(s.total), SUM(o.total), SUM(CASE WHEN s.place < o.place THEN 1 ELSE 0 END), "
    "SUM(CASE WHEN s.place > o.place THEN 1 ELSE 0 END) "
    + SEATS.replace(" WHERE ", " JOIN league_gameseat o ON o.game_id = s.game_id AND o.member_id <> s.member_id WHERE ")
    + " AND s.member_id = %(member)s GROUP BY o.member_id",
]
MEMBER_PAGE_SQL = (
    "SELECT p.game_id, p.seat, p.member_id, p.score, p.chips, p.place, p.base, p.oka, p.uma, p.bust, "
    "p.chip_points, p.shugi, p.chombo, p.total FROM league_gameseat p WHERE p.game_id IN "
    f"(SELECT s.game_id {SEATS.replace('%', '%%')} AND s.member_id = %%(member)s "
    'ORDER BY m.date DESC, g.meeting_id DESC, g.round DESC, g."table" DESC LIMIT %d) '
    "ORDER BY p.game_id, p.seat"
)
# The minimal SQL fetching the data each page shows.  The
# standings' floors stay the aggregate over the seats although the pages now read the stored meeting lines: the
# ratio then says what the stored lines save against computing the same figures from the seats on each request.
FLOORS = {
    "standings": [STANDINGS_SQL],
    "running": [
        STANDINGS_SQL,
        f"SELECT s.member_id, m.id, m.date, SUM(s.total) {SEATS} GROUP BY s.member_id, m.id, m.date",
    ],
    "member": [STANDINGS_SQL, *MEMBER_SQL, MEMBER_PAGE_SQL % 30],
    "member_json": [STANDINGS_SQL, *MEMBER_SQL, MEMBER_PAGE_SQL % 100],
    "member_list": [
        "SELECT s.member_id, COUNT(*) FROM league_gameseat s JOIN league_game g ON g.id = s.game_id "
        "JOIN league_meeting m ON m.id = g.meeting_id WHERE m.club_id = %(club)s "
        "AND m.date >= %(first)s AND m.date <= %(last)s AND NOT g.void GROUP BY s.member_id"
    ],
    "meeting": [
        'SELECT g.id, g.round, g."table", s.seat, s.member_id, s.score, s.place, s.total '
        "FROM league_game g JOIN league_gameseat s ON s.game_id = g.id WHERE g.meeting_id = %(meeting)s "
        'ORDER BY g.round, g."table", s.seat'
    ],
    "game": [
        "SELECT s.seat, s.member_id, s.score, s.place, s.base, s.oka, s.uma, s.bust, s.chip_points, s.shugi, "
        "s.chombo, s.total FROM league_gameseat s WHERE s.game_id = %(game)s ORDER BY s.seat"
    ],
}


# Which floor each page (by its URL's name) is measured against.
FLOOR_OF = {
    "club": "standings",
    "standings": "standings",
    "api_standings": "standings",
    "running_standings": "running",
    "member_page": "member",
    "api_member": "member_json",
    "member_list": "member_list",
    "meeting_detail": "meeting",
    "meeting_sheet": "meeting",
    "meeting_summary": "meeting",
    "day_board": "meeting",
    "day_board_parts": "meeting",
    "game_detail": "game",
    "game_history": "game",
}


def floor_runner(route, params):
    """A function running the floor's statements for the page of ``route`` (every row fetched); None without one."""
    from django.db import connection

    floor = FLOOR_OF.get(route)
    if floor is None:
        return None

    def run():
        with connection.cursor() as cursor:
            for sql in FLOORS[floor]:
                cursor.execute(sql, params)
                cursor.fetchall()

    return run


def floor_params(club, ids, season):
    return {
        "rule_set": ids["rule_set_id"],
        "first": season.starts_on,
        "last": season.ends_on,
        "member": ids["member_id"],
        "club": club.pk,
        "meeting": ids["meeting_id"],
        "game": ids["game_id"],
    }
