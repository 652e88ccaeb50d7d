// Remembers a class seat in this browser (isle_nb.widgets.seat_memory): the lobby page shows this invisible mark;
// when a seat is taken, Python sets `link` and the browser keeps it in its local storage under `key`; when the page
// is opened again (a reload, a reopened tab), the mark tells Python the link it kept, so the lobby can take the
// student back to their seat. An empty `link` set by Python forgets the seat (the table is gone).

function storage() {
  try {
    return window.localStorage;
  } catch (error) {
    return null; // storage turned off: the seat is not remembered, and the link on the page still works
  }
}

function render({ model, el }) {
  el.style.display = "none";
  const store = storage();
  const key = model.get("key");
  if (store && key) {
    const kept = store.getItem(key) || "";
    if (kept && !model.get("link")) model.send({ event: "remembered", link: kept });
  }
  const keep = () => {
    if (!store || !key) return;
    const link = model.get("link");
    if (link) store.setItem(key, link);
    else if (model.get("forget")) store.removeItem(key);
  };
  model.on("change:link", keep);
  model.on("change:forget", keep);
  return () => {
    model.off("change:link", keep);
    model.off("change:forget", keep);
  };
}

export default { render };
