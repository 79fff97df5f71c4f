"""The run editor: task, rubric with live preview and lint, models, limits, advanced settings."""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from rubric_core.checks.catalogue import TOOL_CATALOGUE
from rubric_core.config import MAX_ITERATIONS_LIMIT
from rubric_core.examples import EXAMPLES, example_held, get_example
from rubric_core.models.providers import PROVIDERS
from rubric_core.rubric import lint_rubric, parse_criteria
from rubric_core.words import counted
from rubric_ui.safe import md
from rubric_ui.screens.judge_flags import criterion_notes, hints
from rubric_ui.screens.run_draft import show_draft_panel
from rubric_ui.session.keys import configured
from rubric_ui.session.state import DEFAULTS, KEPT_VALUES
from rubric_ui.widgets.bounded import bounded_number, forget_clamp
from rubric_ui.widgets.project import agent_picker, grader_tools_picker, open_project, show_agent_card

ERRORS = "run_errors"
ERRORS_FOR = "run_errors_for"
"""Session key: the editor's values when Start found the errors in ERRORS."""
CUSTOM = "Custom…"
PACED_WRITER = "offline:writer?pace=8wps"  # the offline writer streaming at 8 words a second: watch it, no key
GRADER_CHOICES = ["offline:grader", "offline:grader?latency=0.3", *[p.example for p in PROVIDERS.values()], CUSTOM]
WORKING_CHOICES = ["offline:writer", "offline:writer?latency=0.4", PACED_WRITER, *GRADER_CHOICES[2:]]  # same providers


def init_state() -> None:
    """Put defaults in session state once (widgets then own their values)."""
    for k, v in DEFAULTS.items():
        st.session_state.setdefault(k, v)


def apply_preset(preset: dict[str, Any]) -> None:
    """Fill the editor from an example, a library rubric or a stored run (before widgets render)."""
    for field, key in (
        ("task", "run_task"),
        ("rubric", "run_rubric"),
        ("max_iterations", "run_max_iterations"),
        ("system_prompt", "run_system_prompt"),
        ("grader_prompt", "run_grader_prompt"),
        ("strategy", "run_strategy"),
        ("grader_call_limit", "run_call_limit"),
        ("rubric_name", "run_rubric_name"),
    ):
        if field in preset:
            st.session_state[key] = preset[field]
    project, _ = open_project()
    own = set(project.grader_tools) if project is not None else set()
    if "max_iterations" in preset:  # the field is clamped: a stored or imported value outside it is too
        try:
            wanted = int(preset["max_iterations"])
        except (TypeError, ValueError):
            wanted = DEFAULTS["run_max_iterations"]
        st.session_state["run_max_iterations"] = min(max(wanted, 1), MAX_ITERATIONS_LIMIT)
        forget_clamp("run_max_iterations")
    if "grader_tools" in preset:
        st.session_state["run_grader_tools"] = [t for t in preset["grader_tools"] if t in TOOL_CATALOGUE or t in own]
    if "agent" in preset:
        agents = project.agents if project is not None else {}
        st.session_state["run_agent"] = preset["agent"] if preset["agent"] in agents else ""
    if "timeout_s" in preset:
        st.session_state["run_timeout"] = int(preset["timeout_s"])
    for field, key, choices in (("model", "run_model", WORKING_CHOICES), ("grader", "run_grader", GRADER_CHOICES)):
        if field in preset:
            if preset[field] in choices:
                st.session_state[key] = preset[field]
            else:
                st.session_state[key] = CUSTOM
                st.session_state[f"{key}_custom"] = preset[field]
    st.session_state[ERRORS] = {}
    st.session_state["run_example"] = example_held(preset.get("task"), st.session_state.get("run_example"))
    # The kept copy too: with the editor folded it is what the fields come back with (state.keep_widget_state).
    kept = st.session_state.setdefault(KEPT_VALUES, {})
    kept.update({key: st.session_state[key] for key in (*DEFAULTS, "run_example") if key in st.session_state})


def seed_with_example() -> None:
    """The first editor a session opens (no run watched, nothing typed) holds the example its picker shows.

    It opened empty while the picker said "haiku", and Start then gave two red errors (no task, no rubric).
    Once per session: an editor emptied by hand stays empty.
    """
    if st.session_state.get(_SEEDED):
        return
    st.session_state[_SEEDED] = True
    if any(str(st.session_state.get(key) or "").strip() for key in ("run_task", "run_rubric")):
        return
    _load_example()


