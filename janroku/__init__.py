"""The Django project: settings, the root URL conf and the WSGI entry point. The site itself is the ``league`` app."""
