"""Issue #32 §4: small text in PNG pictures keeps its word spaces (notebook 12 drew "1 per 2 catson the edge" at
scale 1, where Pillow's default font makes a space 2 pixels wide)."""

from __future__ import annotations

import io

from PIL import Image

from isle_nb.draw import Scene, Text, to_png


def gaps(text: str, size: int, scale: float) -> list[int]:
    """The widths of the blank column runs between the inked parts of ``text`` drawn alone."""
    scene = Scene(260, 30, {"text": [Text(130, 15, text, "#000000", size)]})
    image = Image.open(io.BytesIO(to_png(scene, scale))).convert("L")
    width, height = image.size
    inked = [any(image.getpixel((x, y)) < 160 for y in range(height)) for x in range(width)]
    first, last = inked.index(True), width - 1 - inked[::-1].index(True)
    runs, run = [], 0
    for x in range(first, last + 1):
        if inked[x]:
            if run:
                runs.append(run)
            run = 0
        else:
            run += 1
    return runs


def test_small_text_keeps_a_visible_space_between_words() -> None:
    words = "1 per 2 cats on the edge"
    wide = sorted(gaps(words, 10, 1.0), reverse=True)[: words.count(" ")]
    assert len(wide) == words.count(" ") and min(wide) >= 3, wide  # every space shows, at least 3 pixels wide
    assert len(gaps("cats", 10, 1.0)) < words.count(" ")  # letters of one word are not spread apart like words