_SEEDED = "run_editor_seeded"
"""Session key: the editor was given its first content (seed_with_example), or had some already."""


def _load_example() -> None:
    ex = get_example(example_held(None, st.session_state.get("run_example")))  # the picked one, else the first
    apply_preset(
        {
            "task": ex.task,
            "rubric": ex.rubric,
            "max_iterations": ex.max_iterations,
            "grader_tools": list(ex.grader_tools),
            "rubric_name": "",
            "model": "offline:writer",
            "grader": "offline:grader",
        }
    )


def _model_label(spec: str, status: dict[str, bool]) -> str:
    if spec == CUSTOM:
        return "Custom provider:model…"
    provider = spec.split(":", 1)[0]
    if provider == "offline":
        return f"{spec} (offline, no key{': writes as you watch' if spec == PACED_WRITER else ''})"
    if provider == "ollama":
        return f"{spec} (local Ollama server)"
    return f"{spec} ({'key configured' if status.get(provider) else 'no key'})"


_PAGE_WORDS = {"Grader call limit": "Grader calls per pass", "Timeout": "Per-call timeout"}
"""RunConfig's names of fields (a config file's words) to the labels this page gives them."""
_CONFIG_HINT = re.compile(r"\s*Write for example \w+ = [^.]*\.$")


def page_words(message: str) -> str:
    """A RunConfig message as the page says it: the field's label here, no config-file example."""
    for config_name, label in _PAGE_WORDS.items():
        if message.startswith(config_name + " "):
            message = label + message[len(config_name) :]
    return _CONFIG_HINT.sub("", message)


def set_errors(errors: dict[str, str]) -> None:
    """The messages Start found, each shown beside its field until that field is changed."""
    errors = {field: page_words(message) for field, message in errors.items()}
    st.session_state[ERRORS] = errors
    st.session_state[ERRORS_FOR] = current_values()


def _error(field: str) -> None:
    message = st.session_state.get(ERRORS, {}).get(field)
    seen = st.session_state.get(ERRORS_FOR, {})
    if field in seen and current_values().get(field) != seen[field]:
        return  # fixed (or at least changed) since Start: the message no longer applies
    if message:
        st.error(message, icon=":material/error:")


def show_examples_bar(library: list[dict[str, Any]]) -> None:
    """Load a bundled example or a library rubric in one click."""
    c1, c2 = st.columns([3, 1], vertical_alignment="bottom")
    c1.selectbox(
        "Bundled example", list(EXAMPLES), key="run_example", format_func=lambda n: f"{n} — {EXAMPLES[n].title}"
    )
    c2.button("Load example", on_click=_load_example, key="run_load_example", width="stretch")
    if library:
        names = [r["name"] for r in library]
        c3, c4 = st.columns([3, 1], vertical_alignment="bottom")
        c3.selectbox(
            "Library rubric",
            names,
            key="run_library_pick",
            format_func=lambda n: f"{n} (v{next(r['version'] for r in library if r['name'] == n)})",
        )

        def _load_library() -> None:
            pick = next(r for r in library if r["name"] == st.session_state["run_library_pick"])
            apply_preset({"rubric": pick["text"], "rubric_name": pick["name"]})

        c4.button("Load rubric", on_click=_load_library, key="run_load_library", width="stretch")


def offline_unjudgeable(rubric: str, tools: list[str] | None = None) -> list[str]:
    """Criteria no phrasing of the offline grader matches, and that name none of the chosen grader `tools`:
    it would mark them failed without judging."""
    from rubric_core.checks.phrasing import interpret
    from rubric_core.checks.tool_evidence import tool_reference

    return [
        c.text
        for c in parse_criteria(rubric)
        if interpret(c) is None and tool_reference(c.text, list(tools or [])) is None
    ]


@st.cache_data(show_spinner=False)
def _criteria_doc() -> str:
    """The phrasings doc as the app shows it: under its own heading, so without its title and source path.

    It ships in the package (rubric_core/checks/CRITERIA.md; docs/CRITERIA.md links to it), so an installed
    app shows it too.
    """
    from rubric_core.checks import CRITERIA_DOC

    lines = CRITERIA_DOC.read_text(encoding="utf-8").splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    return "\n".join(lines).replace(" (`rubric_core/checks/phrasing.py`)", "").strip()


