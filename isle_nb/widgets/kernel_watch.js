// Says so over the app when its kernel is gone (isle_nb.widgets.kernel_watch). The widget manager's kernel
// connection reports a restart ("restarting", or "autorestarting" after a crash), a shut-down kernel ("dead") and a
// lost connection ("disconnected"); after any of them no click reaches Python any more, so the app is covered with
// a message. Python keeps `notice` up to date while it lives: what happened to the game (saved or not) and what to do,
// with "{again}" standing for this front end's way to start the app again (run the cell, or reload a Voila page).
// The message stays once shown: a restarted kernel knows nothing of this app.

const HEADLINES = {
  restarted: "This game's kernel was restarted.",
  stopped: "This game's kernel has stopped.",
  disconnected: "This page lost its connection to the game's kernel.",
};

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

function render({ model, el }) {
  el.classList.add("isle-kernel-watch");
  let lost = null;
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
  }

  function lose(why) {
    if (lost) return;
    lost = why;
    show();
  }

  const onStatus = (_kernel, status) => {
    if (status === "restarting" || status === "autorestarting") lose("restarted");
    else if (status === "dead") lose("stopped");
  };
  const onConnection = (_kernel, status) => {
    if (status === "disconnected") lose("disconnected");
  };
  const manager = model.widget_manager;
  const kernel = manager ? manager.kernel : null;
  if (kernel && kernel.statusChanged) kernel.statusChanged.connect(onStatus);
  if (kernel && kernel.connectionStatusChanged) kernel.connectionStatusChanged.connect(onConnection);
  if (kernel && kernel.status === "dead") lose("stopped");

  return () => {
    if (kernel && kernel.statusChanged) kernel.statusChanged.disconnect(onStatus);
    if (kernel && kernel.connectionStatusChanged) kernel.connectionStatusChanged.disconnect(onConnection);
    if (overlay) {
      overlay.parentElement && overlay.parentElement.classList.remove("isle-kernel-lost-app");
      overlay.remove();
    }
  };
}

export default { render };
