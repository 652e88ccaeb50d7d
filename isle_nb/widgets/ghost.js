// The tile being placed, drawn in the browser over the boat canvas (isle_nb.widgets.ghost), and a line under the
// boat saying what the spot would give. Python sends, once per tile, the pictures (scene items drawn by
// isle_nb.view, relative to the handle cell), the grid's cell edges, the legal spots of each orientation and their
// words. Here we only translate and paint those pictures and report intents: the ghost follows the mouse with no
// kernel round trip, R / F turn it, Tab / arrows step through the legal spots, a click or Enter sends
// {event: "click", x, y, orientation} and Python asks the model. No rule and no boat geometry lives in this file.

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function render({ model, el }) {
  const canvas = document.createElement("canvas");
  canvas.className = "isle-ghost-canvas";
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-label", "Your boat: Tab or the arrow keys step through the legal spots, R rotates, F mirrors, Enter places, Esc leaves the boat");
  const info = document.createElement("div");
  info.className = "isle-ghost-info";
  info.setAttribute("aria-live", "polite");
  // Under the boat: the info line, and on a touch screen a Place button (placing by taps, see tap below)
  const row = document.createElement("div");
  row.className = "isle-ghost-row";
  const placeButton = document.createElement("button");
  placeButton.className = "isle-ghost-place jupyter-button";
  placeButton.textContent = "Place";
  placeButton.title = "Place the tile where it is shown";
  row.appendChild(info);
  row.appendChild(placeButton);
  el.appendChild(canvas);
  el.appendChild(row);
  const ctx = canvas.getContext("2d");
  let hover = null; // [x, y] of the cell under the handle
  let inside = false;
  let targetIndex = []; // per orientation: Map "x,y" -> position in the targets list
  let dropped = null; // [orientation, x, y] of a legal click, drawn until Python answers
  let noticeShown = ""; // the refusal currently shown (hidden again when the ghost moves)
  const coarse = window.matchMedia ? window.matchMedia("(pointer: coarse)") : null;
  let touched = Boolean(coarse && coarse.matches); // a finger places here: the words speak of taps, Place shows
  let lastTouch = -Infinity; // when a finger last left the boat (the mouse events a browser makes up then are ignored)
  const TOUCH_GRACE = 800; // ms

  const get = (name) => model.get(name);

  function resize() {
    const scale = get("scale");
    canvas.width = Math.round(get("width") * scale);
    canvas.height = Math.round(get("height") * scale);
    // At most the boat's size, less where the screen is narrower (a phone): the canvas has `scale` x the pixels, so a
    // boat scaled down stays sharp, and cellAt maps the pointer through the scaling.
    canvas.style.width = `${get("width")}px`;
    canvas.style.maxWidth = "100%";
    canvas.style.height = "auto";
    row.style.width = `${get("width")}px`; // a long line is cut, never widens the app
    row.style.maxWidth = "100%";
    draw();
  }

  function indexTargets() {
    targetIndex = (get("targets") || []).map((cells) => new Map(cells.map(([x, y], i) => [`${x},${y}`, i])));
  }

  // The grid cell under a pointer, from the cell edges Python sent (isle_nb.view.grid.cell_origin).
  function edgeIndex(edges, value) {
    for (let i = 0; i + 1 < edges.length; i++) if (value >= edges[i] && value < edges[i + 1]) return i;
    return -1;
  }

  function cellAt(event) {
    const box = canvas.getBoundingClientRect();
    const x = edgeIndex(get("columns") || [], ((event.clientX - box.left) * get("width")) / box.width);
    const y = edgeIndex(get("rows") || [], ((event.clientY - box.top) * get("height")) / box.height);
    return x < 0 || y < 0 ? null : [x, y];
  }

  function origin(cell) {
    return [get("columns")[cell[0]] ?? 0, get("rows")[cell[1]] ?? 0];
  }

  function spot(cell, orientation = get("orientation")) {
    const index = targetIndex[orientation];
    return cell && index ? index.get(`${cell[0]},${cell[1]}`) : undefined;
  }

  // -- painting scene items (isle_nb.draw: Rect, Line, Circle, Text, Polygon, Polyline) --------------------------
  function paintItems(items, dx, dy) {
    for (const it of items) {
      if (it.t === "rect") {
        if (it.fill) { ctx.fillStyle = it.fill; ctx.fillRect(it.x + dx, it.y + dy, it.w, it.h); }
        if (it.stroke) { ctx.strokeStyle = it.stroke; ctx.lineWidth = it.width; ctx.strokeRect(it.x + dx, it.y + dy, it.w, it.h); }
      } else if (it.t === "line") {
        ctx.strokeStyle = it.stroke; ctx.lineWidth = it.width; ctx.lineCap = "square";
        ctx.beginPath(); ctx.moveTo(it.x1 + dx, it.y1 + dy); ctx.lineTo(it.x2 + dx, it.y2 + dy); ctx.stroke();
      } else if (it.t === "circle") {
        ctx.beginPath(); ctx.arc(it.x + dx, it.y + dy, it.r, 0, 2 * Math.PI);
        ctx.fillStyle = it.fill; ctx.fill();
        if (it.stroke) { ctx.strokeStyle = it.stroke; ctx.lineWidth = 1.5; ctx.stroke(); }
      } else if (it.t === "text") {
        ctx.fillStyle = it.fill; ctx.textAlign = "center"; ctx.textBaseline = "middle";
        ctx.font = `${it.bold ? "bold " : ""}${it.size}px sans-serif`;
        ctx.fillText(it.text, it.x + dx, it.y + dy);
      } else if (it.t === "polygon" || it.t === "polyline") {
        ctx.beginPath();
        it.points.forEach(([x, y], i) => (i ? ctx.lineTo(x + dx, y + dy) : ctx.moveTo(x + dx, y + dy)));
        if (it.t === "polygon") { ctx.closePath(); ctx.fillStyle = it.fill; ctx.fill(); }
        if (it.stroke) { ctx.strokeStyle = it.stroke; ctx.lineWidth = it.width || 1; ctx.stroke(); }
      }
    }
  }

  function paintOutline(segments, dx, dy, colour, width, dashed) {
    ctx.strokeStyle = colour; ctx.lineWidth = width; ctx.lineCap = "square";
    ctx.setLineDash(dashed ? [5, 4] : []);
    ctx.beginPath();
    for (const [x1, y1, x2, y2] of segments) { ctx.moveTo(x1 + dx, y1 + dy); ctx.lineTo(x2 + dx, y2 + dy); }
    ctx.stroke();
    ctx.setLineDash([]);
  }

  function paintTile(orientation, cell, alpha, outlineColour, dashed) {
    const picture = (get("pictures") || [])[orientation];
    if (!picture) return;
    const [dx, dy] = origin(cell);
    ctx.globalAlpha = alpha;
    paintItems(picture.tile, dx, dy);
    ctx.globalAlpha = 1;
    if (outlineColour) {
      paintOutline(picture.outline, dx, dy, "#ffffff", 6, false); // a halo keeps the outline visible on any tile
      paintOutline(picture.outline, dx, dy, outlineColour, 3, dashed);
    }
  }

  function draw() {
    showPlaceButton();
    const scale = get("scale");
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    ctx.clearRect(0, 0, get("width"), get("height"));
    const styles = get("styles");
    if (dropped) {
      // Instant feedback for a legal click; the boat canvas shows the real tile once the model has placed it.
      paintTile(dropped[0], [dropped[1], dropped[2]], 1, "#222222", false);
      el.dataset.ghost = "dropped";
      return;
    }
    const marked = get("marked") || [];
    if (marked.length) {
      const size = get("cell");
      ctx.strokeStyle = "#d4a017"; ctx.lineWidth = 4; ctx.setLineDash([]);
      for (const cell of marked) { const [x, y] = origin(cell); ctx.strokeRect(x + 2, y + 2, size - 4, size - 4); }
    }
    el.dataset.marked = String(marked.length);
    if (!get("active")) { el.dataset.ghost = "none"; showInfo(); return; }
    const orientation = get("orientation");
    if (get("show_legal")) {
      const marker = get("marker") || [];
      for (const cell of (get("targets") || [])[orientation] || []) {
        const [x, y] = origin(cell);
        paintItems(marker, x, y);
      }
    }
    const suggestion = get("suggestion") || [];
    if (suggestion.length === 3) paintTile(suggestion[0], [suggestion[1], suggestion[2]], 0.55, styles.suggestion, true);
    el.dataset.cell = hover ? `${hover[0]},${hover[1]}` : "";
    el.dataset.orientation = String(orientation);
    if (hover) {
      const legal = spot(hover) !== undefined;
      paintTile(orientation, hover, legal ? 0.85 : 0.5, legal ? styles.ok : styles.bad, !legal);
      el.dataset.ghost = legal ? "legal" : "illegal";
    } else {
      el.dataset.ghost = "none";
    }
    showInfo();
  }

  function showInfo() {
    const notice = get("notice");
    if (notice && notice === noticeShown) {
      info.className = "isle-ghost-info refused";
      info.textContent = `Not allowed: ${notice}`;
      info.title = info.textContent;
      const rule = get("notice_rule");
      if (rule) {
        const tag = document.createElement("span");
        tag.className = "isle-ghost-rule";
        tag.textContent = rule;
        info.appendChild(tag);
      }
      return;
    }
    if (!get("active")) {
      const label = (get("marked") || []).length ? get("marked_label") : "";
      info.className = "isle-ghost-info";
      info.textContent = label ? `Outlined in gold: ${label}.` : "";
      return;
    }
    const orientation = get("orientation");
    const targets = (get("targets") || [])[orientation] || [];
    const at = spot(hover);
    if (hover && at !== undefined) {
      const text = (get("infos") || [])[((get("target_infos") || [])[orientation] || [])[at]] || "";
      info.className = "isle-ghost-info legal";
      info.textContent = `Legal here. ${text}${get("ready") ? "" : " (Choose the Oshax's colour first.)"}`;
      info.title = info.textContent;
    } else if (hover) {
      info.className = "isle-ghost-info illegal";
      info.textContent = targets.length
        ? (touched ? "Not a legal spot: tap it again to see why." : "Not a legal spot: click to see why, or press Tab for the next legal spot.")
        : noSpot();
    } else {
      info.className = "isle-ghost-info";
      info.textContent = targets.length ? get(touched ? "touch_hint" : "hint") : noSpot();
    }
  }

  function noSpot() {
    return touched
      ? "No legal spot in this orientation: tap Rotate or Mirror."
      : "No legal spot in this orientation: press R to rotate or F to mirror.";
  }

  // The Place button (touch screens): enabled while the ghost stands on a spot of the boat
  function showPlaceButton() {
    placeButton.style.display = touched && get("active") ? "" : "none";
    placeButton.disabled = !(hover && get("active") && !dropped);
  }

  function moveTo(cell) {
    hover = cell;
    noticeShown = "";
    draw();
  }

  function place(cell) {
    if (!cell || !get("active")) return;
    if (spot(cell) !== undefined && get("ready")) dropped = [get("orientation"), cell[0], cell[1]];
    noticeShown = "";
    draw();
    model.send({ event: "click", x: cell[0], y: cell[1], orientation: get("orientation") });
  }

  // -- keyboard: Tab / Shift+Tab cycle the legal spots, arrows go to the nearest spot that way, Enter places ------
  function step(delta) {
    const targets = (get("targets") || [])[get("orientation")] || [];
    if (!targets.length) return;
    let i = spot(hover);
    if (i === undefined) {
      // from an illegal spot (or none): the next spot after it in reading order
      const key = hover ? hover[1] * 1000 + hover[0] : -1;
      i = targets.findIndex(([x, y]) => y * 1000 + x > key);
      if (i < 0) i = 0;
      if (delta < 0) i -= 1;
      i = (i + targets.length) % targets.length;
    } else {
      i = (i + delta + targets.length) % targets.length;
    }
    moveTo(targets[i]);
  }

  function nearest(dx, dy) {
    const targets = (get("targets") || [])[get("orientation")] || [];
    if (!targets.length) return;
    if (!hover) { moveTo(targets[0]); return; }
    let best = null;
    let bestCost = Infinity;
    for (const [x, y] of targets) {
      const along = (x - hover[0]) * dx + (y - hover[1]) * dy;
      if (along <= 0) continue;
      const across = Math.abs((x - hover[0]) * dy) + Math.abs((y - hover[1]) * dx);
      const cost = along + 2 * across;
      if (cost < bestCost) { bestCost = cost; best = [x, y]; }
    }
    if (best) moveTo(best);
  }

  function turn(mapName) {
    const next = (get(mapName) || [])[get("orientation")];
    if (next === undefined) return;
    model.set("orientation", next);
    model.save_changes();
  }

  const afterTouch = () => performance.now() - lastTouch < TOUCH_GRACE;

  canvas.addEventListener("mousemove", (event) => {
    if (afterTouch()) return;
    inside = true;
    const cell = cellAt(event);
    if ((cell === null) !== (hover === null) || (cell && (cell[0] !== hover[0] || cell[1] !== hover[1]))) moveTo(cell);
  });
  canvas.addEventListener("mouseleave", () => {
    if (afterTouch()) return;
    inside = false;
    if (document.activeElement !== canvas) moveTo(null);
  });
  canvas.addEventListener("mousedown", (event) => {
    if (afterTouch()) return;
    // A click gives the boat the keyboard focus (the default action would, but placing prevents it below); from
    // then on its keys never reach the notebook (see onKey).
    if (document.activeElement !== canvas) canvas.focus({ preventScroll: true });
    const cell = cellAt(event);
    if (!cell || !get("active")) return;
    event.preventDefault();
    hover = cell;
    place(cell);
  });
  // Placing by touch: a tap shows the tile there (the same ghost and line as the mouse's hover), a second tap on the
  // same spot places it (or Place); on an illegal spot the second tap asks why, said on the same line. A finger that
  // moves scrolls the page (the browser then cancels the pointer): only a tap counts. The pointer's place on the
  // canvas goes through its CSS scaling (cellAt), so a boat scaled down to a phone's width maps right.
  function tap(cell) {
    if (!cell || !get("active")) return;
    if (hover && cell[0] === hover[0] && cell[1] === hover[1]) place(cell);
    else moveTo(cell);
  }

  canvas.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse") return;
    lastTouch = performance.now();
  });
  canvas.addEventListener("pointerup", (event) => {
    if (event.pointerType === "mouse") return;
    lastTouch = performance.now();
    if (!touched) { touched = true; showInfo(); }
    tap(cellAt(event));
  });
  canvas.addEventListener("contextmenu", (event) => { if (afterTouch()) event.preventDefault(); });
  placeButton.addEventListener("click", () => { if (hover) place(hover); });

  canvas.addEventListener("focus", () => { if (get("active") && !hover && !afterTouch()) step(1); });
  canvas.addEventListener("blur", () => { if (!inside && !touched) moveTo(null); }); // a tap on Rotate keeps the spot

  // When placing starts (a cat just rescued, with the island under the boat) the prompt above the boat and the whole
  // boat come into view, as far as the window holds them: the boat whole first, then as much of the prompt as fits.
  // Nothing scrolls when they are in view already (beside the boat on a wide screen they always are).
  function scroller(node) {
    for (let n = node.parentElement; n; n = n.parentElement) {
      const overflow = getComputedStyle(n).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && n.scrollHeight > n.clientHeight) return n;
    }
    return document.scrollingElement;
  }

  function bringIntoView() {
    requestAnimationFrame(() => {
      const box = scroller(el);
      if (!box) return;
      const frame = box === document.scrollingElement ? { top: 0, bottom: window.innerHeight } : box.getBoundingClientRect();
      const prompt = el.closest(".isle-app")?.querySelector(".isle-panel-box");
      const boat = canvas.getBoundingClientRect();
      const bottom = boat.bottom + info.offsetHeight;
      const top = prompt ? Math.min(prompt.getBoundingClientRect().top, boat.top) : boat.top;
      if (top >= frame.top && bottom <= frame.bottom) return;
      const margin = 6;
      let delta = top - frame.top - margin; // the prompt's top at the frame's top...
      delta = Math.max(delta, bottom - frame.bottom + margin); // ...unless the boat's bottom would be cut
      delta = Math.min(delta, boat.top - frame.top - margin); // and never past the boat's top
      box.scrollBy({ top: delta, behavior: "instant" });
    });
  }

  // Keys while the mouse is over the boat or the boat has the keyboard focus. A window capture listener runs before
  // JupyterLab's shortcuts (in command mode "r" would turn a cell into a raw cell); typing into an editor is left alone.
  // While the boat has the focus no key reaches the notebook: Tab stays in the boat, the arrows do not scroll, and Esc
  // hands the focus back to the notebook. A key with Ctrl, Cmd or Alt is never the boat's: it goes to the page untouched
  // (Ctrl+S saves the notebook, Ctrl+Shift+C opens the command palette).
  function handOver() {
    const notebook = canvas.closest(".jp-Notebook");
    canvas.blur();
    if (notebook) notebook.focus({ preventScroll: true });
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const focused = document.activeElement === canvas;
    if (focused) {
      event.stopPropagation(); // the notebook never sees a key meant for the boat
      if (event.key === "Escape") { event.preventDefault(); handOver(); return; }
      if (event.key === "Tab" || event.key in ARROWS || event.key === " ") event.preventDefault();
    }
    if (!(inside || focused) || !get("active")) return;
    const target = event.target;
    if (target && target !== canvas && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
    const key = event.key;
    if (key === "r" || key === "R") turn("rotate_map");
    else if (key === "f" || key === "F") turn("mirror_map");
    else if (key === "Tab" && focused) step(event.shiftKey ? -1 : 1);
    else if (key in ARROWS && focused) nearest(...ARROWS[key]);
    else if ((key === "Enter" || key === " ") && focused) place(hover);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }
  window.addEventListener("keydown", onKey, true);

  for (const name of ["width", "height", "scale"]) model.on(`change:${name}`, resize);
  model.on("change:targets", () => {
    indexTargets();
    dropped = null;
    if (touched) hover = null; // a new tile: the first tap shows it, never places it at once
    draw();
  });
  model.on("change:notice", () => { noticeShown = get("notice"); draw(); });
  model.on("change:revision", () => { dropped = null; noticeShown = get("notice"); draw(); });
  model.on("change:active", () => {
    dropped = null;
    if (!get("active")) hover = document.activeElement === canvas ? hover : null;
    else bringIntoView();
    draw();
  });
  for (const name of ["orientation", "pictures", "styles", "show_legal", "suggestion", "infos", "hint", "touch_hint", "ready",
                      "marked", "marked_label"]) {
    model.on(`change:${name}`, draw);
  }
  indexTargets();
  noticeShown = get("notice");
  resize();
  return () => window.removeEventListener("keydown", onKey, true);
}

export default { render };
