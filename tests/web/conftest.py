"""The browser fixtures (`browser`, `page`) shared by every browser test module."""

from tests.web.test_browser import browser, page

__all__ = ["browser", "page"]
