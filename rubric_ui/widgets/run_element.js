// The run view element (Streamlit components v2, in the page itself: no iframe).
//
// It draws one run from ONE payload (rubric_core/views/run_payload.py): the verdict line, the iteration
// chips, the draft and the criteria of the chosen iteration with their checks (n/a apart), and the heatmap;
// in "present" mode, Present's status, replay, task, rubric, heatmap and final output.
//
// Every string of the payload comes from a run and is untrusted: it is only ever set with textContent (or as
// an attribute value through the DOM), never parsed as HTML. A draft's Markdown arrives as a tree of plain
// nodes whose tags are checked against TREE_TAGS; a link keeps its address only when it is http(s) or mailto.
//
// Clicks that the page keeps (the chosen chip, the chosen heatmap cell) go back to Python with setStateValue;
// Python puts them in the next payload's `chosen`, so a redraw or a return to the page shows the same choice.
// The payload's `stamp` is a digest of what it draws: a poll that re-sends the same run redraws nothing.

const STATES = new WeakMap();
const TREE_TAGS = new Set([
  "p", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "code", "hr", "br",
  "table", "thead", "tbody", "tr", "th", "td", "strong", "em", "s", "a",
]);
const SAFE_PROTOCOLS = ["http:", "https:", "mailto:"];
const PLAY_MS = 1500;
const BANNER_ICONS = { success: "✔", warning: "⚠", error: "✖", info: "ℹ" };
const EMPTY_HEATMAP = "No verdicts yet: the heatmap fills in as each iteration is graded.";
const DETAILS_HINT = "Click a cell: its verdict, its check, its gap and the draft at that iteration show here.";
const NA_HEAD = "Not judged (n/a): the grader could not judge these (neither a pass nor a fail)";

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function add(parent, ...kids) {
  for (const kid of kids) if (kid) parent.appendChild(typeof kid === "string" ? document.createTextNode(kid) : kid);
  return parent;
}

function safeHref(href) {
  if (typeof href !== "string" || !href) return "";
  try {
    const url = new URL(href);
    return SAFE_PROTOCOLS.includes(url.protocol) ? url.href : "";
  } catch (err) {
    return "";
  }
}

function drawTree(nodes, parent, depth) {
  for (const node of nodes || []) {
    if (typeof node === "string") {
      parent.appendChild(document.createTextNode(node));
      continue;
    }
    if (!node || typeof node !== "object") continue;
    const tag = TREE_TAGS.has(node.t) ? node.t : "span";
    const out = document.createElement(tag);
    if (tag === "a") {
      const href = safeHref(node.href);
      if (href) {
        out.href = href;
        out.rel = "noopener noreferrer nofollow";
        out.target = "_blank";
      }
    }
    if (tag === "ol" && Number.isInteger(node.start)) out.start = node.start;
    if (depth < 64) drawTree(node.c, out, depth + 1);
    parent.appendChild(out);
  }
}

function chip(c, extra) {
  const node = el(extra && extra.button ? "button" : "span", "rs-chip", c.label);
  node.dataset.status = c.status;
  node.style.background = /^#[0-9a-fA-F]{3,8}$/.test(c.color || "") ? c.color : "#57606a";
  if (extra && extra.button) node.type = "button";
  return node;
}

function caption(text, cls) {
  return el("div", "rs-caption" + (cls ? " " + cls : ""), text);
}

function iterations(d) {
  const all = [];
  for (const turn of d.turns || []) for (const it of turn.iterations || []) all.push(it);
  return all;
}

function findIt(d, key) {
  return key ? iterations(d).find((it) => it.key === key) || null : null;
}

// ---- the verdict line ---------------------------------------------------------------------------------------

