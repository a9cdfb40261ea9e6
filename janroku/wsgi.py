"""The WSGI application a production server runs (``gunicorn janroku.wsgi``, see docs/hosting.md)."""

import os

from django.core.wsgi import get_wsgi_application

from janroku.startup import settle_heap

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "janroku.settings")
application = get_wsgi_application()
settle_heap()
