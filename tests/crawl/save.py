"""``save DIR``: the site built afresh (day.py), then every page read (pages.py) and saved (answers.py)."""

import shutil
import sys
import tempfile
import time
from pathlib import Path

from .answers import answer_text, own_links
from .day import CLUB, RUN_BY, SITE_ADMIN, VISITORS, Driver, build_site, model, play_a_day, ready_to_read
from .pages import NO_TOKEN, Page, admin_pages, club_pages, site_pages
from .pinning import pin_everything, start_django

LANGUAGES = {"ja": "", "en": "/en"}  # unprefixed addresses are Japanese


def crawl(driver, out, pages_for):
    """Every page of ``pages_for(visitor)`` read by each visitor in each language it is for, saved in ``out``;
    returns the lines of pages.tsv."""
    index = []
    for who in VISITORS:
        started, count = time.monotonic(), 0
        for language, prefix in LANGUAGES.items():
            done, queue = set(), list(pages_for(who))
            while queue:
                page = queue.pop(0)
                if page.file in done or who not in (page.visitors or VISITORS):
                    continue
                if language not in (page.languages or LANGUAGES):
                    continue
                done.add(page.file)
                response = driver.get(who, prefix + page.url, key=f"{language} {page.file}")
                text = answer_text(prefix + page.shown, response, driver.work)
                saved = Path(language, who, f"{page.file}.txt")
                (out / saved).parent.mkdir(parents=True, exist_ok=True)
                (out / saved).write_text(text, encoding="utf-8")
                index.append(f"{language}\t{who}\t{response.status_code}\t{prefix + page.shown}\t{saved}")
                count += 1
                if page.links and response.status_code == 200 and "text/html" in response.get("Content-Type", ""):
                    queue[:0] = own_links(page, text)
                if page.then and response.status_code == 302:
                    where = response["Location"].removeprefix(prefix)
                    queue.insert(0, Page(f"{page.file}.then", where))
        print(f"{who}: {count} pages in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return index


def save(out):
    """Build the site in a temporary folder and save every page into ``out`` (emptied first if a save)."""
    if out.exists() and any(out.iterdir()):
        if not (out / "pages.tsv").exists():
            raise SystemExit(f"{out} is not empty and holds no save: not touching it")
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="janroku-crawl-"))
    try:
        pin_everything(work)
        start_django()
        playing = Driver(work)
        build_site(playing)
        day = play_a_day(playing)
        reading = Driver(work)  # fresh sessions: no message of the day left to show
        tokens = ready_to_read(reading, day)
        clubs = list(model("Club").objects.order_by("pk"))
        site, admin = site_pages(day), admin_pages()
        by_token = {
            token: [p for c in clubs for p in club_pages(c, day, token)] for token in {*tokens.values(), NO_TOKEN}
        }

        def pages_for(who):
            if who == SITE_ADMIN:
                return site + admin
            return site + by_token[tokens.get(who, NO_TOKEN)] + admin

        index = crawl(reading, out, pages_for)
        (out / "setup.txt").write_text("\n".join(playing.log + reading.log) + "\n", encoding="utf-8")
        (out / "pages.tsv").write_text("\n".join(index) + "\n", encoding="utf-8")
        errors = [line.split("\t")[4] for line in index if line.split("\t")[2].startswith("5")]
        print(
            f"{len(index)} pages saved in {out} ({CLUB} whole; imports waiting for {', '.join(RUN_BY)})",
            file=sys.stderr,
        )
        for saved in errors:  # a server error is saved like any page, and said here
            print(f"server error: {saved}", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