function verdictLine(d) {
  const box = el("div", "rs-verdict-line");
  if (d.header) {
    const h = d.header;
    const line = el("div", "rs-progress");
    line.dataset.phase = h.phase;
    if (h.lead) add(line, chip(h.lead), " ");
    add(line, el("b", null, h.count), " · " + h.text);
    const bar = el("div", "rs-bar");
    const fill = el("div", "rs-bar-fill");
    fill.style.width = Math.round(Math.max(0, Math.min(1, Number(h.progress) || 0)) * 100) + "%";
    add(box, line, add(bar, fill));
    if (d.na_note) add(box, caption("Not judged (n/a): " + d.na_note));
  } else if (d.banner) {
    const b = d.banner;
    const banner = el("div", "rs-banner rs-" + b.kind);
    banner.dataset.status = d.status.status;
    add(banner, el("span", "rs-banner-icon", BANNER_ICONS[b.kind] || ""), el("b", null, b.label));
    if (b.facts) add(banner, " · " + b.facts);
    if (b.tail) add(banner, " — " + b.tail);
    add(box, banner);
    if (b.error) add(box, el("pre", "rs-error-text", b.error));
    if (b.detail) {
      const fold = el("details", "rs-fold");
      add(fold, el("summary", null, "The traceback of your code"), el("pre", "rs-pre", b.detail));
      add(box, fold);
    }
    if (d.na_note) {
      const na = el("div", "rs-banner rs-info");
      add(na, el("span", "rs-banner-icon", "?"), el("b", null, "Not judged (n/a)"), " — " + d.na_note);
      add(box, na);
    }
    if (d.explanation) add(box, caption("Grader's explanation"), el("div", "rs-text", d.explanation));
  }
  if (d.agent) add(box, caption(d.agent));
  for (const note of d.notes || []) add(box, caption("ⓘ " + note));
  return box;
}

function chips(d, st) {
  const box = el("div", "rs-chip-rows");
  for (const turn of d.turns || []) {
    const row = el("div", "rs-chips");
    row.dataset.turn = String(turn.turn);
    if (turn.label) add(row, el("span", "rs-turn-label", turn.label), " ");
    for (const it of turn.iterations || []) {
      const node = chip(it.chip, { button: true });
      node.dataset.key = it.key;
      node.title = "Show the draft and the criteria of iteration " + it.n;
      add(row, node, " ");
    }
    if (!(turn.iterations || []).length) add(row, "\u00a0");
    add(box, row);
  }
  return box;
}

// ---- the draft and the criteria of the chosen iteration ----------------------------------------------------------

function draftBlock(d, it, raw) {
  const box = el("div", "rs-draft-body");
  if (raw) {
    add(box, el("pre", "rs-draft-raw", it.draft || "(empty answer)"));
  } else if ((it.tree || []).length) {
    const md = el("div", "rs-draft");
    drawTree(it.tree, md, 0);
    add(box, md);
  } else {
    add(box, el("div", "rs-draft", "(empty answer)"));
  }
  return box;
}

function files(it) {
  const out = [];
  for (const [path, content] of it.files || []) {
    const fold = el("details", "rs-fold rs-file");
    add(fold, el("summary", null, "File " + path), el("pre", "rs-pre", content));
    out.push(fold);
  }
  return out;
}

function gapText(cell, text) {
  // `code` in a gap is drawn as code, as the Diff draws it (the gap showed its backticks); text nodes only.
  const parts = String(text || "").split("`");
  if (parts.length % 2 === 0) {
    add(cell, document.createTextNode(text || ""));  // an unmatched backtick: the text as written
    return;
  }
  parts.forEach((part, i) => {
    if (!part) return;
    add(cell, i % 2 ? el("code", null, part) : document.createTextNode(part));
  });
}

