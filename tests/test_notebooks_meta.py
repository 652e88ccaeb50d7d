"""The rules notebooks (01-08) keep their promises: numbered, stripped, rule IDs cited, asserts, fixed seeds.

These tests read the notebooks as files; they do not run them (``make test-nbval`` runs every notebook with
nbval). The one ``slow`` test executes each rules notebook once and then has nbval compare a second run against
it, so the cells marked ``# NBVAL_CHECK_OUTPUT`` are shown to be deterministic (``ISLE_NB_SLOW=1``).
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"

RULES_NOTEBOOKS: dict[str, set[str]] = {
    # notebook stem -> rule IDs its markdown must cite (what it teaches)
    "01_components_and_setup": {"SETUP-1", "SETUP-2", "SETUP-3", "SETUP-4", "SETUP-5", "SETUP-6", "DAY-1", "FISH-1"},
    "02_placing_tiles": {"PLACE-1", "PLACE-2", "PLACE-3", "PLACE-4", "PLACE-5", "PLACE-6", "MAP-1", "MAP-2"},
    "03_fishing_and_explore": {
        "DAY-2", "FISH-1", "EXPLORE-1", "EXPLORE-2", "EXPLORE-3", "EXPLORE-4", "EXPLORE-5", "EXPLORE-6",
    },
    "04_lessons": {"LESSON-1", "LESSON-2", "LESSON-3", "LESSON-4", "LESSON-5"},
    "05_rescue_cats": {"RESCUE-1", "RESCUE-2", "RESCUE-3", "RESCUE-4", "RESCUE-5", "RESCUE-6", "END-1"},
    "06_rare_finds_and_anytime": {"RARE-1", "RARE-2", "RARE-3", "OSHAX-1", "ANY-1", "ANY-2", "ANY-3", "PLACE-6"},
    "07_scoring": {f"SCORE-{n}" for n in range(1, 10)},
    "08_state_as_dataframes": set(),
    "09_solo": {f"SOLO-{n}" for n in range(1, 13)},
    "10_family": {f"FAMILY-{n}" for n in range(1, 6)},
    "12_explore_and_draw": {f"ED-{n}" for n in range(1, 11)},
    "15_turn_summary": {"DAY-1", "DAY-2", "FISH-1", "RESCUE-2", "ANY-1", "SCORE-8"},
    "16_a_day_from_one_seat": {"EXPLORE-2", "EXPLORE-5", "LESSON-1", "RESCUE-1", "RESCUE-2", "RESCUE-3", "RARE-1"},
}

# Highest rule number per prefix in the rules reference (rules.md); a cited ID outside these is a typo.
RULE_COUNTS = {
    "SETUP": 6, "DAY": 2, "FISH": 1, "EXPLORE": 6, "LESSON": 5, "RESCUE": 6, "RARE": 3, "OSHAX": 1, "END": 3,
    "PLACE": 6, "MAP": 2, "ANY": 3, "SCORE": 9, "SOLO": 12, "FAMILY": 5, "ED": 10, "POCKET": 6,
}
RULE_ID = re.compile(r"\b(" + "|".join(RULE_COUNTS) + r")-(\d+)\b")

# A notebook only calls the public API (design.md §1): these isle_nb modules may be imported, no others.
PUBLIC_MODULES = {"isle_nb", "isle_nb.view", "isle_nb.widgets"}
SEEDED_CALLS = {"RandomBot", "GreedyBot"}
UNSEEDED_RANDOMNESS = {"random", "numpy.random", "time", "datetime", "secrets"}
CHECK_MARKER = "# NBVAL_CHECK_OUTPUT"
NAME = re.compile(r"^(\d{2})_[a-z0-9_]+\.ipynb$")
INDEX = "index.ipynb"
"""The one notebook without a number: the page that links the lessons in order (served by Voila, issue #24)."""
LESSONS_IN_ORDER = [
    "01_components_and_setup", "02_placing_tiles", "03_fishing_and_explore", "04_lessons", "05_rescue_cats",
    "06_rare_finds_and_anytime", "07_scoring", "09_solo", "10_family", "11_pocket_cats", "12_explore_and_draw",
]
"""The teaching notebooks, in the order the index links them; each reads as a page under Voila."""
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+\.ipynb)\)")


def notebook_paths() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def rules_notebook(stem: str) -> nbformat.NotebookNode:
    path = NOTEBOOKS / f"{stem}.ipynb"
    assert path.exists(), f"missing rules notebook {path.name}"
    return nbformat.read(path, as_version=4)


