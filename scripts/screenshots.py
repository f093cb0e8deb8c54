"""Screenshots of the lobby and of each game's table, at desktop (1920 x 1080) and phone (390 x 844)
sizes, in English and in Chinese, for a reviewer to look at without playing.

    PYTHONPATH=$PWD python scripts/screenshots.py [--out build/screenshots] [--game ghost-stories]

Serves the app on a free port of 127.0.0.1 (a temporary SQLite database), opens one table per game
(the first seat "Me", the others AI) in Debian's Chromium, plays nothing, and saves
``<page>-<width>x<height>-<lang>.png``. Prints each page's width as the browser lays it out
(``document.documentElement.scrollWidth``) beside the window's, so a page wider than its window
shows at once.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.live import LiveServer  # noqa: E402
from tests.web.test_browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

SIZES = {"desktop": (1920, 1080), "phone": (390, 844)}
GAMES = {"ghost-stories": 4, "run-ghost-run": 4, "old-house": 4}


def open_table(page: Page, server: str, game: str, players: int) -> str:
    """A new table of ``game``: seat 1 "Me", the others AI; returns its address."""
    page.goto(server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    kinds = page.locator(".seat-row .seat-kind")
    for i in range(1, kinds.count()):
        kinds.nth(i).select_option("ai")
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/?]+$"))
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    return page.url


def shoot(page: Page, out: Path, name: str, size: tuple[int, int], lang: str) -> None:
    page.wait_for_timeout(600)
    width = page.evaluate("document.documentElement.scrollWidth")
    path = out / f"{name}-{size[0]}x{size[1]}-{lang}.png"
    page.screenshot(path=str(path), full_page=True)
    flag = "" if width <= size[0] else "  <- wider than the window"
    print(f"{path.name}: page {width} px in a {size[0]} px window{flag}")


def has_chinese_font() -> bool:
    """Whether fontconfig knows a font with Chinese glyphs (without one, Chromium draws the Chinese
    pages' text as boxes); ``True`` when ``fc-list`` is not there to ask."""
    if shutil.which("fc-list") is None:
        return True
    found = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True, text=True, check=False)
    return bool(found.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "screenshots")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only these games (repeatable)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    games = args.game or list(GAMES)
    if not has_chinese_font():
        print(
            "note: no font with Chinese glyphs is installed, so the Chinese shots show boxes for text"
            " (on Debian: apt-get install fonts-noto-cjk)",
            file=sys.stderr,
        )
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        live = LiveServer(Path(tmp) / "ghosttable.db", ai_delay=0.05)
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for lang in ("en", "zh"):
                for size in SIZES.values():
                    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="en-US")
                    context.add_init_script(f"localStorage.setItem('ghosttable.lang', '{lang}')")
                    page = context.new_page()
                    page.goto(live.address)
                    expect(page.locator("body")).to_have_attribute("data-ready", "true")
                    page.select_option("#game", games[0])
                    shoot(page, args.out, "lobby", size, lang)
                    for game in games:
                        open_table(page, live.address, game, GAMES[game])
                        shoot(page, args.out, game, size, lang)
                    context.close()
        finally:
            browser.close()
            live.stop()


if __name__ == "__main__":
    main()