function criteriaTable(rows, reviewed) {
  // The check goes under the criterion it decided, not in a column of its own: beside a draft, four columns left
  // the gap (what is missing, the line a reader wants) one word per line.
  const table = el("table", "rs-crit" + (reviewed ? " rs-crit-reviewed" : ""));
  const head = el("tr");
  // A person's verdict is a line under the grader's and their reason a line under the gap: two more columns
  // left the gap four letters wide (issue 40 item 1).
  for (const c of ["criterion", "verdict", "gap"]) add(head, el("th", "rs-th-" + c, c));
  add(table, head);
  for (const c of rows) {
    const tr = el("tr");
    const verdict = el("td", c.verdict === "pass" ? "rs-pass" : c.verdict === "fail" ? "rs-fail" : "rs-na", c.text);
    verdict.dataset.verdict = c.verdict;
    if (reviewed && c.human) add(verdict, el("div", "rs-human", "person: " + c.human));
    const name = el("td", "rs-crit-name");
    add(name, el("div", null, c.name), el("div", "rs-check", c.check));
    const gap = el("td", "rs-gap");
    gapText(gap, c.gap);
    if (reviewed && c.human_reason) add(gap, el("div", "rs-human", "person: " + c.human_reason));
    add(tr, name, verdict, gap);
    add(table, tr);
  }
  return table;
}

function criteriaBlock(d, it, explain) {
  const box = el("div", "rs-crit-block");
  if (!it.graded) {
    add(box, caption(it.grading ? "Grading…" : "Not graded yet."));
    return box;
  }
  add(box, el("div", "rs-summary", it.summary));
  const judged = (it.criteria || []).filter((c) => c.verdict !== "n/a");
  const na = (it.criteria || []).filter((c) => c.verdict === "n/a");
  if (judged.length) add(box, criteriaTable(judged, d.reviewed));
  if (na.length) {
    const apart = el("div", "rs-na-apart");
    add(apart, el("div", "rs-na-head", NA_HEAD), criteriaTable(na, d.reviewed));
    add(box, apart);
  }
  if (explain && it.explanation) add(box, caption("Grader's explanation"), el("div", "rs-text", it.explanation));
  if ((it.tools || []).length) {
    const fold = el("details", "rs-fold");
    add(fold, el("summary", null, "The grader's tool calls in this pass (" + it.tools.length + ")"));
    add(fold, el("pre", "rs-pre", it.tools.join("\n")));
    add(box, fold);
  }
  return box;
}

function panel(d, st) {
  const box = el("div", "rs-panel");
  const chosen = findIt(d, st.chosenIt);
  const latest = findIt(d, d.latest_draft);
  const shownDraft = chosen && chosen.drafted ? chosen : latest;
  const several = (d.turns || []).length > 1;
  const left = el("div", "rs-col rs-draft-col");
  if (!shownDraft) {
    add(left, caption(d.live ? "Waiting for the first draft…" : "No draft was written."));
  } else {
    const head = el("div", "rs-col-head");
    const which = chosen && chosen.drafted && chosen.key !== d.latest_draft ? "Draft" : d.live ? "Current draft" : "Last draft";
    add(head, el("b", null, which), " · " + (several ? "turn " + (shownDraft.turn + 1) + " · " : "") + "iteration " + shownDraft.n);
    if (chosen) {
      const back = el("button", "rs-link", d.live ? "Follow the newest" : "Back to the newest");
      back.type = "button";
      back.dataset.action = "newest";
      add(head, " ", back);
    }
    add(left, head);
    if (d.offline_notice) add(left, caption(d.offline_notice, "rs-offline-notice"));
    // What the writer said of this draft (the offline writer: what it could not do), as text, beside the draft.
    if (shownDraft.notice) add(left, caption("The writer's note: " + shownDraft.notice, "rs-writer-notice"));
    const toggle = el("label", "rs-raw-toggle");
    const box2 = el("input");
    box2.type = "checkbox";
    box2.checked = !!st.raw;
    box2.dataset.action = "raw";
    add(toggle, box2, " Raw text");
    add(left, toggle, draftBlock(d, shownDraft, st.raw), ...files(shownDraft));
  }
  const right = el("div", "rs-col rs-crit-col");
  if (d.newest) {
    // A plain marker (no run text) the browser tests and the latency benchmark wait for: the newest verdict,
    // its stored 0-based iteration, and whether the run was still going when it was drawn.
    const marker = el("span", "rs-verdict");
    marker.dataset.iteration = String(d.newest.iteration);
    marker.dataset.result = d.newest.result;
    marker.dataset.live = d.live ? "true" : "false";
    add(right, marker);
    const shownCrit = chosen || findIt(d, d.newest.key);
    // Once the run ended, the banner says the newest pass's explanation: not repeated here.
    const explain = d.live || shownCrit.key !== d.newest.key;
    add(right, criteriaBlock(d, shownCrit, explain));
  } else if (chosen) {
    add(right, criteriaBlock(d, chosen, true));
  }
  return add(box, left, right);
}

