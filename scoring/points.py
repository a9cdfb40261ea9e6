"""Points (P) as integer tenths, exactly.

A point is 1,000 tenbō; the engine works in tenths of a point (100 tenbō) so
that every figure is an integer.  Rules JSON writes points as JSON numbers
with at most one decimal place (20, -10, 2.5); they are read through their
decimal text, never through binary floating point arithmetic.
"""

from decimal import Decimal, InvalidOperation

TENTH = Decimal("0.1")


def tenths_from_points(value: object) -> int | None:
    """Return ``value`` (int, Decimal, or a float such as 2.5) in tenths, or None.

    None means the value is not a number with at most one decimal place.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        return None
    if isinstance(value, int):
        return value * 10
    try:
        exact = Decimal(repr(value)) if isinstance(value, float) else value
        if not exact.is_finite():
            return None
        tenths = exact * 10
    except (InvalidOperation, ValueError):
        return None
    if tenths != tenths.to_integral_value():
        return None
    return int(tenths)


def points_from_tenths(tenths: int) -> Decimal:
    """The Decimal with one place for an integer count of tenths: 453 -> 45.3."""
    return (Decimal(tenths) / 10).quantize(TENTH)


def json_points(tenths: int) -> int | float:
    """Points as a plain JSON number: an int when whole, else one decimal."""
    if tenths % 10 == 0:
        return tenths // 10
    return float(points_from_tenths(tenths))
