"""bin/start prints where the site serves, read from PORT as runserver reads it (janroku/serve_address.py)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from janroku.serve_address import served, starting_lines

ROOT = Path(__file__).resolve().parent.parent
LOCAL = ["127.0.0.1", "localhost"]


@pytest.mark.parametrize(
    ("addrport", "url", "everywhere"),
    [
        ("127.0.0.1:8000", "http://127.0.0.1:8000/", False),
        ("8080", "http://127.0.0.1:8080/", False),  # a port alone: runserver's own address
        ("0.0.0.0:8080", "http://127.0.0.1:8080/", True),
        ("0:9000", "http://127.0.0.1:9000/", True),
        ("[::]:8002", "http://[::1]:8002/", True),
        ("[::1]:8001", "http://[::1]:8001/", False),
        ("localhost:8003", "http://localhost:8003/", False),
    ],
)
def test_the_address_is_read_as_runserver_reads_it(addrport, url, everywhere):
    where = served(addrport)
    assert (where.url, where.everywhere) == (url, everywhere)


@pytest.mark.parametrize("addrport", ["", "abc", "8080:0.0.0.0", "http://127.0.0.1:8000/"])
def test_what_runserver_would_refuse_is_refused(addrport):
    with pytest.raises(ValueError, match="is not a port or an address and port"):
        served(addrport)


def test_listening_everywhere_says_how_other_devices_reach_it():
    lines = starting_lines("0.0.0.0:8080", LOCAL).splitlines()
    assert lines[0] == "Janroku is starting on http://127.0.0.1:8080/  (English: http://127.0.0.1:8080/en/)"
    assert "network address, port 8080, once ALLOWED_HOSTS names it" in lines[1] and len(lines) == 2


def test_a_host_the_settings_do_not_allow_is_pointed_out():
    assert "ALLOWED_HOSTS" not in starting_lines("localhost:8003", LOCAL)
    assert "does not name example.jp: the site answers 400" in starting_lines("example.jp:8000", LOCAL)


def test_bin_start_prints_and_serves_the_same_address():
    env = {**{key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}, "DEBUG": "true"}
    printed = subprocess.run(
        [sys.executable, "-m", "janroku.serve_address", "0.0.0.0:8080"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert printed.startswith("Janroku is starting on http://127.0.0.1:8080/")
    start = (ROOT / "bin" / "start").read_text()
    assert 'address="${PORT:-127.0.0.1:8000}"' in start
    assert '-m janroku.serve_address "$address"' in start and start.rstrip().endswith('runserver "$address"')
    refused = subprocess.run(
        [sys.executable, "-m", "janroku.serve_address", "abc"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert refused.returncode == 2 and "PORT='abc' is not a port" in refused.stderr