// ---- the heatmap ----------------------------------------------------------------------------------------------

function legend(grid, hint) {
  const box = el("div", "rs-hm-legend");
  (grid.legend || []).forEach(([cls, text], n) => {
    if (n) add(box, " · ");
    add(box, el("span", "rs-hm-key " + cls), text);
  });
  add(box, " · " + hint);
  return box;
}

function heatmap(d, grid, upto) {
  const wrap = el("div", "rs-hm");
  wrap.dataset.turn = String(grid.turn);
  if (grid.label) add(wrap, el("div", "rs-hm-turn", grid.label));
  add(wrap, legend(grid, d.hint));
  const body = el("div", "rs-hm-body");
  const scroll = el("div", "rs-hm-scroll");
  const table = el("div", "rs-hm-grid");
  const cols = (grid.iterations || []).map((it, c) => [it, c]).filter(([it]) => upto === undefined || it <= upto);
  table.style.gridTemplateColumns = "minmax(9rem, 26rem) repeat(" + cols.length + ", minmax(30px, 1fr))";
  add(table, el("div", "rs-hm-h rs-hm-corner", "Criterion"));
  for (const [it] of cols) add(table, el("div", "rs-hm-h", String(it + 1)));
  (grid.names || []).forEach((name, r) => {
    const label = el("div", "rs-hm-label");
    label.title = name;
    add(label, el("span", null, name));
    add(table, label);
    for (const [it, c] of cols) {
      const cell = ((grid.cells || [])[r] || [])[c];
      if (!cell) {
        const none = el("div", "rs-hm-cell none", "·");
        none.title = "Iteration " + (it + 1) + ": not graded";
        add(table, none);
        continue;
      }
      const node = el("button", "rs-hm-cell " + cell.cls, cell.mark);
      node.type = "button";
      node.title = cell.details;
      node.tabIndex = -1;
      node.dataset.turn = String(grid.turn);
      node.dataset.criterion = String(r);
      node.dataset.iteration = String(it);
      node.dataset.col = String(c);
      node.dataset.key = grid.turn + ":" + r + ":" + it;
      add(table, node);
    }
  });
  add(scroll, table);
  const details = el("div", "rs-hm-details");
  add(body, scroll, details);
  add(wrap, body);
  return wrap;
}

function cellByKey(d, key) {
  const [turn, r, it] = String(key || "").split(":").map(Number);
  const grid = (d.heatmaps || []).find((g) => g.turn === turn);
  if (!grid) return null;
  const c = (grid.iterations || []).indexOf(it);
  const cell = c < 0 ? null : ((grid.cells || [])[r] || [])[c];
  return cell ? { grid, cell, turn, r, it } : null;
}

function showDetails(d, st, wrap) {
  const details = wrap.querySelector(".rs-hm-details");
  if (!details) return;
  details.textContent = "";
  const turn = Number(wrap.dataset.turn);
  const found = cellByKey(d, st.chosenCell);
  for (const node of wrap.querySelectorAll(".rs-hm-cell.sel")) node.classList.remove("sel");
  let first = null;
  for (const node of wrap.querySelectorAll("button.rs-hm-cell")) {
    node.tabIndex = -1;
    first = first || node;
  }
  if (!found || found.turn !== turn || !wrap.querySelector('[data-key="' + st.chosenCell + '"]')) {
    if (first) first.tabIndex = 0;
    add(details, el("div", "rs-hm-hint", DETAILS_HINT));
    return;
  }
  const node = wrap.querySelector('[data-key="' + st.chosenCell + '"]');
  node.classList.add("sel");
  node.tabIndex = 0;
  add(details, el("div", "rs-hm-detail-text", found.cell.details));
  const it = findIt(d, found.turn + ":" + found.it);
  if (it && it.drafted) {
    const draft = el("div", "rs-hm-draft");
    add(draft, el("b", null, "Draft at iteration " + (found.it + 1)), el("pre", null, it.draft));
    add(details, draft);
  }
}

