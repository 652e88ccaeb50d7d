"""`make binder-link` builds the Binder launch link from the git remote, so the badge works wherever the repository
is hosted (the README carries no OWNER placeholder)."""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("binder_link", REPO / "scripts" / "binder_link.py")
assert _spec and _spec.loader
binder_link = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(binder_link)

OPEN = "?urlpath=lab/tree/notebooks/00_play.ipynb"


@pytest.mark.parametrize(("remote", "launch"), [
    ("https://github.com/ann/isle_nb.git", "https://mybinder.org/v2/gh/ann/isle_nb/HEAD"),
    ("git@github.com:ann/isle_nb.git", "https://mybinder.org/v2/gh/ann/isle_nb/HEAD"),
    ("ssh://git@github.com/ann/isle_nb", "https://mybinder.org/v2/gh/ann/isle_nb/HEAD"),
    ("https://gitlab.com/school/games/isle_nb.git", "https://mybinder.org/v2/gl/school%2Fgames%2Fisle_nb/HEAD"),
    ("https://code.example.org/ann/isle_nb.git",
     "https://mybinder.org/v2/git/https%3A%2F%2Fcode.example.org%2Fann%2Fisle_nb/HEAD"),
])  # fmt: skip
def test_the_launch_link_follows_the_remote(remote: str, launch: str) -> None:
    assert binder_link.launch_url(remote) == launch + OPEN


def test_a_local_remote_is_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="local folder"):
        binder_link.launch_url("/srv/git/isle_nb")


def test_the_badge_is_written_between_the_readme_markers(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("intro\n<!-- binder -->\nhow to get a badge\n<!-- /binder -->\nmore\n")
    binder_link.write_readme(readme, "https://mybinder.org/v2/gh/ann/isle_nb/HEAD" + OPEN)
    assert readme.read_text() == (
        "intro\n<!-- binder -->\n[![Binder](https://mybinder.org/badge_logo.svg)]"
        f"(https://mybinder.org/v2/gh/ann/isle_nb/HEAD{OPEN})\n<!-- /binder -->\nmore\n"
    )


def test_the_committed_readme_has_the_markers_and_no_dead_badge() -> None:
    text = (REPO / "README.md").read_text()
    assert binder_link.MARKERS.search(text)
    assert "OWNER" not in text


def test_a_clone_without_a_remote_gets_a_message(tmp_path: Path) -> None:
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    with pytest.raises(ValueError, match="no git remote"):
        binder_link.git_remote(tmp_path)
