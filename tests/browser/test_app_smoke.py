"""Smoke tests of the real app: Voilà + Chromium, offline.

The `page` fixture fails a test on console errors, failed requests and any
request to a host other than this machine, so none of these tests repeat
those checks.
"""

from pathlib import Path

TEST_NOTEBOOKS = Path(__file__).parent / "notebooks"


def test_root_lands_on_index(page, voila_server, open_notebook, screenshot):
    seconds = open_notebook("/", wait_for="rendered", label="/ -> index.ipynb: time to rendered")
    assert page.url.endswith("/voila/render/index.ipynb")
    heading = page.locator("#rendered_cells h1").first
    assert "Fox in the Forest Explorer" in heading.inner_text()
    assert page.title() == "Fox in the Forest Explorer"
    # Sources are stripped: a reader never sees code cells' input.
    assert page.locator(".jp-InputArea-editor").count() == 0
    screenshot("index")
    print(f"index rendered in {seconds:.2f} s")


def test_widgets_render_and_reach_the_kernel(page, voila_factory, open_notebook, screenshot):
    server = voila_factory(TEST_NOTEBOOKS)
    seconds = open_notebook("widget_smoke.ipynb", server=server)
    print(f"widget_smoke first widget in {seconds:.2f} s")

    # ipywidgets: the click goes to the kernel, whose callback updates a Label.
    page.get_by_role("button", name="Play a card").click()
    page.get_by_text("clicks: 1").wait_for()

    # anywidget: inline ES module, state synced back to the kernel.
    counter = page.locator("button.fox-anywidget-counter")
    counter.wait_for()
    counter.click()
    page.get_by_text("anywidget count is 1").wait_for()
    page.get_by_text("kernel saw count 1").wait_for()

    # LaTeX in markdown is typeset by Voilà's bundled MathJax, not a CDN.
    assert page.locator("#rendered_cells mjx-container").count() >= 2

    screenshot("widget-smoke")


def test_leaving_a_page_shuts_its_kernel_down(page, voila_factory, open_notebook, screenshot):
    """Voilà's page asks the server to shut its kernel down when it is left;
    that request needs the XSRF cookie set by etc/jupyter/voila.py."""
    server = voila_factory(TEST_NOTEBOOKS)
    open_notebook("widget_smoke.ipynb", server=server, label="widget_smoke.ipynb again (pool refilling)")
    page.get_by_text("kernel saw count 0").wait_for()  # the whole page is up
    before = server.log_text().count("Kernel shutdown:")
    page.goto(server.url("/voila/tree"))  # leave the page, for the notebook listing
    page.get_by_role("link", name="widget_smoke.ipynb").wait_for()
    for _ in range(50):
        if server.log_text().count("Kernel shutdown:") > before:
            break
        page.wait_for_timeout(100)
    log = server.log_text()
    assert "403 POST /voila/api/shutdown" not in log
    assert log.count("Kernel shutdown:") == before + 1
    screenshot("notebook-listing")
