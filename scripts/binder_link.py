#!/usr/bin/env python3
"""Print the Binder launch link and badge for the repository this clone came from (`make binder-link`).

The link is built from the git remote (``origin``, else the first remote), so it works wherever the repository is
hosted: GitHub and GitLab by name, any other public git URL as a plain git launch. ``--write-readme`` also puts the
badge into README.md between the ``<!-- binder -->`` markers, for a host whose README should show it.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

REPO = Path(__file__).resolve().parents[1]
BINDER = "https://mybinder.org/v2"
OPEN = "urlpath=lab/tree/notebooks/00_play.ipynb"
BADGE_IMAGE = "https://mybinder.org/badge_logo.svg"
MARKERS = re.compile(r"(<!-- binder -->\n).*?(\n<!-- /binder -->)", re.DOTALL)


def launch_url(remote: str, ref: str = "HEAD") -> str:
    """The Binder address that opens the play notebook of the repository at git URL ``remote``."""
    remote = remote.strip()
    scp = re.fullmatch(r"[\w.-]+@([\w.-]+):(.+)", remote)  # git@host:owner/name.git
    if scp:
        host, path = scp.groups()
    else:
        url = re.fullmatch(r"(?:https?|ssh|git)://(?:[^@/]+@)?([^/:]+)(?::\d+)?/(.+)", remote)
        if not url:
            raise ValueError(f"{remote!r} is not a git URL Binder can clone (is this clone's remote a local folder?)")
        host, path = url.groups()
    path = path.removesuffix("/").removesuffix(".git")
    if host == "github.com":
        return f"{BINDER}/gh/{path}/{ref}?{OPEN}"
    if host == "gitlab.com":
        return f"{BINDER}/gl/{quote(path, safe='')}/{ref}?{OPEN}"
    return f"{BINDER}/git/{quote(f'https://{host}/{path}', safe='')}/{ref}?{OPEN}"


def badge(url: str) -> str:
    """The Markdown badge for a launch link."""
    return f"[![Binder]({BADGE_IMAGE})]({url})"


def git_remote(repo: Path = REPO) -> str:
    """The URL of ``origin``, else of the first remote; ValueError when the clone has none."""
    names = subprocess.run(["git", "remote"], cwd=repo, capture_output=True, text=True, check=True).stdout.split()
    if not names:
        raise ValueError("this clone has no git remote: push it to a public host first (Binder clones from there)")
    name = "origin" if "origin" in names else names[0]
    return subprocess.run(["git", "remote", "get-url", name], cwd=repo, capture_output=True, text=True,
                          check=True).stdout.strip()


def write_readme(readme: Path, url: str) -> None:
    """Replace what stands between the README's binder markers with the badge."""
    text = readme.read_text()
    if not MARKERS.search(text):
        raise ValueError(f"{readme} has no <!-- binder --> ... <!-- /binder --> markers")
    readme.write_text(MARKERS.sub(lambda m: m.group(1) + badge(url) + m.group(2), text, count=1))


def main(argv: list[str] | None = None) -> int:
    """Print the link and badge (and write the README when asked); 1 with a message when there is no usable remote."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write-readme", action="store_true", help="also put the badge into README.md")
    args = parser.parse_args(argv)
    try:
        url = launch_url(git_remote())
        if args.write_readme:
            write_readme(REPO / "README.md", url)
    except (ValueError, subprocess.CalledProcessError) as error:
        print(f"binder-link: {error}", file=sys.stderr)
        return 1
    print(f"Binder launch link: {url}\nBadge (Markdown):   {badge(url)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