// ---- the run page ---------------------------------------------------------------------------------------------

function taskBlock(d) {
  const box = el("div", "rs-task");
  add(box, add(el("div", "rs-task-label"), el("b", null, "Task")), el("div", "rs-task-text", d.task || "(no task)"));
  for (const m of d.messages || []) add(box, add(el("div", "rs-task-label"), el("b", null, m.label)), el("div", "rs-task-text", m.text));
  const fold = el("details", "rs-fold rs-rubric");
  add(fold, el("summary", null, d.rubric_label), el("pre", "rs-pre", d.rubric));
  return add(box, fold);
}

function actions(d) {
  const row = el("div", "rs-actions");
  // The app's own Present view of this run, in a new tab (a query-only address: no scheme, no other host).
  const present = el("a", "rs-button rs-present-link", "▶ Present");
  present.href = "?run=" + encodeURIComponent(d.run_id) + "&view=present";
  present.target = "_blank";
  present.rel = "noopener";
  return add(row, present);
}

function renderRun(root, st) {
  const d = st.data;
  add(root, actions(d), taskBlock(d), verdictLine(d), chips(d, st));
  add(root, el("div", "rs-live-slot"), el("div", "rs-panel-slot"));  // the live preview: run_live.js
  renderHeatmaps(root, st);
}

function renderHeatmaps(root, st) {
  const d = st.data;
  const maps = el("div", "rs-heatmaps");
  if (!(d.heatmaps || []).length) add(maps, caption(EMPTY_HEATMAP));
  for (const grid of d.heatmaps || []) add(maps, heatmap(d, grid));
  add(root, maps);
}

function applyChoice(root, st) {
  const d = st.data;
  if (st.chosenIt && !findIt(d, st.chosenIt)) st.chosenIt = null;
  for (const node of root.querySelectorAll(".rs-chips .rs-chip")) {
    const on = node.dataset.key === st.chosenIt;
    node.classList.toggle("on", on);
    node.setAttribute("aria-pressed", on ? "true" : "false");
  }
  const slot = root.querySelector(".rs-panel-slot");
  if (slot) {
    slot.textContent = "";
    add(slot, panel(d, st));
  }
  for (const wrap of root.querySelectorAll(".rs-hm")) showDetails(d, st, wrap);
}

// ---- Present ----------------------------------------------------------------------------------------------------

function rubricVerdicts(ask) {
  // The rubric as its last graded draft left it: each criterion with its mark (n/a is neither a pass nor a fail).
  const list = el("ul", "rs-rubric-verdicts");
  for (const c of ask.criteria || []) {
    const item = el("li");
    item.dataset.verdict = c.verdict;
    const mark = el("span", "rs-mark " + (c.verdict === "pass" ? "rs-pass" : c.verdict === "fail" ? "rs-fail" : "rs-na"), c.mark);
    add(item, mark, " ", el("span", null, c.name));
    if (c.gap) add(item, el("div", "rs-caption rs-rubric-gap", c.gap));
    add(list, item);
  }
  return list;
}

