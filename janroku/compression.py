"""Pages, JSON and CSV sent compressed when the browser accepts it; files that are compressed already are not.

A member's phone in a basement 雀荘 feels every kilobyte: a standings page of 100 KB gzips to about 10 KB.
Django's ``GZipMiddleware`` does the work, with its BREACH mitigation (random bytes in each gzip header,
"Heal The Breach"; and the CSRF token is masked afresh on every page), see docs/security.md.  Only text
is compressed here: an xlsx or PDF download is a zip or a compressed stream already, and gzipping it again
spends the server's time for nothing.  Static files are not seen here: WhiteNoise, before this middleware,
serves them with their own compressed copies and a year's cache.
"""

from django.middleware.gzip import GZipMiddleware

COMPRESSED_TYPES = ("text/html", "text/csv", "text/plain", "application/json")


class CompressText(GZipMiddleware):
    def process_response(self, request, response):
        content_type = response.get("Content-Type", "").partition(";")[0].strip().lower()
        if content_type not in COMPRESSED_TYPES:
            return response
        return super().process_response(request, response)
