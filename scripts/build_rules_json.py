"""Build ``isle_nb/data/rules.json`` (rule ID -> the rule in one paragraph) from the rules reference.

The rules reference (``rules.md``) is the project's own wording of the rules; the app shows these summaries when a
player hovers a rule tag such as ``PLACE-1``. Run it again when the reference changes::

    python scripts/build_rules_json.py /path/to/rules.md
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

RULE = re.compile(r"^- ([A-Z]+-\d+[a-z]?) (.*)$")
OUT = Path(__file__).resolve().parents[1] / "isle_nb" / "data" / "rules.json"


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


def main() -> None:
    """Read rules.md (the path given) and write the JSON file."""
    if len(sys.argv) != 2:
        sys.exit("usage: python scripts/build_rules_json.py path/to/rules.md")
    source = Path(sys.argv[1])
    rules = parse(source.read_text(encoding="utf-8"))
    OUT.write_text(json.dumps(rules, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(rules)} rules -> {OUT}")


if __name__ == "__main__":
    main()
