"""Every page of a club, relative to ``c/<slug:slug>/`` (janroku/urls.py includes this list there).

Grouped by what the pages are about; who may open each one is in tests/league/test_roles.py,
which fails when a page here is missing from it.
"""

from django.urls import path

from .views import (
    activity,
    awards,
    board,
    club,
    club_day,
    entry,
    exports,
    games,
    import_batches,
    imports,
    invites,
    jobs,
    manage,
    manage_access,
    manage_adjustments,
    manage_people,
    manage_rules,
    meetings,
    members,
    money,
    reports,
    running,
    standings,
    standings_print,
)

club_pages = [
    path("", club.club_page, name="club"),
    path("rules/", club.club_rules, name="club_rules"),
]

# A meeting (開催日): entering its games, who is here and the seating draw, a player's report of their drawn
# table, its closing accounts and sheet, its day board; the season's money.
meeting_pages = [
    path("enter/", entry.choose_meeting, name="choose_meeting"),
    path("meetings/start/", entry.start_meeting, name="start_meeting"),
    path("meetings/<int:meeting_id>/", meetings.meeting_detail, name="meeting_detail"),
    path("meetings/<int:meeting_id>/enter/", entry.enter_game, name="enter_game"),
    path("meetings/<int:meeting_id>/preview/", entry.preview_game, name="preview_game"),
    path("meetings/<int:meeting_id>/accounts/", meetings.meeting_accounts, name="meeting_accounts"),
    path("meetings/<int:meeting_id>/attendance/", club_day.meeting_attendance, name="meeting_attendance"),
    path("meetings/<int:meeting_id>/draw/", club_day.meeting_draw, name="meeting_draw"),
    path("meetings/<int:meeting_id>/draw/<int:number>/swap/", club_day.swap_drawn_seats, name="swap_drawn_seats"),
    path("meetings/<int:meeting_id>/draw/<int:number>/redraw/", club_day.redraw_round, name="redraw_round"),
    path("meetings/<int:meeting_id>/sheet/", meetings.meeting_sheet, name="meeting_sheet"),
    path("meetings/<int:meeting_id>/summary.txt", meetings.meeting_summary, name="meeting_summary"),
    path("meetings/<int:meeting_id>/board/", board.board_page, name="day_board"),
    path("meetings/<int:meeting_id>/board/parts/", board.board_parts, name="day_board_parts"),
    path("meetings/<int:meeting_id>/close/", meetings.close_meeting, name="close_meeting"),
    path("meetings/<int:meeting_id>/reopen/", meetings.reopen_meeting, name="reopen_meeting"),
    path("meetings/<int:meeting_id>/resettle/", meetings.resettle_meeting, name="resettle_meeting"),
    path("meetings/<int:meeting_id>/report/<int:round_number>/<int:table>/", reports.report_table, name="report_table"),
    path(
        "meetings/<int:meeting_id>/report/<int:round_number>/<int:table>/preview/",
        reports.preview_report,
        name="preview_report",
    ),
    path(
        "meetings/<int:meeting_id>/reports/<int:report_id>/turn-down/",
        reports.turn_down_report,
        name="turn_down_report",
    ),
    path("money/", money.season_money_page, name="season_money"),
]

# One game (半荘): its result, correcting it, voiding and restoring it, its edit history.
game_pages = [
    path("games/<int:game_id>/", games.game_detail, name="game_detail"),
    path("games/<int:game_id>/edit/", games.edit_game, name="edit_game"),
    path("games/<int:game_id>/void/", games.void_game, name="void_game"),
    path("games/<int:game_id>/restore/", games.restore_game, name="restore_game"),
    path("games/<int:game_id>/history/", games.game_history_page, name="game_history"),
]

# The season standings (成績表) and their printable page (印刷用), the running standings, the season's titles (表彰),
# the club's records (記録), and the standings as JSON.
standings_pages = [
    path("standings/", standings.standings_page, name="standings"),
    path("standings/print/", standings_print.printable_standings, name="standings_print"),
    path("standings/running/", running.running_standings, name="running_standings"),
    path("standings/awards/", awards.awards_page, name="awards"),
    path("records/", awards.records_page, name="records"),
    path("api/standings.json", standings.standings_json, name="api_standings"),
]

