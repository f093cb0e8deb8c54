"""Every English text has its Chinese text: the shell's (lobby and table page) and each table
module's (Ghost Stories, Run, Ghost, Run!, the Old House), read in the browser as the pages load
them, and every ghost of Ghost Stories has a Chinese name in its data file."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from ghosttable.games.ghost_stories.cards import load_data
from tests.web.live import serve

MODULES = ("ghost-stories", "run-ghost-run", "old-house")

# Each bundle's keys, and the keys whose Chinese text is missing or empty. (The Chinese side has
# keys of its own too: it words texts the engines write in English, such as tiles' texts.)
COMPARE = """async (modules) => {
    const i18n = await import("/static/js/i18n.js");
    const check = (en, zh) => ({
        count: Object.keys(en).length,
        missing: Object.keys(en).filter((k) => typeof zh[k] !== "string" || zh[k].trim() === ""),
    });
    const out = { shell: check(i18n.texts("en"), i18n.texts("zh")) };
    for (const name of modules) {
        const mod = await import(`/static/games/${name}.js`);
        out[name] = check(mod.strings.en, mod.strings.zh);
    }
    out.ghosts = Object.keys((await import("/static/games/data/ghost-stories-zh.js")).GHOST_NAMES_ZH);
    return out;
}"""


@pytest.fixture(scope="module")
def strings_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "strings", ai_delay=0.01)


def test_every_english_text_has_its_chinese_text(page: Page, strings_server: str) -> None:
    page.goto(strings_server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    found = page.evaluate(COMPARE, list(MODULES))
    for bundle in ("shell", *MODULES):
        assert found[bundle]["count"] > 20, bundle  # the bundle was read
        assert found[bundle]["missing"] == [], bundle
    # The Old House's and the your-turn notice's newer texts are among those checked.
    assert found["shell"]["count"] > 150
    names = {card.name for card in load_data().ghosts.values()}
    assert sorted(names - set(found["ghosts"])) == []
