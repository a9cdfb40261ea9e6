"""The site's URL map walked once, for what reads every page of it (the page crawl, the page benchmark)."""

from collections.abc import Iterator


def routes() -> list[tuple[str, set[str], str]]:
    """Every named URL: its name with its namespace, the arguments it takes, its pattern as written."""
    from django.urls import URLResolver, get_resolver

    def walk(patterns, prefix: str, namespace: str, arguments: set[str]) -> Iterator[tuple[str, set[str], str]]:
        for pattern in patterns:
            taken = arguments | set(pattern.pattern.converters)
            if isinstance(pattern, URLResolver):
                inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
                yield from walk(pattern.url_patterns, prefix + str(pattern.pattern), inner, taken)
            elif pattern.name:
                yield namespace + pattern.name, taken, prefix + str(pattern.pattern)

    return list(walk(get_resolver().url_patterns, "", "", set()))
