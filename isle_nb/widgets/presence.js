// Tells the kernel that the person is at this page (isle_nb.widgets.presence): a tap or click, a key, or the page
// shown again after it was hidden. At most one message every QUIET_MS; the kernel passes it on to the hub only while
// the hub counts the person away (a bot plays for them), so that their next decision waits for them.

const QUIET_MS = 5000;

function render({ model, el }) {
  el.style.display = "none";
  let last = 0;
  const here = () => {
    const now = Date.now();
    if (now - last < QUIET_MS) return;
    last = now;
    model.send({ event: "here" });
  };
  const shown = () => {
    if (document.visibilityState === "visible") here();
  };
  document.addEventListener("pointerdown", here, true);
  document.addEventListener("keydown", here, true);
  document.addEventListener("visibilitychange", shown);
  return () => {
    document.removeEventListener("pointerdown", here, true);
    document.removeEventListener("keydown", here, true);
    document.removeEventListener("visibilitychange", shown);
  };
}

export default { render };
