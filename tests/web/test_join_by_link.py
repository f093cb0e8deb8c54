"""The lobby's "Join by link" takes a table's address as well as an invitation: its path
(``/table/<id>``) or the whole address opens that table; anything else is refused in words."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from tests.web.live import open_new_table, serve


@pytest.fixture(scope="module")
def link_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "join-by-link", ai_delay=0.01)


def paste(page: Page, server: str, text: str) -> None:
    page.goto(server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.fill("#join-link", text)
    page.click("#join-form button[type=submit]")


@pytest.mark.parametrize("form", ["path", "address", "bare"])
def test_a_pasted_table_address_opens_that_table(page: Page, link_server: str, form: str) -> None:
    table = open_new_table(page, link_server, "ghost-stories", 1)
    path = f"/table/{table}"
    text = {"path": path, "address": f"{link_server.rstrip('/')}{path}", "bare": path.lstrip("/")}[form]
    paste(page, link_server, text)
    page.wait_for_url(f"**{path}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#game-title")).to_have_text("Ghost Stories")


def test_text_that_is_no_link_is_refused_in_words(page: Page, link_server: str) -> None:
    paste(page, link_server, "/lobby/nothing")
    expect(page.locator("#notice")).to_contain_text("neither an invitation link nor a table's address")
    assert page.url.rstrip("/") == link_server.rstrip("/")
