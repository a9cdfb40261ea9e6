"""Japanese dates: 2026/11/21(土), the way a club's notice writes a meeting day; 11/21 in a column heading."""

DATE_FORMAT = "Y/m/d(D)"
SHORT_DATE_FORMAT = DATE_FORMAT
DATETIME_FORMAT = "Y/m/d(D) H:i"
SHORT_DATETIME_FORMAT = DATETIME_FORMAT
MONTH_DAY_FORMAT = "n/j"
YEAR_MONTH_FORMAT = "Y年n月"