def code_cells(nb: nbformat.NotebookNode) -> list[str]:
    return [cell.source for cell in nb.cells if cell.cell_type == "code"]


def markdown(nb: nbformat.NotebookNode) -> str:
    return "\n".join(cell.source for cell in nb.cells if cell.cell_type == "markdown")


def code_tree(nb: nbformat.NotebookNode) -> ast.Module:
    return ast.parse("\n\n".join(code_cells(nb)))


def call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return f"{func.value.id}.{func.attr}"
    if isinstance(func, ast.Name):
        return func.id
    return ""


def int_constant(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool)


def seed_argument(node: ast.Call, position: int) -> ast.AST | None:
    for keyword in node.keywords:
        if keyword.arg == "seed":
            return keyword.value
    return node.args[position] if len(node.args) > position else None


# ---- every notebook ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.name)
def test_notebook_is_numbered(path: Path) -> None:
    assert NAME.match(path.name) or path.name == INDEX, f"{path.name}: notebooks are named NN_topic.ipynb"


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.name)
def test_notebook_is_stripped(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{path.name} cell {index} has outputs: run nbstripout"
            assert cell.execution_count is None, f"{path.name} cell {index} has an execution count"
    assert "widgets" not in nb.metadata, f"{path.name} stores widget state: run nbstripout"


def test_numbers_are_unique() -> None:
    numbers = [NAME.match(p.name).group(1) for p in notebook_paths() if NAME.match(p.name)]
    assert len(numbers) == len(set(numbers)), f"two notebooks share a number: {sorted(numbers)}"


def test_the_index_links_every_lesson_in_order() -> None:
    links = MARKDOWN_LINK.findall(markdown(nbformat.read(NOTEBOOKS / INDEX, as_version=4)))
    assert all((NOTEBOOKS / link).exists() for link in links), f"the index links a missing notebook: {links}"
    lessons = [link.removesuffix(".ipynb") for link in links if link.removesuffix(".ipynb") in LESSONS_IN_ORDER]
    assert lessons == LESSONS_IN_ORDER, f"the index links the lessons {lessons}"
    numbered = {p.name for p in notebook_paths() if NAME.match(p.name)}
    assert numbered <= set(links), f"the index does not link {sorted(numbered - set(links))}"


FIRST_GAMES = ["17_first_game", "18_first_game_explore_and_draw"]
"""One page each that teaches a whole game (issue #34): The Isle of Cats and Explore & Draw."""
FIRST_GAME_WORDS = 1500
"""The most words a first-game page may have: fifteen minutes at about 200 words a minute, with its pictures."""
PAGES_WITHOUT_CODE = [*LESSONS_IN_ORDER, "15_turn_summary", "16_a_day_from_one_seat", *FIRST_GAMES]
"""The lessons and the pages after 14 read as pages without code: their text
names no Python; notes for programmers go in markdown cells tagged ``programmers``, which the Voila template leaves
out."""


@pytest.mark.parametrize("stem", PAGES_WITHOUT_CODE)
def test_the_text_of_a_page_has_no_code(stem: str) -> None:
    nb = rules_notebook(stem)
    for number, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown" and "programmers" not in cell.metadata.get("tags", []):
            code = re.findall(r"`[^`]+`", cell.source)
            assert not code, f"{stem}, cell {number}: code in the text {code}; tag the cell 'programmers' or reword"


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.name)
def test_links_between_notebooks_lead_somewhere(path: Path) -> None:
    """A page's links to other notebooks (the next lesson, back to the index) open a notebook that exists."""
    links = MARKDOWN_LINK.findall(markdown(nbformat.read(path, as_version=4)))
    missing = [link for link in links if not (NOTEBOOKS / link).exists()]
    assert not missing, f"{path.name} links to missing notebooks: {missing}"


def test_the_first_game_pages_come_first_and_are_short() -> None:
    """The index and the play notebook link the first-game pages before any lesson; each fits in fifteen minutes."""
    index = MARKDOWN_LINK.findall(markdown(nbformat.read(NOTEBOOKS / INDEX, as_version=4)))
    pages = [link.removesuffix(".ipynb") for link in index]
    assert pages[: len(FIRST_GAMES)] == FIRST_GAMES, f"the index links first {pages[:3]}"
    play = MARKDOWN_LINK.findall(markdown(nbformat.read(NOTEBOOKS / "00_play.ipynb", as_version=4)))
    assert [link.removesuffix(".ipynb") for link in play][: len(FIRST_GAMES)] == FIRST_GAMES
    for stem in FIRST_GAMES:
        nb = rules_notebook(stem)
        words = len(re.findall(r"[A-Za-z0-9'&-]+", re.sub(r"\]\([^)]*\)", "]", markdown(nb))))
        assert words <= FIRST_GAME_WORDS, f"{stem}: {words} words, more than {FIRST_GAME_WORDS}"