function renderPresent(root, st) {
  const d = st.data;
  const p = d.present || {};
  const head = el("div", "rs-present-head");
  add(head, chip(d.status));
  const marker = el("span", "rs-present");
  marker.dataset.status = d.status.status;
  marker.dataset.seq = String(d.seq);
  marker.dataset.live = d.live ? "true" : "false";
  add(head, marker, el("p", "rs-verdict-sentence", p.sentence));  // what the run came to, read first
  add(root, head);
  if (d.live) add(root, caption("Live: this view follows the run as it goes."));
  if (d.na_note) add(root, caption("Not judged (n/a): " + d.na_note, "rs-na-note"));
  // The first screen at 1280x720: what was asked (each turn's ask, its rubric, how each criterion came out) beside
  // what came out. The final draft is here once; the replay below opens on the verdicts about it.
  const top = el("div", "rs-present-top");
  const asked = el("div", "rs-present-asked");
  for (const ask of p.asked || []) {
    const turn = el("div", "rs-asked");
    if (ask.head) add(turn, el("div", "rs-label", ask.head));
    add(turn, caption(ask.label), el("div", "rs-plain rs-ask-text", ask.message));
    if (ask.rubric_label) {
      add(turn, caption(ask.rubric_label));
      add(turn, (ask.criteria || []).length ? rubricVerdicts(ask) : el("div", "rs-plain", ask.rubric));
    }
    add(asked, turn);
  }
  const out = el("div", "rs-present-output");
  add(out, el("div", "rs-label", p.output_label || "What came out"), el("div", "rs-plain rs-output", p.final_output));
  for (const [path, content] of p.final_files || []) add(out, caption("File " + path), el("pre", "rs-pre", content));
  if (p.offline_run) add(out, el("div", "rs-offline-run", p.offline_run));
  add(top, asked, out);
  add(root, top);
  const replay = el("div", "rs-replay");
  add(replay, el("b", null, "Replay: how it got there"));
  const steps = p.steps || [];
  if (!steps.length) {
    add(replay, caption("Nothing to replay yet."));
  } else {
    const controls = el("div", "rs-replay-controls");
    for (const [action, label] of [["first", "First"], ["back", "Back"], ["play", "Play"], ["step", "Step"], ["last", "Last"]]) {
      const button = el("button", "rs-button" + (action === "play" ? " rs-primary" : ""), label);
      button.type = "button";
      button.dataset.action = action;
      add(controls, button);
    }
    add(replay, controls, el("div", "rs-stage"));
  }
  add(root, replay, el("hr", "rs-rule"));
  if ((d.turns || []).length) {
    const maps = el("div", "rs-heatmaps");
    if (!(d.heatmaps || []).length) add(maps, caption(EMPTY_HEATMAP));
    for (const grid of d.heatmaps || []) {
      add(maps, el("div", "rs-label", (p.maps || {})[String(grid.turn)] || "Criteria by draft"), heatmap(d, grid));
    }
    add(root, maps);
  }
  // Behind a fold: an audience reads the verdict and the work, not model specs and token counts.
  const fold = el("details", "rs-fold rs-details");
  add(fold, el("summary", null, "Details"));
  for (const line of p.details || []) add(fold, el("div", "rs-detail-line", line));
  add(root, fold);
}

function drawStage(root, st) {
  const d = st.data;
  const steps = (d.present || {}).steps || [];
  const stage = root.querySelector(".rs-stage");
  if (!stage || !steps.length) return;
  st.step = Math.max(0, Math.min(steps.length - 1, st.step || 0));
  const play = root.querySelector('[data-action="play"]');
  if (play) {
    play.textContent = st.playing ? "Pause" : "Play";
    play.dataset.action = "play";
  }
  stage.textContent = "";
  const step = steps[st.step];
  const it = findIt(d, step.key);
  const bar = el("div", "rs-bar");
  const fill = el("div", "rs-bar-fill");
  fill.style.width = Math.round(((st.step + 1) / steps.length) * 100) + "%";
  add(stage, add(bar, fill), el("h4", "rs-step-title", step.title));
  if (step.note) add(stage, caption(step.note));
  if (!it) return;
  if (step.kind === "draft") {
    if (d.offline_notice) add(stage, caption(d.offline_notice, "rs-offline-notice"));
    if (it.notice) add(stage, caption("The writer's note: " + it.notice, "rs-writer-notice"));
    add(stage, el("div", "rs-plain", it.draft || "(empty)"));
    for (const [path, content] of it.files || []) add(stage, caption("File " + path), el("pre", "rs-pre", content));
  } else if (step.kind === "verdicts") {
    // The criteria table alone: the heatmap is drawn once, under the replay (it was drawn here a second time).
    add(stage, criteriaBlock(d, it, true));
  } else {
    add(stage, el("div", "rs-plain", it.feedback));
  }
}

