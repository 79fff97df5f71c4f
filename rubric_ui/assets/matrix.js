// The matrix element (rubric_ui/widgets/matrix_element.py): items x configurations drawn from ONE JSON payload
// (rubric_core/views/matrix_view.py). Every piece of text is data: it is written with textContent and attributes,
// never as HTML. Python keeps the data and the permissions; this only draws, filters rows and sends clicks back.
const MARKS = { pass: "✔", fail: "✘", na: "n/a", error: "ERR", stopped: "■", running: "…", pending: "·" };
const OUTCOME_SAID = {
  pass: "satisfied",
  fail: "unmet: a criterion failed",
  na: "unmet only on criteria the grader could not judge (n/a)",
  error: "a grader or run error: no quality result",
  stopped: "cancelled or interrupted (resumable)",
  running: "running",
  pending: "not started",
};

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function money(c) {
  return c === null || c === undefined ? "" : c > 0 ? ` $${c < 0.01 ? c.toFixed(4) : c.toFixed(2)}` : "";
}

function build(root, data, send) {
  root.textContent = "";
  const state = root.__rs;
  state.suffix = null; // the links are new: keepView sets their view again
  const bar = el("div", "rs-mx-bar");
  const modes = el("div", "rs-mx-modes");
  modes.setAttribute("role", "group");
  modes.setAttribute("aria-label", "Show");
  for (const [mode, label] of data.modes) {
    const b = el("button", "rs-mx-mode", `${label} ${data.counts[mode] ?? 0}`);
    b.type = "button";
    b.dataset.mode = mode;
    b.onclick = () => {
      state.view.mode = mode;
      apply(root);
      send.state("mode", mode);
    };
    modes.appendChild(b);
  }
  bar.appendChild(modes);
  const note = el("span", "rs-mx-note");
  bar.appendChild(note);
  const clear = el("button", "rs-mx-clear", "Show every item again");
  clear.type = "button";
  clear.onclick = () => {
    state.view.only = null;
    apply(root);
    send.state("only", "");
  };
  bar.appendChild(clear);
  root.appendChild(bar);

  const wrap = el("div", "rs-mx-wrap");
  const table = el("table", "rs-mx");
  const head = el("tr");
  head.appendChild(el("th", "rs-mx-item-head", "item"));
  for (const c of data.columns) {
    const th = el("th", "rs-mx-col");
    th.dataset.column = String(c.i);
    // What sets the column apart first: the lead every label shares is a line of its own below it.
    th.appendChild(el("div", "rs-mx-col-label", `${c.i + 1}. ${c.head}`));
    if (c.shared) th.appendChild(el("div", "rs-mx-col-shared", c.shared));
    const sub = el("div", "rs-mx-col-sub", `${c.status_label} · ${c.rate}`);
    sub.dataset.status = c.status;
    th.appendChild(sub);
    if (c.problem) th.appendChild(el("div", "rs-mx-col-problem", c.problem));
    th.title = `${c.label}\n${c.status_label}\n${c.rate}` + (c.problem ? `\n${c.problem}` : "");
    head.appendChild(th);
  }
  const thead = el("thead");
  thead.appendChild(head);
  table.appendChild(thead);
  const body = el("tbody");
  state.rows = new Map();
  for (const row of data.rows) {
    const tr = el("tr");
    tr.dataset.row = String(row.r);
    tr.dataset.item = row.id;
    tr.dataset.flags = row.flags.join(" ");
    const item = el("td", "rs-mx-item");
    item.appendChild(el("span", "rs-mx-id", row.id));
    item.appendChild(el("span", "rs-mx-task", row.task));
    item.title = `${row.id}\n${row.task}`;
    tr.appendChild(item);
    row.cells.forEach((cell, col) => {
      const td = el("td", "rs-mx-cell");
      td.dataset.column = String(col);
      if (!cell) {
        td.classList.add("rs-o-none");
        tr.appendChild(td);
        return;
      }
      td.dataset.outcome = cell.o;
      td.classList.add(`rs-o-${cell.o}`);
      const text = cell.o === "pending" ? MARKS.pending : `${MARKS[cell.o] || "?"} ${cell.n}${money(cell.c)}`;
      const said = `${row.id} · ${data.columns[col].label}\n${OUTCOME_SAID[cell.o] || cell.s} (${cell.s.replace(/_/g, " ")})` +
        `\n${cell.n} iteration(s)${cell.c === null ? ", no price for a model" : money(cell.c) ? "," + money(cell.c) : ""}`;
      if (cell.run) {
        const a = el("a", "rs-mx-open", text);
        a.href = data.run_link + encodeURIComponent(cell.run);
        a.dataset.href = a.href;
        a.target = "_self";
        a.dataset.run = cell.run;
        a.title = `${said}\nClick: open its run`;
        td.appendChild(a);
        const pick = el("button", "rs-mx-pick", "⇆");
        pick.type = "button";
        pick.title = "Pick this cell, then another of the same row: the two open side by side below";
        pick.setAttribute("aria-label", `Pick ${row.id} in column ${col + 1} for side by side`);
        pick.onclick = (event) => {
          event.preventDefault();
          const picked = state.picked;
          if (picked && picked.row === row.r && picked.col !== col) {
            state.picked = null;
            state.view.pair = [row.r, picked.col, col];
            apply(root);
            send.trigger("pair", { row: row.r, a: picked.col, b: col });
          } else if (picked && picked.row === row.r && picked.col === col) {
            state.picked = null;
            apply(root);
          } else {
            state.picked = { row: row.r, col };
            apply(root);
          }
        };
        td.appendChild(pick);
      } else {
        td.appendChild(el("span", "rs-mx-open", text));
        td.title = said;
      }
      tr.appendChild(td);
    });
    body.appendChild(tr);
    state.rows.set(row.r, tr);
  }
  table.appendChild(body);
  wrap.appendChild(table);
  root.appendChild(wrap);
  root.appendChild(el("div", "rs-mx-legend",
    "✔ satisfied · ✘ unmet (a criterion failed) · n/a unmet only on criteria the grader could not judge · " +
    "ERR grader or run error · ■ cancelled or interrupted · … running · · not started; the number is the cell's " +
    "iterations, then its cost. Click a cell to open its run; ⇆ on two cells of a row shows them side by side."));

  if (data.baseline.criteria.length) {
    const base = el("div", "rs-mx-base");
    base.appendChild(el("div", "rs-mx-base-title",
      `Against the baseline, column ${data.baseline.index + 1} (${data.baseline.label}): items regressed ` +
      "(✔ → ✘, red) and improved (✘ → ✔, green), McNemar's exact p over the items judged in both. " +
      "Click a count to show only those items."));
    const bt = el("table", "rs-mx-btable");
    const bh = el("tr");
    bh.appendChild(el("th", "", "criterion"));
    for (const c of data.columns) {
      if (c.i === data.baseline.index) continue;
      const bth = el("th", "", `${c.i + 1}. ${c.head}`);
      bth.title = c.label;
      bh.appendChild(bth);
    }
    bt.appendChild(bh);
    for (const crit of data.baseline.criteria) {
      const tr = el("tr");
      tr.appendChild(el("td", "rs-mx-bcrit", crit.name));
      crit.cells.forEach((cell, col) => {
        if (col === data.baseline.index) return;
        const td = el("td", "rs-mx-bcell");
        td.dataset.column = String(col);
        if (!cell || cell.missing) {
          td.textContent = "not in its rubric";
          tr.appendChild(td);
          return;
        }
        for (const [kind, count, sign] of [["reg", cell.reg, "−"], ["imp", cell.imp, "+"]]) {
          const key = `${kind}:${col}:${cell.k}`;
          const b = el("button", `rs-mx-${kind}`, `${sign}${count}`);
          b.type = "button";
          b.dataset.filter = key;
          b.disabled = count === 0;
          b.title = data.filters[key] ? data.filters[key].label : "";
          b.onclick = () => {
            state.view.only = key;
            apply(root);
            send.state("only", key);
          };
          td.appendChild(b);
        }
        td.appendChild(el("span", "rs-mx-p", ` p ${cell.p}` + (cell.na ? ` · ${cell.na} n/a out` : "")));
        tr.appendChild(td);
      });
      bt.appendChild(tr);
    }
    base.appendChild(bt);
    root.appendChild(base);
  }
}

