"""The hub's admin secret: what creating, ending and deleting tables need (not claiming a seat, playing, watching).

``isle-nb hub`` writes it beside its database (``hub.sqlite`` -> ``hub.secret``), readable by its owner only, the
first time it runs on that database, and reads it again every later time; so the teacher's notebook on the same
machine (``isle_nb.remote.create_table``) finds it there, and a JupyterHub service that starts ``isle-nb hub``
itself needs no other setup. A hub whose tables are kept in memory only has a secret of its own, which the process
that started it knows (:data:`STARTED_HERE`). A request proves it knows the secret with the :data:`HEADER` header.
"""

from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

from isle_nb.hub.store import DEFAULT_DB, StoreRefused

HEADER = "X-Hub-Secret"
"""The HTTP header that carries the admin secret."""
STARTED_HERE: dict[str, str] = {}
"""The admin secret of each hub this process runs (``start_hub``), by its address: ``create_table`` finds it."""


def secret_path(db: str | Path = DEFAULT_DB) -> Path:
    """Where the admin secret of the hub on database ``db`` is kept: beside it, named after it (``hub.secret``)."""
    path = Path(db).expanduser()
    return path.with_name(f"{path.stem}.secret")


def read_secret(db: str | Path = DEFAULT_DB) -> str | None:
    """The admin secret of the hub on database ``db``, if this user may read it there."""
    try:
        return secret_path(db).read_text().strip() or None
    except OSError:
        return None


def admin_secret(db: str | Path) -> str:
    """The admin secret of the hub on database ``db``: read from beside it, or made and written there (mode 0600,
    owner only) the first time; :class:`~isle_nb.hub.store.StoreRefused` when neither can be done."""
    return kept_secret(secret_path(db), "the hub's admin secret")


def kept_secret(path: Path, what: str) -> str:
    """The secret kept in the file ``path``: read, or made and written there (mode 0600, owner only) the first
    time, so that it outlives the process (a hub's admin secret, a class's page token); :class:`StoreRefused`,
    naming ``what``, when neither can be done."""
    try:
        found = path.read_text().strip() or None
    except OSError:
        found = None
    if found is not None:
        if path.stat().st_mode & 0o077:  # readable by others: no longer
            path.chmod(0o600)
        return found
    secret = secrets.token_urlsafe(32)
    try:
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(handle, "w") as file:
            file.write(secret + "\n")
    except OSError as error:
        raise StoreRefused(f"isle_nb cannot write {what} to {path} ({error.strerror}): check that this user may "
                           f"write that folder, or remove the file if it holds no secret of isle_nb's.") from None
    return secret


def allowed(secret: str | None, given: str | None) -> bool:
    """Whether a request that gave ``given`` knows the hub's ``secret`` (compared in constant time)."""
    if not secret or given is None:
        return False
    return hmac.compare_digest(secret.encode(), given.encode())


__all__ = ["HEADER", "STARTED_HERE", "admin_secret", "allowed", "kept_secret", "read_secret", "secret_path"]