def show_offline_notice(rubric: str, grader: str) -> None:
    """Before Start: which criteria the chosen offline grader cannot judge, and the phrasings it knows."""
    if not grader.startswith("offline"):
        return
    unknown = offline_unjudgeable(rubric, st.session_state.get("run_grader_tools", []))
    if not unknown:
        return
    listed = "; ".join(f"“{md(text)}”" for text in unknown[:6]) + (" …" if len(unknown) > 6 else "")
    st.warning(
        f"The offline grader cannot judge {counted(len(unknown), 'criterion', 'criteria')}: {listed}. "
        f"{'It' if len(unknown) == 1 else 'Each'} will be n/a (neither a pass nor a fail; the preview above says "
        "why), and the loop will go on revising to its cap because the library reads n/a as not met. Rephrase "
        "them as below, or choose an LLM grader.",
        icon=":material/help:",
    )
    with st.expander("Phrasings the offline grader understands"):
        st.markdown(_criteria_doc())


def planned_checks(rubric: str, grader: str, tools: list[str] | None = None) -> list[str]:
    """Per criterion, the check that will decide it, in words: for the offline grader its deterministic check
    or why it cannot judge it (n/a); for another grader its own judgement (and the grader tools it was given)."""
    from rubric_core.checks.described import check_for
    from rubric_core.verdicts import CANNOT_JUDGE, check_text

    out = []
    for c in parse_criteria(rubric):
        if grader.startswith("offline"):
            check = check_for(c, list(tools or []))
            if check["kind"] == CANNOT_JUDGE:
                out.append(f"n/a, cannot judge: {check['found']}")
            else:
                out.append(f"{check['label']}: {check['looked_for']}" if check["looked_for"] else check["label"])
        else:
            named = f" (may call {', '.join(tools)})" if tools else ""
            out.append(check_text({"kind": "judgement", "label": "the grader model's judgement"}) + named)
    return out


def show_rubric_preview(rubric: str, grader: str = "") -> None:
    """The criteria the rubric parses into, the check that will decide each, its lint warnings, and any pair of
    criteria that cannot both hold (which two, and why)."""
    from rubric_core.checks.conflicts import rubric_conflicts

    criteria = parse_criteria(rubric)
    with st.expander(f"Preview: {counted(len(criteria), 'criterion', 'criteria')}", expanded=bool(criteria)):
        if not criteria:
            st.caption("Write one criterion per `- ` line.")
        if criteria:
            # Low kappa, flaky: beside the criterion, from the runs of the rubric named here (no name: each flag
            # says which rubric it was measured in).
            notes = criterion_notes(tuple(c.text for c in criteria), str(st.session_state.get("run_rubric_name") or ""))
            checks = planned_checks(rubric, grader, st.session_state.get("run_grader_tools", []))
            st.text(
                "\n".join(
                    f"{n}. {c.text}"
                    + (" (+ attached block)" if c.attachment else "")
                    + (f"  ⚠ {'; '.join(notes[c.text])}" if c.text in notes else "")
                    + (f"\n     → {check}" if grader else "")
                    for n, (c, check) in enumerate(zip(criteria, checks, strict=True), 1)
                )
            )
            if grader.startswith("offline"):
                st.caption("→ the check the offline grader will run on each draft; n/a is neither a pass nor a fail.")
            if notes:
                st.caption(hints(notes) + " See the Review page.")
        for w in lint_rubric(rubric):
            where = f"line {w.line}: " if w.line else ""
            st.warning(f"{where}{w.message}", icon=":material/lightbulb:")
        for clash in rubric_conflicts(rubric):
            st.warning(md(clash) + " Drop or reword one of them.", icon=":material/block:")


def show_editor_texts() -> None:
    """The task, the rubric and the rubric's preview (the editor's left column)."""
    init_state()
    st.text_area("Task", key="run_task", height=110, placeholder="What should the working agent do?")
    _error("task")
    st.text_area("Rubric", key="run_rubric", height=160, placeholder="- Exactly three lines\n- Is about spring")
    _error("rubric")
    show_draft_panel(st.session_state["run_task"], lambda rubric: apply_preset({"rubric": rubric}))
    show_rubric_preview(st.session_state["run_rubric"], str(current_values()["grader"] or ""))
    # Under the criteria it is about, in the wider column (the phrasings table needs the room).
    show_offline_notice(st.session_state["run_rubric"], str(current_values()["grader"] or ""))