function apply(root) {
  const state = root.__rs;
  const data = state.data;
  const view = state.view;
  const only = view.only && data.filters[view.only] ? new Set(data.filters[view.only].rows) : null;
  const matches = view.matches ? new Set(view.matches) : null;
  let shown = 0;
  for (const [r, tr] of state.rows) {
    const flags = tr.dataset.flags ? tr.dataset.flags.split(" ") : [];
    const visible = (view.mode === "all" || flags.includes(view.mode)) &&
      (!only || only.has(r)) && (!matches || matches.has(r));
    tr.hidden = !visible;
    if (visible) shown += 1;
    tr.classList.toggle("rs-mx-paired", !!view.pair && view.pair[0] === r);
  }
  for (const td of root.querySelectorAll("td.rs-mx-cell")) {
    const r = Number(td.parentElement.dataset.row);
    const col = Number(td.dataset.column);
    td.classList.toggle("rs-mx-picked", !!state.picked && state.picked.row === r && state.picked.col === col);
    td.classList.toggle("rs-mx-pair", !!view.pair && view.pair[0] === r && (view.pair[1] === col || view.pair[2] === col));
  }
  for (const b of root.querySelectorAll("button.rs-mx-mode")) {
    b.setAttribute("aria-pressed", String(b.dataset.mode === view.mode));
  }
  for (const b of root.querySelectorAll("button[data-filter]")) {
    b.classList.toggle("rs-mx-on", b.dataset.filter === view.only);
  }
  const table = root.querySelector("table.rs-mx");
  table.dataset.mode = view.mode;
  table.dataset.shown = String(shown);
  table.dataset.only = view.only || "";
  const parts = [`${shown} of ${data.rows.length} items`];
  if (only) parts.push(data.filters[view.only].label);
  if (matches) parts.push(`${view.matches.length} match “${view.query}”`);
  root.querySelector(".rs-mx-note").textContent = parts.join(" · ");
  root.querySelector(".rs-mx-clear").hidden = !only;
  keepView(root, data, view);
}