def test_the_play_notebook_and_the_readme_lead_to_the_lessons() -> None:
    play = markdown(nbformat.read(NOTEBOOKS / "00_play.ipynb", as_version=4))
    assert "[The lessons](index.ipynb)" in play and "Learn the rules" in play
    assert "notebooks/index.ipynb" in (ROOT / "README.md").read_text(encoding="utf-8")


# ---- the rules notebooks -----------------------------------------------------------------------------------
@pytest.mark.parametrize("stem", RULES_NOTEBOOKS)
def test_title_matches_number(stem: str) -> None:
    first = rules_notebook(stem).cells[0]
    assert first.cell_type == "markdown" and first.source.startswith(f"# {stem[:2]} "), (
        f"{stem}: the first cell is a markdown title starting with '# {stem[:2]} '"
    )


@pytest.mark.parametrize("stem", RULES_NOTEBOOKS)
def test_cites_the_rules_it_teaches(stem: str) -> None:
    text = markdown(rules_notebook(stem))
    cited = {f"{prefix}-{number}" for prefix, number in RULE_ID.findall(text)}
    assert cited, f"{stem}: the markdown cites no rule ID"
    missing = RULES_NOTEBOOKS[stem] - cited
    assert not missing, f"{stem}: the markdown never cites {sorted(missing)}"
    unknown = sorted(
        i for i in cited if not 1 <= int(i.rsplit("-", 1)[1]) <= RULE_COUNTS[i.rsplit("-", 1)[0]]
    )
    assert not unknown, f"{stem}: cites rule IDs that do not exist: {unknown}"


@pytest.mark.parametrize("stem", RULES_NOTEBOOKS)
def test_has_asserts(stem: str) -> None:
    asserts = [n for n in ast.walk(code_tree(rules_notebook(stem))) if isinstance(n, ast.Assert)]
    assert len(asserts) >= 3, f"{stem}: only {len(asserts)} assert statements; check what the text claims"


@pytest.mark.parametrize("stem", RULES_NOTEBOOKS)
def test_uses_fixed_seeds(stem: str) -> None:
    tree = code_tree(rules_notebook(stem))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and call_name(node) == "Game.new":
            assert int_constant(seed_argument(node, 1)), (
                f"{stem}: Game.new(...) needs a literal seed= (line {node.lineno})"
            )
        if isinstance(node, ast.Call) and call_name(node) in SEEDED_CALLS:
            assert seed_argument(node, 0) is not None, (
                f"{stem}: {call_name(node)}(...) needs an explicit seed (line {node.lineno})"
            )
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            for name in names:
                assert name not in UNSEEDED_RANDOMNESS, f"{stem}: imports {name}; use the game's seeds instead"


@pytest.mark.parametrize("stem", RULES_NOTEBOOKS)
def test_only_public_api(stem: str) -> None:
    tree = code_tree(rules_notebook(stem))
    for node in ast.walk(tree):
        modules: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module]
        elif isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        for module in modules:
            if module == "isle_nb" or module.startswith("isle_nb."):
                allowed = module in PUBLIC_MODULES
                assert allowed, f"{stem}: imports {module}, which is not public API"
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("_repr_"):
            assert node.attr.startswith("__"), f"{stem}: uses the private attribute .{node.attr} (line {node.lineno})"


MAX_SHOWN_LINES = 10
"""The most lines a code cell a reader sees may have (the NBVAL marker not counted): what a projector shows at a
readable size. A cell that needs more uses a public teaching helper or is split, with prose between (issue #14)."""


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.name)
def test_shown_cells_are_short_and_check_nothing(path: Path) -> None:
    """Every code cell a reader sees is at most ``MAX_SHOWN_LINES`` long and holds no ``assert``: checks live in
    folded cells tagged ``check``, set-up code in a folded cell tagged ``setup``."""
    nb = nbformat.read(path, as_version=4)
    for number, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or cell.metadata.get("jupyter", {}).get("source_hidden") is True:
            continue
        lines = [line for line in cell.source.splitlines() if line != CHECK_MARKER]
        where = f"{path.name}, cell {number}"
        assert len(lines) <= MAX_SHOWN_LINES, f"{where}: a shown cell of {len(lines)} lines:\n{cell.source}"
        asserts = [n for n in ast.walk(ast.parse(cell.source)) if isinstance(n, ast.Assert)]
        assert not asserts, f"{where}: a shown cell asserts (fold it into a check cell):\n{cell.source}"


