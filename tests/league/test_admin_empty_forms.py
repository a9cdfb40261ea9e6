"""The site admin cannot raise a server error by sending an empty add form (or a change form emptied)."""

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model


@pytest.fixture
def site_admin(db):
    return get_user_model().objects.create_superuser("kanri", "kanri@example.jp", "a long admin password")


def add_urls():
    """The add page of every model registered in the admin that may be added to."""
    for model, model_admin in admin.site._registry.items():
        meta = model._meta
        yield f"/admin/{meta.app_label}/{meta.model_name}/add/", model_admin


@pytest.mark.parametrize("url", [url for url, _ in add_urls()])
def test_an_empty_add_form_is_refused_with_messages(client, site_admin, url):
    client.force_login(site_admin)
    shown = client.get(url)
    if shown.status_code == 403:  # a read-only model: nothing can be added, so nothing can be sent
        assert client.post(url, {}).status_code == 403
        return
    assert shown.status_code == 200, url
    sent = client.post(url, {})
    assert sent.status_code == 200, (url, sent.status_code)
    assert sent.context["adminform"].form.errors or sent.context["errors"], url


@pytest.mark.parametrize("url", [url for url, _ in add_urls()])
def test_an_empty_add_form_with_empty_inlines_is_refused(client, site_admin, url):
    """The form as the browser sends it when nothing is typed: the inlines' management forms with no rows."""
    client.force_login(site_admin)
    shown = client.get(url)
    if shown.status_code == 403:
        return
    data = {}
    for formset in shown.context["inline_admin_formsets"]:
        prefix = formset.formset.prefix
        data.update(
            {
                f"{prefix}-TOTAL_FORMS": "0",
                f"{prefix}-INITIAL_FORMS": "0",
                f"{prefix}-MIN_NUM_FORMS": "0",
                f"{prefix}-MAX_NUM_FORMS": "1000",
            }
        )
    sent = client.post(url, data)
    assert sent.status_code == 200, (url, sent.status_code)
