"""The web app manifest: what a phone needs to put the site on its home screen and open it full-screen.

One manifest per language (``/manifest.webmanifest``, ``/en/manifest.webmanifest``): the name and the page the
icon opens follow the language the person was reading when they added it.  The icons live in the static files;
``/favicon.ico`` and ``/apple-touch-icon.png``, which browsers ask for at the root whatever the page says, are
served from ``janroku/site_root/`` (``WHITENOISE_ROOT``).  ``bin/make_icons`` draws them all.
"""

from django.http import HttpRequest, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

THEME_COLOR = "#1b5e3b"  # the felt of the icon; base.html's theme-color says the same
BACKGROUND_COLOR = "#ffffff"  # the page's own background, shown while the site opens
ICONS = [
    ("icons/janroku-192.png", "192x192", "any"),
    ("icons/janroku-512.png", "512x512", "any"),
    ("icons/janroku-maskable-512.png", "512x512", "maskable"),
]


def manifest(request: HttpRequest) -> JsonResponse:
    data = {
        "id": "/",
        "name": _("Janroku"),
        "short_name": _("Janroku"),
        "description": _("Janroku keeps mahjong club leagues by each club's own rules."),
        "lang": get_language(),
        "dir": "ltr",
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [
            {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False})
