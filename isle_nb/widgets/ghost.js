// The ghost of the tile being placed, drawn in the browser over the boat canvas (isle_nb.widgets.ghost).
// Python sends, once per tile: its orientations, each orientation's handle cell and the handle cells where the
// model allows a placement (from the model's legal Place actions). Here we only draw and report intents: the
// ghost follows the mouse with no kernel round trip, R / F turn it, a click sends {event: "click", x, y,
// orientation} and Python asks the model. No rule is decided in this file.

function render({ model, el }) {
  const canvas = document.createElement("canvas");
  canvas.className = "isle-ghost-canvas";
  el.appendChild(canvas);
  const ctx = canvas.getContext("2d");
  let hover = null;
  let inside = false;
  let targetSets = [];
  let dropped = null; // cells of a legal click, drawn in the tile's colour until Python answers

  const get = (name) => model.get(name);

  function resize() {
    const scale = get("scale");
    canvas.width = Math.round(get("width") * scale);
    canvas.height = Math.round(get("height") * scale);
    canvas.style.width = `${get("width")}px`;
    canvas.style.height = `${get("height")}px`;
    draw();
  }

  function indexTargets() {
    targetSets = (get("targets") || []).map((cells) => new Set(cells.map(([x, y]) => `${x},${y}`)));
    draw();
  }

  function cellAt(event) {
    const box = canvas.getBoundingClientRect();
    const px = ((event.clientX - box.left) * get("width")) / box.width;
    const py = ((event.clientY - box.top) * get("height")) / box.height;
    const margin = get("margin");
    const size = get("cell");
    const x = Math.floor((px - margin) / size);
    const y = Math.floor((py - margin) / size);
    if (px < margin || py < margin || x < 0 || y < 0 || x >= get("columns") || y >= get("rows")) return null;
    return [x, y];
  }

  function ghostCells() {
    const o = get("orientation");
    const cells = (get("orientations") || [])[o];
    const handle = (get("handles") || [])[o];
    if (!hover || !cells || !handle) return null;
    return cells.map(([cx, cy]) => [hover[0] + cx - handle[0], hover[1] + cy - handle[1]]);
  }

  function isLegal() {
    const set = targetSets[get("orientation")];
    return Boolean(hover && set && set.has(`${hover[0]},${hover[1]}`));
  }

  function outline(cells) {
    const size = get("cell");
    const margin = get("margin");
    const taken = new Set(cells.map(([x, y]) => `${x},${y}`));
    ctx.beginPath();
    for (const [x, y] of cells) {
      const left = margin + x * size;
      const top = margin + y * size;
      if (!taken.has(`${x},${y - 1}`)) { ctx.moveTo(left, top); ctx.lineTo(left + size, top); }
      if (!taken.has(`${x},${y + 1}`)) { ctx.moveTo(left, top + size); ctx.lineTo(left + size, top + size); }
      if (!taken.has(`${x - 1},${y}`)) { ctx.moveTo(left, top); ctx.lineTo(left, top + size); }
      if (!taken.has(`${x + 1},${y}`)) { ctx.moveTo(left + size, top); ctx.lineTo(left + size, top + size); }
    }
    ctx.stroke();
  }

  function draw() {
    const scale = get("scale");
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    ctx.clearRect(0, 0, get("width"), get("height"));
    if (dropped) {
      // Instant feedback for a legal click; the boat canvas shows the real tile once the model has placed it.
      const size = get("cell");
      const margin = get("margin");
      ctx.fillStyle = get("fill");
      for (const [x, y] of dropped) ctx.fillRect(margin + x * size, margin + y * size, size, size);
      ctx.strokeStyle = "#222222";
      ctx.lineWidth = 2;
      ctx.lineCap = "square";
      outline(dropped);
      el.dataset.ghost = "dropped";
      return;
    }
    const cells = get("active") ? ghostCells() : null;
    el.dataset.ghost = cells ? (isLegal() ? "legal" : "illegal") : "none";
    if (!cells) return;
    const legal = isLegal();
    const styles = get("styles");
    const size = get("cell");
    const margin = get("margin");
    ctx.fillStyle = legal ? styles.ok : styles.bad;
    for (const [x, y] of cells) ctx.fillRect(margin + x * size, margin + y * size, size, size);
    ctx.strokeStyle = legal ? styles.ok_outline : styles.bad_outline;
    ctx.lineWidth = 2.5;
    ctx.lineCap = "square";
    outline(cells);
  }

  function answered() {
    dropped = null;
    draw();
  }

  function turn(mapName) {
    if (!get("active")) return;
    const map = get(mapName) || [];
    const next = map[get("orientation")];
    if (next === undefined) return;
    model.set("orientation", next);
    model.save_changes();
  }

  canvas.addEventListener("mousemove", (event) => {
    inside = true;
    const cell = cellAt(event);
    if ((cell === null) !== (hover === null) || (cell && (cell[0] !== hover[0] || cell[1] !== hover[1]))) {
      hover = cell;
      draw();
    }
  });
  canvas.addEventListener("mouseleave", () => {
    inside = false;
    hover = null;
    draw();
  });
  canvas.addEventListener("mousedown", (event) => {
    const cell = cellAt(event);
    if (!cell || !get("active")) return;
    event.preventDefault();
    hover = cell;
    if (isLegal() && get("fill")) dropped = ghostCells();
    draw();
    model.send({ event: "click", x: cell[0], y: cell[1], orientation: get("orientation") });
  });

  // R / F while the mouse is over the boat. A window capture listener runs before JupyterLab's shortcuts
  // (in command mode "r" would turn a cell into a raw cell); keys typed into an editor are left alone.
  function onKey(event) {
    if (!inside || !get("active") || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
    const key = event.key.toLowerCase();
    if (key !== "r" && key !== "f") return;
    event.preventDefault();
    event.stopPropagation();
    turn(key === "r" ? "rotate_map" : "mirror_map");
  }
  window.addEventListener("keydown", onKey, true);

  for (const name of ["width", "height", "scale"]) model.on(`change:${name}`, resize);
  model.on("change:targets", () => { dropped = null; indexTargets(); });
  for (const name of ["active", "orientations", "revision"]) model.on(`change:${name}`, answered);
  for (const name of ["orientation", "handles", "styles", "fill"]) model.on(`change:${name}`, draw);
  indexTargets();
  resize();
  return () => window.removeEventListener("keydown", onKey, true);
}

export default { render };