function stopPlaying(st) {
  if (st.timer) clearInterval(st.timer);
  st.timer = null;
  st.playing = false;
}

function stepCount(st) {
  return ((st.data.present || {}).steps || []).length;
}

function presentAction(root, st, action) {
  const steps = stepCount(st);
  if (action === "play") {
    st.following = false;
    if (st.playing) {
      stopPlaying(st);
    } else {
      if (st.step >= steps - 1) st.step = 0;
      st.playing = true;
      // The replay in sight while it plays (its stage keeps one height: a step never pushes it off screen).
      const box = root.querySelector(".rs-replay");
      if (box) box.scrollIntoView({ block: "start" });
      st.timer = setInterval(() => {
        if (!root.isConnected || st.step >= stepCount(st) - 1) {
          stopPlaying(st);
        } else {
          st.step += 1;
        }
        drawStage(root, st);
      }, PLAY_MS);
    }
  } else {
    stopPlaying(st);
    st.following = action === "last"; // Last follows a live run again; any other control holds the step
    if (action === "first") st.step = 0;
    else if (action === "back") st.step -= 1;
    else if (action === "step") st.step += 1;
    else if (action === "last") st.step = steps - 1;
  }
  drawStage(root, st);
}

// ---- events -------------------------------------------------------------------------------------------------------

// "The newest" is sent as "", not null: the element's state starts at null, so after a reload onto an iteration
// named in the address, going back to the newest was no change, and the address kept the old iteration.
const NEWEST = "";

function send(st, name, value) {
  if (st.data.mode !== "run") return; // Present keeps its choices in the page: a click there reruns nothing
  st.pending[name] = value;
  try {
    st.setStateValue(name, value);
  } catch (err) {
    // The element is drawn without Streamlit's state (a page outside a script run): the choice stays local.
  }
}

function chooseCell(root, st, node, focus) {
  st.chosenCell = node.dataset.key;
  for (const wrap of root.querySelectorAll(".rs-hm")) showDetails(st.data, st, wrap);
  const now = root.querySelector('.rs-hm-cell[data-key="' + st.chosenCell + '"]');
  if (focus && now) now.focus();
  send(st, "cell", st.chosenCell);
}

function onClick(root, st, event) {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const present = target.closest(".rs-replay [data-action]");
  if (present) {
    presentAction(root, st, present.dataset.action);
    return;
  }
  const cell = target.closest("button.rs-hm-cell");
  if (cell) {
    chooseCell(root, st, cell, false);
    return;
  }
  const chipNode = target.closest(".rs-chips .rs-chip");
  if (chipNode && chipNode.dataset.key) {
    st.chosenIt = chipNode.dataset.key === st.chosenIt ? null : chipNode.dataset.key;
    applyChoice(root, st);
    send(st, "iteration", st.chosenIt || NEWEST);
    return;
  }
  const action = target.closest("[data-action]");
  if (action && action.dataset.action === "newest") {
    st.chosenIt = null;
    applyChoice(root, st);
    send(st, "iteration", NEWEST);
  } else if (action && action.dataset.action === "raw") {
    st.raw = !!action.checked;
    applyChoice(root, st);
  }
}

const STEPS = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };
// Home and End go to the first and last graded cell of the row (with Ctrl, of the whole grid), as in a data grid.
const ENDS = { Home: -1, End: 1 };

function edgeCell(grid, r, rows, cols, end, whole) {
  const order = whole ? [...Array(rows).keys()] : [r];
  if (end > 0) order.reverse();
  for (const rr of order) {
    for (let k = 0; k < cols; k += 1) {
      const cc = end > 0 ? cols - 1 - k : k;
      const found = grid.querySelector('button.rs-hm-cell[data-criterion="' + rr + '"][data-col="' + cc + '"]');
      if (found) return found;
    }
  }
  return null;
}

