"""Janroku settings: everything that differs between machines comes from the environment.

With no environment at all, the site runs in production mode (DEBUG off: the
error pages people see, hashed static files from ``collectstatic``) on an
SQLite file in the project folder, answering 127.0.0.1.  ``bin/start`` turns
development mode on for itself (DEBUG=true); the test suite runs in production
mode.  Production also sets SECRET_KEY, ALLOWED_HOSTS and DATABASE_URL
(PostgreSQL); see docs/hosting.md.
"""

from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env", overwrite=False) if (BASE_DIR / ".env").exists() else None

DEBUG = env.bool("DEBUG", default=False)
DEVELOPMENT_KEY = "janroku-development-only-not-secret"
SECRET_KEY = env.str("SECRET_KEY", default=DEVELOPMENT_KEY)
# Fail closed: a production site signing sessions and password links with a known or guessable key
# would let anyone forge them, so it refuses to start instead.
if not DEBUG and (SECRET_KEY == DEVELOPMENT_KEY or len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5):
    raise ImproperlyConfigured(
        "SECRET_KEY must be set to a long random string (50 characters or more) when DEBUG is off. Make one with\n"
        "  python3 -c 'import secrets; print(secrets.token_urlsafe(50))'\n"
        "and put it in the environment or the .env file (docs/hosting.md). For development, set DEBUG=true."
    )
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "simple_history",
    "axes",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "django_tables2",
    "league",
]

MIDDLEWARE = [
    "janroku.request_log.RequestId",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "janroku.compression.CompressText",  # after WhiteNoise (static files come compressed), before all else
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "janroku.maintenance.MaintenanceMode",  # before any view writes: refuses writes in maintenance mode
    "simple_history.middleware.HistoryRequestMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "axes.middleware.AxesMiddleware",
    "janroku.error_pages.NotAllowedPage",
]

ROOT_URLCONF = "janroku.urls"
WSGI_APPLICATION = "janroku.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
            "builtins": ["league.templatetags.points"],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets members read while a secretary writes; IMMEDIATE takes the write
    # lock at the start of a transaction, so two saves queue instead of failing.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
else:
    DATABASES["default"].setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # No just-in-time compiling: the site's statements are short, and PostgreSQL's estimate of a big one
        # (a club's stored lines rebuilt by a recompute) set it compiling for 0.4 s of a 1.1 s statement
        # (docs/performance.md).
        options = DATABASES["default"].setdefault("OPTIONS", {})
        options["options"] = f"{options.get('options', '')} -c jit=off".strip()
        # Off unless asked for: parameters bound by the server, and a statement a connection has run this many
        # times prepared there.  A save plans its 47 statements once a connection (p50 98-114 → 81-84 ms on a slow
        # machine), but the awards page at 20,000 games went from 83-114 to 167-214 ms (docs/performance.md).
        prepare = env.int("DATABASE_PREPARE_THRESHOLD", default=0)
        if prepare > 0:
            options.setdefault("server_side_binding", True)
            options.setdefault("prepare_threshold", prepare)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # locks out repeated failed logins
    "django.contrib.auth.backends.ModelBackend",
]
# Failed logins are counted per login name (whatever the address: one guesser with many addresses) and per
# address (whatever the name: one address trying many logins); either reaching the limit locks.  A lockout
# always ends: after the cool-off, counted from the last failure before it (failures during a lockout do not
# extend it), or sooner when an owner lifts it from the logins page.  See docs/hosting.md, "Logins".
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=8)
AXES_COOLOFF_TIME = env.float("AXES_COOLOFF_HOURS", default=1)  # hours
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "janroku.client_address.client_address"
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False

# Everything is served from the site itself: no CDN, no inline script.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    },
}

# Work that must not hold a web request (a large import, a recompute, the season workbook) runs as a background
# task: queued in the database, run by `manage.py db_worker` beside the site (bin/start; docs/hosting.md).
TASKS = {"default": {"BACKEND": env.str("TASKS_BACKEND", default="django_tasks_db.DatabaseBackend")}}
# The site's state shared by its processes (maintenance mode, requests seen, writes in flight) and the
# results of background work (janroku/site_state.py, league/jobs/); empty: beside the database.
SITE_STATE_DIR = env.str("SITE_STATE_DIR", default="")

