"""The lessons read as pages under Voila (issue #24): the index links them in order, every lesson renders with no
code in view, no error and no program printout (issue #34), and its self-check questions answer a click."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from printouts import plain_text_table, printouts
from test_notebooks_meta import INDEX, LESSONS_IN_ORDER, MARKDOWN_LINK, NOTEBOOKS

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
CODE = ".jp-CodeCell .jp-InputArea:visible, .jp-CodeMirrorEditor:visible, .cm-editor:visible"
ERRORS = "[data-mime-type='application/vnd.jupyter.stderr'], .jp-RenderedText[data-mime-type*='error']"
PLAIN_TEXT = (
    ".jp-RenderedText[data-mime-type='text/plain'], .jp-RenderedText[data-mime-type='application/vnd.jupyter.stdout']"
)
"""Text a cell printed (or the plain repr of what it returned), as Voila shows it."""


PAGES_AT_ONCE = 2
PAGE_TIMEOUT_MS = 240_000
"""How long one lesson page may take to run all its cells (about 5 s on an idle machine)."""


def lesson_pages() -> list[str]:
    """Every notebook the index links (lessons, the extra pages and the game), in the index's order."""
    index = nbformat.read(NOTEBOOKS / INDEX, as_version=4)
    text = "\n".join(cell.source for cell in index.cells if cell.cell_type == "markdown")
    return MARKDOWN_LINK.findall(text)


def test_the_index_and_every_lesson_render_as_pages(voila_url, browser, page, page_errors):
    from playwright.sync_api import expect

    started = time.monotonic()
    page.goto(f"{voila_url}/voila/render/{INDEX}")
    expect(page.get_by_role("heading", name=re.compile("learn the rules", re.I))).to_be_visible(timeout=PAGE_TIMEOUT_MS)
    hrefs = [page.locator("a", has_text=re.compile(".")).nth(i).get_attribute("href")
             for i in range(page.locator("a").count())]
    linked = [h.split("/")[-1].split("?")[0] for h in hrefs if h and h.split("?")[0].endswith(".ipynb")]
    assert [name.removesuffix(".ipynb") for name in linked if name.removesuffix(".ipynb") in LESSONS_IN_ORDER] \
        == LESSONS_IN_ORDER

    # The lessons render two at a time (each page runs its notebook in a kernel of its own: more at once on the CI's two
    # cores only makes each wait longer). A page's wait is long because a loaded machine may take minutes per page.
    lessons = [f"{stem}.ipynb" for stem in LESSONS_IN_ORDER]
    lessons += [name for name in lesson_pages() if re.match(r"1[5-9]_", name)]  # the pages after 14
    context = page.context
    for start in range(0, len(lessons), PAGES_AT_ONCE):
        batch = [(name, context.new_page()) for name in lessons[start:start + PAGES_AT_ONCE]]
        for name, tab in batch:
            tab.on("pageerror", lambda error, name=name: page_errors.append(f"{name}: {error}"))
            tab.goto(f"{voila_url}/voila/render/{name}", wait_until="commit")
        for name, tab in batch:
            quiz = tab.locator(".isle-quiz")
            expect(tab.locator("#rendered_cells")).to_be_visible(timeout=PAGE_TIMEOUT_MS)  # Voila ran every cell
            expect(tab.locator(".jp-OutputArea-output").first).to_be_visible()
            assert tab.locator(CODE).count() == 0, f"{name}: code is visible"
            assert tab.locator(".celltag_programmers:visible").count() == 0, f"{name}: notes for programmers shown"
            assert tab.locator(ERRORS).count() == 0, f"{name}: a cell failed:\n{tab.locator(ERRORS).first.inner_text()}"
            if "check_yourself(" in (NOTEBOOKS / name).read_text(encoding="utf-8"):
                expect(quiz.locator("button").first).to_be_visible(timeout=60_000)
            body = tab.locator("body").inner_text()
            assert "NBVAL" not in body and "import " not in body, f"{name}: code text on the page"
            # no program printouts (issue #34): no printed objects, tile numbers, coordinates or text tables
            assert printouts(body) == [], f"{name}: program printouts on the page: {printouts(body)}"
            printed = [text for text in tab.locator(PLAIN_TEXT).all_inner_texts() if plain_text_table(text)]
            assert printed == [], f"{name}: a table printed as plain text:\n{printed[0] if printed else ''}"
            if name == "05_rescue_cats.ipynb":  # the self-check answers a click
                question = quiz.locator(".isle-quiz-question").first
                question.scroll_into_view_if_needed()
                question.locator("button", has_text="Cat, Bob, Ann").click()
                expect(question).to_contain_text("Right.", timeout=10_000)
                expect(question.locator(".isle-rule")).to_have_text("RESCUE-2")
                SHOTS.mkdir(parents=True, exist_ok=True)
                tab.screenshot(path=str(SHOTS / "lessons_voila_05_quiz.png"))
            tab.close()
    assert page_errors == []
    print(f"index and {len(lessons)} lessons rendered in {time.monotonic() - started:.0f} s")
