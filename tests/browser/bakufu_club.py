"""爆風の会 as the browser tests set it up (the ``bakufu`` and ``bakufu_meeting`` fixtures in conftest.py): its
players and the secretary's login."""

PLAYERS = [
    ("東田一郎", "ひがしだいちろう"),
    ("南野二郎", "みなみのじろう"),
    ("西川三郎", "にしかわさぶろう"),
    ("北村四郎", "きたむらしろう"),
]
SECRETARY = ("kanji", "table-side-secret")  # username, password
# The members of ``bakufu_meeting`` (conftest.py): two start with 福, for the entry's suggestions.
MEMBERS = [
    ("福田 太郎", "ふくだ たろう"),
    ("南野二郎", "みなみのじろう"),
    ("西川三郎", "にしかわさぶろう"),
    ("北村四郎", "きたむらしろう"),
    ("福山雅子", "ふくやま まさこ"),
]


def log_in(page, base):
    """Log the secretary in on ``page``; a login with one club lands on it."""
    page.goto(base + "/login/")
    page.fill("#id_username", SECRETARY[0])
    page.fill("#id_password", SECRETARY[1])
    page.locator("main button[type=submit]").click()
    page.wait_for_url(base + "/c/bakufu/")