def show_editor_settings() -> dict[str, Any]:
    """Models, the cap and the advanced settings (the editor's right column); returns the raw values for
    `RunConfig.from_dict`. Each model picker has the column's whole width: a model's name and whether its
    provider has a key are never cut, and a message beside the field wraps at the column's width."""
    init_state()
    status = configured()
    st.selectbox("Working model", WORKING_CHOICES, key="run_model", format_func=lambda s: _model_label(s, status))
    if st.session_state["run_model"] == CUSTOM:
        st.text_input("Working model spec", key="run_model_custom", placeholder="provider:model-id")
    _error("model")
    st.selectbox("Grader model", GRADER_CHOICES, key="run_grader", format_func=lambda s: _model_label(s, status))
    if st.session_state["run_grader"] == CUSTOM:
        st.text_input("Grader model spec", key="run_grader_custom", placeholder="provider:model-id")
    _error("grader")
    project, _ = open_project()
    _agent_picker(project)
    # The range is in the label. No bounds on the widget: a number typed past one was refused by the field in
    # the browser (marked red, never sent), and Start then ran with the old value without a word. Here it reaches
    # the app, is brought back to the bound, and the page says so beside the field.
    bounded_number(
        f"Max iterations (1 to {MAX_ITERATIONS_LIMIT})",
        "run_max_iterations",
        1,
        MAX_ITERATIONS_LIMIT,
        help=f"Grading passes at most: the loop stops after {MAX_ITERATIONS_LIMIT} whatever the grader says.",
        width=200,
    )
    _error("max_iterations")
    # The column's whole width: each chosen tool's name stays readable (in a third of it they scrolled away).
    grader_tools_picker("run_grader_tools", project)
    _error("grader_tools")
    with st.expander("Advanced"):
        st.text_area("Working agent system prompt (empty: the deep agent's default)", key="run_system_prompt")
        st.text_area("Grader system prompt (empty: the library's built-in grader prompt)", key="run_grader_prompt")
        st.radio(
            "Grader structured output",
            ["auto", "tool", "provider"],
            key="run_strategy",
            horizontal=True,
            help="auto: langchain picks by model; force tool calling or provider-native JSON when a provider "
            "formats criteria badly under one of them.",
        )
        _error("strategy")
        a, b = st.columns(2)
        a.number_input("Grader calls per pass", step=1, key="run_call_limit", help="1 to 50.")
        b.number_input("Per-call timeout (s)", step=5, key="run_timeout", help="1 to 3600 seconds.")
        _error("grader_call_limit")
        _error("timeout_s")
    return current_values()


def _agent_picker(project: Any) -> None:
    """Built-in deep agent, or one of the project's agents (with its card)."""
    picked = agent_picker("run_agent", project)
    if picked:
        show_agent_card(project, picked)
    _error("agent")
    _error("project")
    _error("files")


def _clamped_iterations() -> Any:
    """The field's value held to its bounds (a value set from outside the page, say a test, can lie beyond)."""
    value = st.session_state["run_max_iterations"]
    if isinstance(value, (int, float)):
        return min(max(int(value), 1), MAX_ITERATIONS_LIMIT)
    return value


def current_values() -> dict[str, Any]:
    """The editor's values (from session state) for `RunConfig.from_dict`."""
    init_state()
    model = (
        st.session_state["run_model_custom"]
        if st.session_state["run_model"] == CUSTOM
        else st.session_state["run_model"]
    )
    grader = (
        st.session_state["run_grader_custom"]
        if st.session_state["run_grader"] == CUSTOM
        else st.session_state["run_grader"]
    )
    return {
        "task": st.session_state["run_task"],
        "rubric": st.session_state["run_rubric"],
        "model": model,
        "grader": grader,
        "max_iterations": _clamped_iterations(),
        "grader_tools": st.session_state["run_grader_tools"],
        "system_prompt": st.session_state["run_system_prompt"],
        "grader_prompt": st.session_state["run_grader_prompt"],
        "strategy": st.session_state["run_strategy"],
        "grader_call_limit": st.session_state["run_call_limit"],
        "timeout_s": st.session_state["run_timeout"],
        "rubric_name": st.session_state["run_rubric_name"],
        **_project_values(),
    }


def _project_values() -> dict[str, Any]:
    """The session's project and the picked agent (nothing without a project)."""
    project, _ = open_project()
    if project is None:
        return {}
    agent = st.session_state.get("run_agent", "")
    return {"project": str(project.root), **({"agent": agent} if agent in project.agents else {})}
