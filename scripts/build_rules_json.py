"""Build ``isle_nb/data/rules.json`` (rule ID -> the rule in one paragraph) from the rules reference, and
``docs/rules.md``, the same summaries as a page for readers of the code, tests and notebooks that cite rule IDs.

The rules reference (``rules.md``) is the project's own wording of the rules; the app shows these summaries when a
player hovers a rule tag such as ``PLACE-1``. Run it again when the reference changes::

    .venv/bin/python scripts/build_rules_json.py /path/to/rules.md

``--docs`` alone rewrites ``docs/rules.md`` from the committed JSON (``tests/test_rules_doc.py`` checks they agree).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

RULE = re.compile(r"^- ([A-Z]+-\d+[a-z]?) (.*)$")
REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "isle_nb" / "data" / "rules.json"
DOCS = REPO / "docs" / "rules.md"
TOPICS = {
    "SETUP": "Setting up", "DAY": "A day", "FISH": "Fishing", "EXPLORE": "Explore: the draft and buying cards",
    "LESSON": "Lessons", "RESCUE": "Rescuing cats", "PLACE": "Placing tiles on the boat", "MAP": "Treasure maps",
    "RARE": "Rare finds", "OSHAX": "Oshax", "ANY": "Anytime cards", "END": "The end of the game", "SCORE": "Scoring",
    "SOLO": "The solo game", "FAMILY": "The family game", "POCKET": "Pocket Cats", "ED": "Explore & Draw",
}  # fmt: skip


def parse(text: str) -> dict[str, str]:
    """Rule ID -> its text (continuation lines joined, markdown emphasis removed)."""
    rules: dict[str, str] = {}
    current: str | None = None
    for line in text.splitlines():
        match = RULE.match(line)
        if match:
            current = match.group(1)
            rules[current] = match.group(2).strip()
        elif current and line.startswith("  ") and line.strip():
            rules[current] += " " + line.strip()
        else:
            current = None
    return {key: re.sub(r"\*\*|`", "", value) for key, value in rules.items()}


def render_docs(rules: dict[str, str]) -> str:
    """docs/rules.md: every rule ID with its summary, grouped by topic in the order of the rules."""
    lines = [
        "# The rules by ID",
        "",
        "Every rule ID that the code, the tests, the notebooks and the game's messages cite (`PLACE-3`, ...), with the",
        "rule in one paragraph, in this project's own words. The app shows the same text when a player hovers a rule",
        "tag. Generated from `isle_nb/data/rules.json` by `scripts/build_rules_json.py --docs`: do not edit by hand.",
    ]
    topic = None
    for rule_id, text in rules.items():
        prefix = rule_id.split("-")[0]
        if prefix != topic:
            topic = prefix
            lines += ["", f"## {TOPICS.get(prefix, prefix)} ({prefix})", ""]
        lines.append(f"- **{rule_id}** {text}")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Read rules.md (the path given) and write the JSON file and docs/rules.md; ``--docs``: only the page."""
    if len(sys.argv) != 2:
        sys.exit("usage: python scripts/build_rules_json.py path/to/rules.md | --docs")
    if sys.argv[1] == "--docs":
        rules = json.loads(OUT.read_text(encoding="utf-8"))
    else:
        rules = parse(Path(sys.argv[1]).read_text(encoding="utf-8"))
        OUT.write_text(json.dumps(rules, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{len(rules)} rules -> {OUT}")
    DOCS.write_text(render_docs(rules), encoding="utf-8")
    print(f"{len(rules)} rules -> {DOCS}")


if __name__ == "__main__":
    main()
