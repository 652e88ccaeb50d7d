"""docs/rules.md, the rule IDs for readers, says what isle_nb/data/rules.json says, and the README's links stay
inside the repository (the project stands alone)."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _build_rules_json():
    spec = importlib.util.spec_from_file_location("build_rules_json", REPO / "scripts" / "build_rules_json.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_docs_rules_page_matches_the_rules_data() -> None:
    rules = json.loads((REPO / "isle_nb" / "data" / "rules.json").read_text(encoding="utf-8"))
    page = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    assert page == _build_rules_json().render_docs(rules), "run: .venv/bin/python scripts/build_rules_json.py --docs"


def test_readme_links_stay_inside_the_repository() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "../" not in readme and "/work/" not in readme
    for target in re.findall(r"\]\(([^)#]+)\)", readme):
        if not target.startswith(("http://", "https://")):
            assert (REPO / target).exists(), f"README links to {target}, which is not in the repository"