@pytest.mark.parametrize("path", notebook_paths(), ids=lambda p: p.name)
def test_folded_cells_say_what_they_are(path: Path) -> None:
    """A folded code cell is tagged ``setup`` or ``check``, so a reader who unfolds one knows what it is for."""
    nb = nbformat.read(path, as_version=4)
    for number, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and cell.metadata.get("jupyter", {}).get("source_hidden") is True:
            tags = set(cell.metadata.get("tags", []))
            assert tags & {"setup", "check"}, f"{path.name}, cell {number}: folded but tagged {sorted(tags)}"


@pytest.mark.parametrize("stem", RULES_NOTEBOOKS)
def test_checks_are_folded_out_of_the_readers_way(stem: str) -> None:
    """A cell that only checks (asserts, and the names they need) keeps its code folded and is tagged ``check``:
    nbval runs it, a reader or a projector sees a folded line, not test code (issue #14)."""
    nb = rules_notebook(stem)
    checks = []
    for cell in nb.cells:
        if cell.cell_type != "code" or cell.source.startswith("# NBVAL"):
            continue
        body = ast.parse(cell.source).body
        if body and isinstance(body[-1], ast.Assert) and all(isinstance(s, (ast.Assert, ast.Assign)) for s in body):
            checks.append(cell)
            folded = cell.metadata.get("jupyter", {}).get("source_hidden") is True
            assert folded, f"{stem}: a check cell is not folded:\n{cell.source}"
            assert "check" in cell.metadata.get("tags", []), f"{stem}: a check cell is not tagged 'check'"
    assert checks, f"{stem}: no check cell"


@pytest.mark.parametrize("stem", RULES_NOTEBOOKS)
def test_checked_outputs_are_text_or_fixed_tables(stem: str) -> None:
    """A cell whose output nbval checks prints text or shows tables through ``show_table`` (styled, with a fixed
    table id, so the HTML is the same on every run); never pictures, raw HTML or a rich repr of its last line."""
    marked = [source for source in code_cells(rules_notebook(stem)) if "NBVAL_CHECK_OUTPUT" in source]
    assert marked, f"{stem}: no cell is marked {CHECK_MARKER}"
    for source in marked:
        assert source.splitlines()[0] == CHECK_MARKER, f"{stem}: the marker goes on a cell's first line"
        tree = ast.parse(source)
        calls = {call_name(n) for n in ast.walk(tree) if isinstance(n, ast.Call)}
        assert not calls & {"display", "Image", "HTML"}, f"{stem}: a checked cell shows pictures or HTML:\n{source}"
        last = tree.body[-1]
        # a trailing expression shows its rich repr (HTML tables...): allowed only for calls of plain functions,
        # such as print() or a helper that prints, which return None
        function_call = isinstance(last, ast.Expr) and isinstance(last.value, ast.Call)
        function_call = function_call and isinstance(last.value.func, ast.Name)
        bare = isinstance(last, ast.Expr) and not function_call
        assert not bare, f"{stem}: a checked cell ends with a bare expression (rich repr); print() it:\n{source}"


def test_readme_lists_the_notebooks() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Notebooks", 1)[1].split("\n## ", 1)[0]
    for stem in RULES_NOTEBOOKS:
        assert f"notebooks/{stem}.ipynb" in section, f"README's Notebooks section does not list {stem}.ipynb"


# ---- the checked outputs are deterministic (slow) ---------------------------------------------------------
@pytest.mark.slow
@pytest.mark.timeout(240)
@pytest.mark.parametrize("stem", RULES_NOTEBOOKS)
def test_checked_outputs_are_deterministic(stem: str, tmp_path: Path) -> None:
    from nbclient import NotebookClient

    nb = rules_notebook(stem)
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    executed = tmp_path / f"{stem}.ipynb"
    nbformat.write(nb, executed)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval-lax", "--nbval-current-env",
         "--nbval-sanitize-with", str(ROOT / "tests" / "nbval_sanitize.cfg"), str(executed)],
        cwd=NOTEBOOKS, capture_output=True, text=True, timeout=230,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
