// Says so over the app when its kernel is gone (isle_nb.widgets.kernel_watch). The widget manager's kernel
// connection reports a restart ("restarting", or "autorestarting" after a crash), a shut-down kernel ("dead") and a
// lost connection ("disconnected"); a kernel shut down on the server is found by asking the server now and then.
// After any of them no click reaches Python any more, so the app is covered with a message. Python keeps `notice` up
// to date while it lives: what happened to the game (saved or not) and what to do, with "{again}" standing for this
// front end's way to start the app again (run the cell, or reload a Voila page).
// After a restart or a shut-down kernel the message stays: the new kernel knows nothing of this app. A connection
// that is still being retried counts after RECONNECT_MS, and the message goes again if it comes back. The message
// stands where the player is looking (the visible part of the app, followed as the page scrolls), and an app whose
// cell was just run with Shift+Enter scrolls into view.

const HEADLINES = {
  restarted: "This game's kernel was restarted.",
  stopped: "This game's kernel has stopped.",
  disconnected: "This page lost its connection to the game's kernel.",
};

const RECONNECT_MS = 10000; // how long a lost connection may take to come back before the app says so
const CHECK_MS = 10000; // how often a shown app asks the server whether its kernel still exists

async function kernelGone(kernel) {
  // A kernel shut down on the server (a Voila page's, or from another tab) leaves its socket open and silent: only
  // the server can say it is gone (404). An unreachable server is left to the connection's own status.
  const settings = kernel.serverSettings;
  if (!settings || !kernel.id) return false;
  const url = `${settings.baseUrl.replace(/\/?$/, "/")}api/kernels/${encodeURIComponent(kernel.id)}`;
  const headers = settings.token ? { Authorization: `token ${settings.token}` } : {};
  try {
    const init = { ...(settings.init || {}), headers, cache: "no-store" };
    const reply = await (settings.fetch ? settings.fetch.call(window, url, init) : window.fetch(url, init));
    return reply.status === 404;
  } catch (error) {
    return false;
  }
}

function again() {
  // A Voila page runs the notebook when it loads; in JupyterLab and Notebook 7 the player runs the cell.
  return /\/voila\//.test(window.location.pathname) ? "reload the page" : "run the cell again";
}

function appRoot(el) {
  // The outermost app around this mark (an app may show another game's app inside it).
  let root = null;
  for (let node = el.parentElement; node; node = node.parentElement) {
    if (node.classList && node.classList.contains("isle-kernel-watched")) root = node;
  }
  return root || el.parentElement;
}

function frameOf(node) {
  // The part of the window the app scrolls in (JupyterLab's notebook panel, a Voila page's window).
  for (let n = node.parentElement; n; n = n.parentElement) {
    const overflow = getComputedStyle(n).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && n.scrollHeight > n.clientHeight) {
      const box = n.getBoundingClientRect();
      return { top: Math.max(box.top, 0), bottom: Math.min(box.bottom, window.innerHeight), scroller: n };
    }
  }
  return { top: 0, bottom: window.innerHeight, scroller: window };
}

function placeWhereSeen(root, box) {
  // The message goes where the player is looking: near the top of the part of the app in the window (the app's own
  // top may be far above it, by the decision or the boat).
  const frame = frameOf(root);
  const app = root.getBoundingClientRect();
  const seenTop = Math.max(app.top, frame.top) - app.top;
  const room = Math.min(app.bottom, frame.bottom) - Math.max(app.top, frame.top);
  const offset = seenTop + Math.max(12, Math.min(56, (room - box.offsetHeight) / 3));
  box.style.marginTop = `${Math.max(0, Math.min(offset, app.height - box.offsetHeight - 12))}px`;
}

