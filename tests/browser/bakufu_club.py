"""爆風の会 as the browser tests set it up (the ``bakufu`` fixture in conftest.py): its four players and the
secretary's login."""

PLAYERS = [("東田一郎", "ひがしだいちろう"), ("南野二郎", "みなみのじろう"), ("西川三郎", "にしかわさぶろう"),
           ("北村四郎", "きたむらしろう")]
SECRETARY = ("kanji", "table-side-secret")  # username, password


def log_in(page, base):
    """Log the secretary in on ``page``; a login with one club lands on it."""
    page.goto(base + "/login/")
    page.fill("#id_username", SECRETARY[0])
    page.fill("#id_password", SECRETARY[1])
    page.locator("main button[type=submit]").click()
    page.wait_for_url(base + "/c/bakufu/")
