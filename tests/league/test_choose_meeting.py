"""Choosing the meeting to enter: the open meetings a page at a time, the latest first, so that a club that never
closes its days does not make the page grow with its history; today's one open meeting still opens at once."""

import datetime

from django.test.html import parse_html
from django.urls import reverse
from django.utils import timezone

from league.models import Meeting

from .standings_html import find_all, text_of

FIRST_DAY = datetime.date(2026, 1, 5)


def open_meetings(club, count):
    rule_set = club.rule_sets.get()
    return [
        Meeting.objects.create(club=club, rule_set=rule_set, date=FIRST_DAY + datetime.timedelta(days=7 * n))
        for n in range(count)
    ]


def listed(response):
    """The entry links the page offers for its meetings, and its pager's links (rel → href) and texts."""
    page = parse_html(response.content.decode())
    choices = [node for node in find_all(page, lambda n: n.name == "ul" and classes(n) == "meeting-choices")]
    links = [dict(link.attributes)["href"] for ul in choices for link in find_all(ul, lambda n: n.name == "a")]
    pager = {
        dict(link.attributes)["rel"]: dict(link.attributes)["href"]
        for link in find_all(page, lambda n: n.name == "a" and "rel" in dict(n.attributes))
    }
    labels = [text_of(nav) for nav in find_all(page, lambda n: n.name == "nav" and classes(n) == "pages")]
    return links, pager, labels


def classes(node):
    return dict(node.attributes).get("class")


def entry_links(club, meetings):
    return [reverse("enter_game", args=[club.slug, meeting.pk]) for meeting in meetings]


def test_the_secretary_sees_the_latest_twenty_open_meetings_then_the_older(client, club, secretary):
    meetings = open_meetings(club, 25)
    client.force_login(secretary)
    url = reverse("choose_meeting", args=[club.slug])

    first = client.get(url)
    links, pager, labels = listed(first)
    assert links == entry_links(club, reversed(meetings))[:20]
    assert pager == {"next": "?page=2"}
    assert labels[0].startswith("1 / 2ページ")  # the site speaks Japanese first

    second = client.get(url + "?page=2")
    links, pager, _labels = listed(second)
    assert links == entry_links(club, reversed(meetings))[20:]
    assert pager == {"prev": "?page=1"}


def test_a_closed_meeting_is_not_offered_and_a_page_out_of_range_shows_the_last(client, club, secretary):
    meetings = open_meetings(club, 3)
    Meeting.objects.filter(pk=meetings[1].pk).update(closed=True)
    client.force_login(secretary)
    links, pager, labels = listed(client.get(reverse("choose_meeting", args=[club.slug]) + "?page=9"))
    assert links == entry_links(club, [meetings[2], meetings[0]])
    assert pager == {} and labels == []


def test_todays_one_open_meeting_opens_at_once_but_not_from_the_pager(client, club, secretary):
    open_meetings(club, 21)
    today = Meeting.objects.create(club=club, rule_set=club.rule_sets.get(), date=timezone.localdate())
    client.force_login(secretary)
    url = reverse("choose_meeting", args=[club.slug])
    assert client.get(url).url == reverse("enter_game", args=[club.slug, today.pk])
    assert client.get(url + "?page=2").status_code == 200


def test_a_member_may_not_choose_a_meeting(client, club, member):
    open_meetings(club, 1)
    client.force_login(member)
    assert client.get(reverse("choose_meeting", args=[club.slug])).status_code == 403