// A cell's link carries the view it was opened from (`sv`): the Run page's "Back to the suite run" opens the
// suite run with the same mode, search, baseline, filter and pair (rubric_core/views/matrix_view.py suite_view).
function keepView(root, data, view) {
  if (!data.view_of) return;
  const params = new URLSearchParams({ suite: data.view_of });
  if (view.mode && view.mode !== "all") params.set("mode", view.mode);
  if (view.query) params.set("q", view.query);
  if (data.baseline.index) params.set("base", String(data.baseline.index + 1));
  if (view.only) params.set("only", view.only);
  if (view.pair) params.set("pair", view.pair.join("."));
  const suffix = "&sv=" + encodeURIComponent(params.toString());
  if (root.__rs.suffix === suffix) return;
  root.__rs.suffix = suffix;
  for (const a of root.querySelectorAll("a.rs-mx-open")) a.href = a.dataset.href + suffix;
}

export default function (component) {
  const { data, parentElement, setStateValue, setTriggerValue } = component;
  const root = parentElement.querySelector(".rs-mx-root");
  const send = {
    state: (name, value) => {
      root.__rs.local[name] = value || null;
      setStateValue(name, value);
    },
    trigger: setTriggerValue,
  };
  if (!root.__rs) root.__rs = { v: null, view: {}, picked: null, local: {} };
  const state = root.__rs;
  state.data = data;
  // The view comes from Python (the URL) on every draw; a click changes it here at once and tells Python after.
  // Until Python's draw says what the click said, the click's value stands (a live page redraws meanwhile).
  const local = state.local || {};
  const view = { mode: data.mode, only: data.only, matches: data.matches, query: data.query, pair: data.pair };
  for (const name of ["mode", "only"]) {
    if (name in local && (data[name] || null) !== (local[name] || null)) view[name] = local[name];
    else delete local[name];
  }
  state.local = local;
  state.view = view;
  const started = performance.now();
  if (state.v !== data.v) {
    state.v = data.v;
    build(root, data, send);
  }
  apply(root);
  root.dataset.v = data.v;
  // How long this draw took in the page (bench/matrix.py reads it): the element's own share of a page's time.
  root.dataset.drawMs = String(Math.round(performance.now() - started));
}