function onKey(root, st, event) {
  const cell = event.target instanceof Element ? event.target.closest("button.rs-hm-cell") : null;
  if (!cell) return;
  const end = ENDS[event.key];
  const step = STEPS[event.key];
  if (!step && !end) return;
  event.preventDefault();
  const grid = cell.closest(".rs-hm-grid");
  let r = Number(cell.dataset.criterion);
  let c = Number(cell.dataset.col);
  const rows = grid.querySelectorAll(".rs-hm-label").length;
  const cols = grid.querySelectorAll(".rs-hm-h").length - 1;
  if (end) {
    const found = edgeCell(grid, r, rows, cols, end, event.ctrlKey || event.metaKey);
    if (found) chooseCell(root, st, found, true);
    return;
  }
  for (;;) {
    r += step[0];
    c += step[1];
    if (r < 0 || c < 0 || r >= rows || c >= cols) return;
    const next = grid.querySelector('button.rs-hm-cell[data-criterion="' + r + '"][data-col="' + c + '"]');
    if (next) {
      chooseCell(root, st, next, true);
      return;
    }
  }
}

// ---- the entry point: called with each new payload -----------------------------------------------------------------

function draw(root, st) {
  const d = st.data;
  const focused = document.activeElement && root.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  const scrolls = [...root.querySelectorAll(".rs-hm-scroll")].map((s) => [s.scrollLeft, s.scrollTop]);
  const open = [...root.querySelectorAll("details")].map((x) => x.open);
  root.textContent = "";
  root.dataset.mode = d.mode;
  if (d.mode === "present") {
    renderPresent(root, st);
    drawStage(root, st);
    for (const wrap of root.querySelectorAll(".rs-heatmaps > .rs-hm")) showDetails(d, st, wrap);
  } else if (d.mode === "heatmap") {
    renderHeatmaps(root, st); // a run's preview: the grid and a clicked cell's details, nothing else
    applyChoice(root, st);
  } else {
    renderRun(root, st);
    applyChoice(root, st);
  }
  root.querySelectorAll(".rs-hm-scroll").forEach((s, n) => {
    if (scrolls[n]) [s.scrollLeft, s.scrollTop] = scrolls[n];
  });
  root.querySelectorAll("details").forEach((x, n) => {
    if (open[n]) x.open = true;
  });
  if (focused) {
    const again = root.querySelector('[data-key="' + focused + '"]');
    if (again) again.focus({ preventScroll: true });
  }
}

export default function (component) {
  const { data, parentElement, setStateValue } = component;
  const root = parentElement.querySelector(".rs-rv");
  if (!root || !data || typeof data !== "object" || data.mode === "idle") return undefined;
  let st = STATES.get(root);
  if (!st) {
    st = { stamp: null, chosenIt: null, chosenCell: null, pending: {}, raw: false };
    st.step = data.present ? Number(data.present.start) || 0 : 0;
    st.following = !!(data.present && data.present.follow);
    STATES.set(root, st);
    root.addEventListener("click", (event) => onClick(root, st, event));
    root.addEventListener("keydown", (event) => onKey(root, st, event));
  }
  st.setStateValue = setStateValue;
  // The choice Python holds (sent back earlier, or kept while the page was away) is drawn, except while a
  // click of ours is on its way: a payload drawn before that click reached Python must not undo it.
  const chosen = data.chosen || {};
  for (const [name, field] of [["iteration", "chosenIt"], ["cell", "chosenCell"]]) {
    const held = chosen[name] || null;
    if (name in st.pending) {
      if ((st.pending[name] || null) === held) delete st.pending[name];
    } else {
      st[field] = held;
    }
  }
  st.data = data;
  if (data.present && data.present.follow && st.following) {
    // A live run's replay shows its newest step as it comes, until a control takes it elsewhere.
    st.step = Math.max(0, ((data.present.steps || []).length || 1) - 1);
  }
  if (data.stamp !== st.stamp) {
    st.stamp = data.stamp;
    draw(root, st);
  } else if (data.mode !== "present") {
    applyChoice(root, st);
  }
  if (data.mode === "run") drawLive(root, data.live_preview || null);  // redrawn only when its own stamp moved
  return () => {
    if (!root.isConnected) stopPlaying(st);
  };
}