# The members and each member's page, also as JSON.
member_pages = [
    path("members/", members.member_list, name="member_list"),
    path("members/<int:member_id>/", members.member_page, name="member_page"),
    path("api/members/<int:member_id>.json", members.member_json, name="api_member"),
]

# Running the club: its settings, members and guests, logins and roles, invites, seasons, adjustments, rule sets
# and their versions, and the club's activity (who did what, when).
manage_pages = [
    path("manage/", manage.overview, name="manage"),
    path("manage/members/", manage_people.manage_members, name="manage_members"),
    path("manage/members/add/", manage_people.add_member, name="add_member"),
    path("manage/members/paste/", manage_people.add_members, name="add_members"),
    path("manage/members/<int:member_id>/", manage_people.edit_member, name="edit_member"),
    path("manage/guests/<int:guest_id>/", manage_people.guest_to_member, name="guest_to_member"),
    path("manage/guests/<int:guest_id>/merge/", manage_people.merge_guest, name="merge_guest"),
    path("manage/settings/", manage.club_settings, name="club_settings"),
    path("manage/logins/", manage_people.manage_logins, name="manage_logins"),
    path("manage/logins/<int:membership_id>/", manage_people.edit_login, name="edit_login"),
    path("manage/logins/<int:membership_id>/remove/", manage_people.remove_login, name="remove_login"),
    path("manage/logins/<int:membership_id>/password-link/", manage_access.password_link, name="password_link"),
    path("manage/logins/<int:membership_id>/unlock/", manage_access.lift_lockout, name="lift_lockout"),
    path("manage/invites/add/", invites.make_invite, name="make_invite"),
    path("manage/invites/<int:invite_id>/", invites.invite_detail, name="invite_detail"),
    path("manage/invites/<int:invite_id>/withdraw/", invites.withdraw_invite, name="withdraw_invite"),
    path("manage/seasons/", manage_people.manage_seasons, name="manage_seasons"),
    path("manage/seasons/add/", manage_people.add_season, name="add_season"),
    path("manage/seasons/<int:season_id>/", manage_people.edit_season, name="edit_season"),
    path("manage/adjustments/", manage_adjustments.adjustments, name="adjustments"),
    path("manage/adjustments/add/", manage_adjustments.add_adjustment, name="add_adjustment"),
    path(
        "manage/adjustments/<int:adjustment_id>/delete/", manage_adjustments.delete_adjustment, name="delete_adjustment"
    ),
    path("manage/rules/", manage_rules.rules, name="manage_rules"),
    path("manage/rules/add/", manage_rules.add_rule_set_page, name="add_rule_set"),
    path("manage/rules/<int:rule_set_id>/edit/", manage_rules.edit_rule_set, name="edit_rule_set"),
    path("manage/rules/<int:rule_set_id>/new/", manage_rules.new_rule_version, name="new_rule_version"),
    path("manage/rules/<int:rule_set_id>/recompute/", manage_rules.recompute_rules, name="recompute_rules"),
    path("manage/activity/", activity.activity_page, name="club_activity"),
]

# Importing old results: the blank templates, then upload or paste, preview and save; then what an import
# brought in, and undoing it.
import_pages = [
    path("import/", imports.start_import, name="import_results"),
    path("import/template.xlsx", imports.template_xlsx, name="import_template_xlsx"),
    path("import/template.csv", imports.template_csv_file, name="import_template_csv"),
    path("import/batches/<int:batch_id>/", import_batches.import_batch, name="import_batch"),
    path("import/batches/<int:batch_id>/undo/", import_batches.undo_import_batch, name="undo_import"),
    path("import/<slug:token>/", imports.preview_import, name="import_preview"),
    path("import/<slug:token>/columns/", imports.import_columns, name="import_columns"),
]

# The season workbook and the results CSV.
export_pages = [
    path("export/", exports.export_page, name="export"),
    path("export/season.xlsx", exports.season_workbook, name="export_xlsx"),
    path("export/results.csv", exports.results_csv, name="export_csv"),
    # Work done in the background (a large import, a recompute, the workbook): its page, then its file
    path("jobs/<str:job_id>/", jobs.job_page, name="job"),
    path("jobs/<str:job_id>/download", jobs.job_download, name="job_download"),
]

urlpatterns = (
    club_pages
    + meeting_pages
    + game_pages
    + standings_pages
    + member_pages
    + manage_pages
    + import_pages
    + export_pages
)
