"""In production a static file is named by its content and kept by the browser for a year, compressed ahead of
time; a page is not kept (it changes with every game). The day board's 304s depend on the first holding."""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs in a process of its own: production settings (DEBUG unset), the files collected into a temporary folder,
# then two requests through the whole middleware stack, WhiteNoise first.
PROBE = """
import django, json
django.setup()
from django.core.management import call_command
call_command("collectstatic", interactive=False, verbosity=0)
from django.conf import settings
from django.templatetags.static import static
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
client = Client(HTTP_ACCEPT_ENCODING="gzip, br")
name = static("css/janroku.css")
asset = client.get(name)
print(json.dumps({
    "name": name,
    "status": asset.status_code,
    "cache": asset.get("Cache-Control", ""),
    "encoding": asset.get("Content-Encoding", ""),
}))
"""


def test_a_static_file_is_hashed_compressed_and_kept_for_a_year(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "DEBUG"}
    env.update(
        DJANGO_SETTINGS_MODULE="janroku.settings",
        SECRET_KEY=secrets.token_urlsafe(50),
        STATIC_ROOT=str(tmp_path / "static"),
        DATABASE_URL=f"sqlite:///{tmp_path / 'site.sqlite3'}",
        ALLOWED_HOSTS="testserver",
    )
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    assert answer["status"] == 200
    assert answer["name"].startswith("/static/css/janroku.") and answer["name"] != "/static/css/janroku.css"
    assert "max-age=315360000" in answer["cache"] and "immutable" in answer["cache"]
    assert answer["encoding"] in ("br", "gzip")