# A pasted season of results is larger than Django's 2.5 MB default.
DATA_UPLOAD_MAX_MEMORY_SIZE = 6 * 1024 * 1024

CSRF_FAILURE_VIEW = "janroku.error_pages.csrf_failure"

LOGIN_URL = "login"
# Who may create a club (docs/hosting.md, "Sign-up and new clubs"): "open", anyone logged in; "approved", only
# logins the operator gave the permission league.add_club in the admin (and superusers).
CLUB_CREATION = env.str("CLUB_CREATION", default="open").strip().lower()
if CLUB_CREATION not in ("open", "approved"):
    raise ImproperlyConfigured(f"CLUB_CREATION must be 'open' or 'approved', not {CLUB_CREATION!r}.")
# Sign-ups per client address (janroku/client_address.py) and hour: new logins, and tries of the form (which
# says when a login name is taken, so tries are counted too).  Counted in the cache (CACHE_URL).
SIGNUP_LIMIT = env.int("SIGNUP_LIMIT", default=5)
SIGNUP_TRY_LIMIT = env.int("SIGNUP_TRY_LIMIT", default=30)
# Each server process keeps its own counts unless this names a shared cache, e.g. dbcache://janroku_cache
# (after `manage.py createcachetable`), so that the sign-up limit holds across gunicorn's workers.
CACHES = {"default": env.cache("CACHE_URL", default="locmemcache://")}
# A one-time link to set a new password (an owner makes it for a member) works once, for three days.
PASSWORD_RESET_TIMEOUT = env.int("PASSWORD_RESET_TIMEOUT", default=3 * 24 * 3600)
LOGIN_REDIRECT_URL = "landing"  # the login's own club, or the list of clubs (league/views/home.py)
LOGOUT_REDIRECT_URL = "home"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Japanese first: unprefixed URLs are Japanese, /en/ is English.
LANGUAGE_CODE = "ja"
LANGUAGES = [("ja", _("Japanese")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# One date style per language: 2026/11/21(土) and Sat 21 Nov 2026 (janroku/formats/).
FORMAT_MODULE_PATH = ["janroku.formats"]
USE_I18N = True
TIME_ZONE = env.str("TIME_ZONE", default="Asia/Tokyo")
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = env.path("STATIC_ROOT", default=BASE_DIR / "staticfiles")  # where collectstatic writes
# What browsers ask for at the site's root whatever a page says: /favicon.ico, /apple-touch-icon.png.
WHITENOISE_ROOT = BASE_DIR / "janroku" / "site_root"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        ),
    },
}

# The number of proxies in front of the site that append to X-Forwarded-For (nginx or Caddy: 1).  The client's
# address is read that many entries from the right (janroku/client_address.py); 0 uses the connection's.
TRUSTED_PROXIES = env.int("TRUSTED_PROXIES", default=0)

if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = env.bool("SECURE_COOKIES", default=True)
    CSRF_COOKIE_SECURE = env.bool("SECURE_COOKIES", default=True)
    SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=False)
    SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=False)
    SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)

# Email only when a server is configured: an owner's password link is then also sent to the member's address.
EMAIL_HOST = env.str("EMAIL_HOST", default="")
EMAIL_PORT = env.int("EMAIL_PORT", default=587)
EMAIL_HOST_USER = env.str("EMAIL_HOST_USER", default="")
EMAIL_HOST_PASSWORD = env.str("EMAIL_HOST_PASSWORD", default="")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=True)
DEFAULT_FROM_EMAIL = env.str("DEFAULT_FROM_EMAIL", default="janroku@localhost")

# One line for a refused or missing page (403, 404), the traceback for an error (500); every line from a
# request carries its id (janroku/request_log.py), which the 500 page shows and the response header repeats.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_id": {"()": "janroku.request_log.AddRequestId"},
        "client_errors_in_one_line": {"()": "janroku.request_log.ClientErrorsInOneLine"},
    },
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "plain",
            "filters": ["request_id", "client_errors_in_one_line"],
        },
    },
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
}
