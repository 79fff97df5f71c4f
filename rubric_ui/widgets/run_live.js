// The live preview of the run view element (prepended to run_element.js, which calls drawLive with each payload).
//
// What the run is doing between two stored events, from the payload's `live_preview`
// (rubric_core/views/live_payload.py): the draft as the working model writes it, with a visible
// "writing…" state; the agent's tool calls, todos (write_todos) and subagent (task tool) steps as they
// start and end; while the grader works, which pass it is on and the tool calls it makes. Every string is
// the agent's or the grader's: set with textContent only, never parsed as HTML.

const LIVE_STATES = { writing: "writing…", grading: "grading…", working: "working…" };

function liveCalls(title, calls, cls) {
  const box = el("div", "rs-live-calls " + cls);
  add(box, el("div", "rs-caption", title));
  const list = el("ul", "rs-live-list");
  for (const c of calls) {
    const item = el("li", "rs-live-call");
    item.dataset.kind = c.kind;
    item.dataset.state = c.state;
    item.dataset.name = c.name;
    add(item, el("span", "rs-live-mark", c.mark), " ", el("b", null, c.label));
    if (c.args) add(item, " ", el("code", "rs-live-args", c.args));
    if ((c.steps || []).length) add(item, el("div", "rs-live-steps", c.steps.join(" · ")));
    add(list, item);
  }
  return add(box, list);
}

function liveTodos(todos) {
  const box = el("div", "rs-live-todos");
  add(box, el("div", "rs-caption", "Todos"));
  const list = el("ul", "rs-live-list");
  for (const t of todos) {
    const item = el("li", "rs-live-todo", t.mark + " " + t.text);
    item.dataset.status = t.status;
    add(list, item);
  }
  return add(box, list);
}

function drawLive(root, live) {
  const slot = root.querySelector(".rs-live-slot");
  if (!slot) return;
  const stamp = live ? String(live.stamp) : "";
  if (slot.dataset.stamp === stamp && slot.dataset.drawn === "1") return;
  const old = slot.querySelector(".rs-live-text");
  const atEnd = !old || old.scrollTop + old.clientHeight >= old.scrollHeight - 8;
  slot.textContent = "";
  slot.dataset.stamp = stamp;
  slot.dataset.drawn = "1";
  if (!live) return;
  const box = el("div", "rs-live");
  box.dataset.testid = "rs-live";
  box.dataset.phase = live.phase;
  box.dataset.writing = live.writing ? "true" : "false";
  const state = live.phase === "grading" ? "grading" : live.writing ? "writing" : "working";
  const head = el("div", "rs-live-head");
  add(head, el("span", "rs-live-dot"), el("b", "rs-live-state", LIVE_STATES[state]), " " + live.label);
  add(box, head);
  if (live.text) {
    const text = el("pre", "rs-live-text", (live.cut ? "…" : "") + live.text);
    add(text, el("span", "rs-live-caret"));
    add(box, text);
    if (live.cut) add(box, caption("The last " + live.text.length + " of " + live.chars + " characters so far."));
  }
  const row = el("div", "rs-live-row");
  if ((live.calls || []).length) add(row, liveCalls("The agent's tool calls", live.calls, "rs-live-agent"));
  if ((live.grader_calls || []).length) add(row, liveCalls("The grader's tool calls", live.grader_calls, "rs-live-grader"));
  if ((live.todos || []).length) add(row, liveTodos(live.todos));
  if (row.childNodes.length) add(box, row);
  add(slot, box);
  const now = slot.querySelector(".rs-live-text");
  if (now && atEnd) now.scrollTop = now.scrollHeight;
}
