"""Driving a real browser: Debian's headless Chromium driven by Selenium against the live test server.

``new_driver`` opens one browser (a fresh profile, its own cookies: one person); the fixtures
in ``conftest.py`` open one per module or several at once. Each ``Person``
has the steps the workflows need: open a page, fill and submit a form, save a numbered
screenshot to ``test-artifacts/`` (``TEST_ARTIFACTS`` names another folder), and check the
page with axe-core (vendored in ``tests/browser/vendor``, nothing fetched) for
accessibility faults. Pages are opened at a phone's width (360 px) unless a test says
otherwise: directors run rounds from a phone at the venue.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

from tests.helpers import ROOT, skip_or_fail

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
ARGUMENTS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run")
WAIT = 15
PHONE = (360, 780)
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
#: The accessibility rules a page must pass: WCAG 2.1 A and AA.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def artifacts() -> Path:
    folder = Path(os.environ.get("TEST_ARTIFACTS") or ROOT / "test-artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def new_driver(profile: Path, size: tuple[int, int] = (1200, 900)) -> Any:
    """Headless Chromium with a fresh profile, its console log kept."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        skip_or_fail("selenium is not installed (pip install -r requirements.txt)")
    for program in (CHROMIUM, CHROMEDRIVER):
        if not shutil.which(program):
            skip_or_fail(f"{program} is missing (apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ARGUMENTS:
        options.add_argument(argument)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={size[0]},{size[1]}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_page_load_timeout(60)
    set_viewport(driver, *size)
    return driver


#: Chromium keeps a window at least this wide, headless too.
NARROWEST_WINDOW = 500


def set_viewport(driver: Any, width: int, height: int) -> None:
    """Size the page's viewport: a window where Chromium allows it, an emulated screen below its
    narrowest window (a phone's 360 px would otherwise be laid out at 500)."""
    driver.set_window_size(max(width, NARROWEST_WINDOW), height)
    if width < NARROWEST_WINDOW:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    else:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def viewport(driver: Any) -> tuple[int, int]:
    return tuple(driver.execute_script("return [window.innerWidth, window.innerHeight]"))


def wait_for(driver: Any, condition: Any, message: str, timeout: float = WAIT) -> Any:
    """Wait for ``condition``; elements htmx swaps out meanwhile are looked up again."""
    from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    ignored = (NoSuchElementException, StaleElementReferenceException)
    return WebDriverWait(driver, timeout, poll_frequency=0.1, ignored_exceptions=ignored).until(condition, message)


#: Whether clicking the element will load a new document: a link to another page, or a form's
#: submit button whose form is valid. Fragment links, links to other tabs, disclosure summaries and
#: buttons the page's own script handles stay on the page.
WILL_NAVIGATE = """
const el = arguments[0];
if (el.closest('summary')) return false;
const a = el.closest('a[href]');
if (a) {
  if (a.hasAttribute('download') || (a.target && a.target !== '_self') || 'n' in a.dataset) return false;
  const to = new URL(a.href, location.href);
  return !(to.hash && to.pathname === location.pathname && to.search === location.search);
}
const b = el.closest('button, input[type=submit]');
if (!b || !b.form || b.type !== 'submit') return false;
if (b.form.target && b.form.target !== '_self') return false;
return b.form.noValidate || b.formNoValidate || b.form.checkValidity();
"""


def console_errors(driver: Any) -> list[str]:
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


class Person:
    """One person at one browser: the steps a workflow test takes, in a person's words."""

    def __init__(self, driver: Any, live_server: Any, name: str, story: str = "") -> None:
        self.driver = driver
        self.live_server = live_server
        self.name = name
        self.story = story  # the test module's short name: screenshots of two tests never collide
        self.shots = 0

    # -- moving around ---------------------------------------------------------------------------
    def open(self, path: str) -> None:
        """Open a path of the live server (or a full address the service gave)."""
        url = path if path.startswith("http") else self.live_server.url + path
        self.driver.get(url)
        self.loaded(path)

    def loaded(self, what: str = "the page") -> None:
        wait_for(self.driver, lambda d: d.execute_script("return document.readyState") == "complete",
                 f"{what} loads")

    @property
    def path(self) -> str:
        return self.driver.current_url.removeprefix(self.live_server.url)

    def text(self) -> str:
        return self.driver.find_element("tag name", "body").text

    def sees(self, words: str) -> None:
        wait_for(self.driver, lambda d: words in d.find_element("tag name", "body").text,
                 f"{self.name} sees {words!r} on {self.path}")

    def click(self, label: str, among: str = "//a|//button|//input[@type='submit']") -> None:
        """Click the link or button whose text is ``label`` (the first one shown)."""
        pattern = re.escape(label)
        for element in self.driver.find_elements("xpath", among):
            text = (element.text or element.get_attribute("value") or "").strip()
            if element.is_displayed() and re.fullmatch(pattern, text):
                self.press(element, label)
                return
        raise AssertionError(f"{self.name} finds no link or button {label!r} on {self.path}")

    def press(self, element: Any, what: str) -> None:
        """Click ``element``; when that loads a new document, wait for the new one, not the old."""
        if self.driver.execute_script(WILL_NAVIGATE, element):
            self.leave(element.click, what)
        else:
            element.click()
            self.loaded(what)

    def submit_form_of(self, label: str, what: str) -> None:
        """Submit the form holding the field labelled ``label`` (as pressing Enter in it does)."""
        self.leave(self.field(label).submit, what)

    def leave(self, action: Any, what: str) -> None:
        """Do ``action``, which loads a new document, and wait until the new one has loaded: the
        old document's ``readyState`` is already complete, so waiting on it alone races."""
        self.driver.execute_script("window.leapfrogLeaving = true")
        action()
        wait_for(self.driver, lambda d: d.execute_script(
            "return window.leapfrogLeaving === undefined && document.readyState === 'complete'"),
            f"{what} leads to the next page")

    # -- forms -----------------------------------------------------------------------------------
    def field(self, label: str) -> Any:
        """The form control labelled ``label`` (through its <label for=...>)."""
        for element in self.driver.find_elements("tag name", "label"):
            if element.text.strip().rstrip(":").strip() == label and element.get_attribute("for"):
                return self.driver.find_element("id", element.get_attribute("for"))
        raise AssertionError(f"{self.name} finds no field labelled {label!r} on {self.path}")

    def fill(self, **values: Any) -> None:
        """Fill fields by label: ``fill(Username="ada")``; underscores stand for spaces.
        Text is typed, a select takes the option shown, a checkbox takes True or False, a file
        input takes a path."""
        from selenium.webdriver.support.ui import Select

        for label, value in values.items():
            element = self.field(label.replace("_", " "))
            kind = (element.get_attribute("type") or "").lower()
            if element.tag_name == "select":
                Select(element).select_by_visible_text(str(value))
            elif kind == "checkbox":
                if element.is_selected() != bool(value):
                    element.click()
            elif kind == "file":
                element.send_keys(str(value))
            else:
                element.clear()
                element.send_keys(str(value))

    def submit(self, label: str) -> None:
        """Press the form's button ``label`` (a form's, never a link of the same words such as
        the menu's "Sign up")."""
        self.click(label, among="//form//button|//form//input[@type='submit']")

    def field_error(self, label: str) -> str:
        """The error text shown beside the field labelled ``label``."""
        element = self.field(label)
        described = element.get_attribute("aria-describedby") or ""
        texts = [self.driver.find_element("id", name).text for name in described.split()
                 if self.driver.find_elements("id", name)]
        return " ".join(texts)

    # -- evidence --------------------------------------------------------------------------------
    def shot(self, step: str) -> Path:
        """Save a screenshot of the whole page as ``<test>-<person>-<n>-<step>.png``."""
        self.shots += 1
        prefix = f"{self.story}-" if self.story else ""
        path = artifacts() / f"{prefix}{self.name}-{self.shots:02d}-{step}.png"
        width, shown = viewport(self.driver)
        height = self.driver.execute_script("return document.documentElement.scrollHeight")
        set_viewport(self.driver, width, min(max(height + 120, 400), 4000))
        self.driver.save_screenshot(str(path))
        set_viewport(self.driver, width, shown)
        return path

    def shot_of(self, element_id: str, step: str) -> Path:
        """Save a screenshot of one part of the page (the element with ``element_id``), for a
        section that sits far down a long page."""
        self.shots += 1
        prefix = f"{self.story}-" if self.story else ""
        path = artifacts() / f"{prefix}{self.name}-{self.shots:02d}-{step}.png"
        self.driver.find_element("id", element_id).screenshot(str(path))
        return path

    def accessibility_faults(self) -> list[str]:
        """The page's WCAG 2.1 A/AA violations that axe-core finds, one line each."""
        self.driver.execute_script(AXE.read_text())
        result = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}})"
            ".then(r => done(r.violations.map(v => v.id + ': ' + v.help + ' (' +"
            " v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', ') + ')')))"
            ".catch(e => done(['axe failed: ' + e]));", AXE_TAGS)
        return list(result)

    def check_page(self, step: str) -> None:
        """A screenshot of this step, and no accessibility fault nor console error on it."""
        self.shot(step)
        faults = self.accessibility_faults()
        assert not faults, f"{self.path}: " + "; ".join(faults)
        errors = [error for error in console_errors(self.driver) if "favicon" not in error]
        assert not errors, f"{self.path}: console errors {errors}"

    def fits_the_phone(self) -> None:
        """Nothing on the page is wider than the window (tables scroll inside their own box)."""
        overflow = self.driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        width = viewport(self.driver)[0]
        assert overflow <= 1, f"{self.path} is {overflow} px wider than its {width} px window"