function revealAfterRun(root) {
  // Shift+Enter runs the app's cell and moves to the next (a new empty cell): the app is then often below the window.
  // Right after such a run (the next cell is the active one) the app's top comes into view.
  const cell = root.closest(".jp-Cell");
  const next = cell ? cell.nextElementSibling : null;
  if (!next || !next.classList.contains("jp-mod-active")) return;
  const frame = frameOf(root);
  const top = root.getBoundingClientRect().top;
  if (top >= frame.top && top <= frame.bottom - 160) return; // its top is in view already
  root.scrollIntoView({ block: "start", behavior: "instant" });
}

function render({ model, el }) {
  el.classList.add("isle-kernel-watch");
  let lost = null; // why the kernel is out of reach, or null
  let lasting = false; // a restart or a stopped kernel never comes back; a connection that drops may
  let waiting = null; // the timer of a reconnection that has not succeeded yet
  let overlay = null;

  function show() {
    const root = appRoot(el);
    if (!root) return;
    if (!overlay) {
      overlay = document.createElement("div");
      overlay.className = "isle-kernel-lost";
      overlay.setAttribute("role", "alert");
      root.classList.add("isle-kernel-lost-app");
      root.appendChild(overlay);
    }
    const box = document.createElement("div");
    box.className = "isle-kernel-lost-box";
    const head = document.createElement("div");
    head.className = "isle-kernel-lost-head";
    head.textContent = HEADLINES[lost];
    const text = document.createElement("div");
    text.className = "isle-kernel-lost-text";
    text.textContent = (model.get("notice") || "").split("{again}").join(again());
    box.append(head, text);
    overlay.replaceChildren(box);
    overlay.dataset.lost = lost;
    placeWhereSeen(root, box);
  }

  const follow = () => { if (overlay && overlay.firstChild) placeWhereSeen(appRoot(el), overlay.firstChild); };

  function hide() {
    if (overlay) {
      if (overlay.parentElement) overlay.parentElement.classList.remove("isle-kernel-lost-app");
      overlay.remove();
      overlay = null;
    }
  }

  function lose(why, forGood = true) {
    if (lasting) return;
    lost = why;
    lasting = forGood;
    show();
  }

  function regain() {
    // The connection came back to the same kernel: the app answers again.
    if (lasting || !lost) return;
    lost = null;
    hide();
  }

  const onStatus = (_kernel, status) => {
    if (status === "restarting" || status === "autorestarting") lose("restarted");
    else if (status === "dead") lose("stopped");
  };
  const onConnection = (_kernel, status) => {
    if (status === "connecting") {
      // A kernel shut down on the server (a Voila page's, a stopped server) is only seen as a connection that
      // never comes back: say so after a while, and take it back if it does come back.
      if (!waiting) waiting = setTimeout(() => { waiting = null; lose("disconnected", false); }, RECONNECT_MS);
      return;
    }
    if (waiting) clearTimeout(waiting);
    waiting = null;
    if (status === "disconnected") lose("disconnected");
    else regain();
  };
  let scroller = null; // found once the app is on the page
  const settle = setTimeout(() => {
    const root = appRoot(el);
    if (!root) return;
    scroller = frameOf(root).scroller;
    scroller.addEventListener("scroll", follow, { passive: true });
    revealAfterRun(root);
  }, 400);
  const manager = model.widget_manager;
  const kernel = manager ? manager.kernel : null;
  if (kernel && kernel.statusChanged) kernel.statusChanged.connect(onStatus);
  if (kernel && kernel.connectionStatusChanged) kernel.connectionStatusChanged.connect(onConnection);
  if (kernel && kernel.status === "dead") lose("stopped");
  const check = setInterval(async () => {
    if (!kernel || lasting || document.visibilityState !== "visible") return;
    if (await kernelGone(kernel)) lose("stopped");
  }, CHECK_MS);

  return () => {
    if (kernel && kernel.statusChanged) kernel.statusChanged.disconnect(onStatus);
    if (kernel && kernel.connectionStatusChanged) kernel.connectionStatusChanged.disconnect(onConnection);
    if (waiting) clearTimeout(waiting);
    clearInterval(check);
    clearTimeout(settle);
    if (scroller) scroller.removeEventListener("scroll", follow);
    hide();
  };
}

export default { render };
