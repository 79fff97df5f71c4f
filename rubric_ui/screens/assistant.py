"""The Assistant page: diagnose a rubric version from its evidence, see each finding with the cells behind it,
prove a proposed edit on held-out reviews, and accept a proven one as a new version; each version's fitness.

The work is rubric_core.assistant's; this page draws it. Every text a model or a person wrote (criteria,
reasons, reviewers' notes) is escaped.
"""

from __future__ import annotations

import html

import streamlit as st

from rubric_core.assistant.doctor import examine
from rubric_core.assistant.fitness import BAND_WORDS, fitness
from rubric_core.assistant.llm import AssistantModelError
from rubric_core.assistant.proof import AssistantError
from rubric_core.store import Store
from rubric_ui.safe import md
from rubric_ui.screens.assistant_draft import show_assistant_draft
from rubric_ui.screens.assistant_findings import show_findings
from rubric_ui.session.access import act, allowed
from rubric_ui.session.keys import run_keys
from rubric_ui.session.resources import store_or_stop

DIAGNOSED = "assistant_diagnosed"
"""Session key: the (rubric, version) pairs diagnosed this session (their findings are drawn again on each run)."""
FITNESS_SAID = (
    "Fitness: what the grader's agreement with people makes each version good for (Cohen's kappa over every "
    "review of the version's own runs; for a version the assistant made, over the held-out reviews of the proof it "
    "was accepted on): 0.7 and up can gate a release, 0.4 to 0.7 is good for watching trends, below 0.4 exploration "
    "only. A version is held to its weakest judged criterion and is never a gate with a criterion it could not judge."
)


def show_fitness(store: Store, name: str, numbers: list[int]) -> None:
    """Each version's fitness in plain words, with what it rests on (one definition: fitness.py)."""
    st.markdown(
        "**Fitness** of each version: what its grader's agreement with people makes it good for", help=FITNESS_SAID
    )
    lines = []
    for v in numbers:
        f = fitness(store, name, v)
        lines.append(
            f'- <span class="as-fitness" data-version="{v}" data-band="{html.escape(f.band)}"></span>**v{v}: '
            f"{md(BAND_WORDS[f.band])}**" + ("" if f.band == "unknown" else f" ({f.band})") + f" · {md(f.details)}"
        )
    st.markdown("\n".join(lines), unsafe_allow_html=True)


def _model_choices() -> list[str]:
    from rubric_core.models.providers import PROVIDERS

    return ["offline: rules only", *[p.example for p in PROVIDERS.values() if p.example]]


def render() -> None:
    """The page."""
    store = store_or_stop()
    st.title("Assistant")
    st.caption(
        "Draft a rubric from a task; diagnose a rubric version from everything stored about it (runs, suite runs, "
        "reviews, consistency checks), prove each proposed edit on human reviews the proposer never saw, and "
        "accept a proven one as a new version. How each number is computed: docs/ASSISTANT.md."
    )
    flash = st.session_state.pop("assistant_flash", None)
    if flash:
        st.success(flash, icon=":material/check_circle:")
    show_assistant_draft()
    st.subheader("Diagnose a library rubric")
    library = store.list_rubrics()
    if not library:
        st.info("The library is empty: run a rubric with a name (Run page) or import one (Rubrics page) first.")
        return
    c1, c2 = st.columns([3, 1])
    name = c1.selectbox("Rubric", [r["name"] for r in library], key="assistant_rubric")
    versions = store.rubric_versions(name) if name else []
    if not versions:
        return
    numbers = [v["version"] for v in versions]
    version = c2.selectbox("Version", numbers, index=len(numbers) - 1, key=f"assistant_version_{name}")
    show_fitness(store, name, numbers)
    text = next(v["text"] for v in versions if v["version"] == version)
    with st.expander(f"{name} v{version}"):
        st.code(text, language="markdown", wrap_lines=True)
    diagnosed = st.session_state.setdefault(DIAGNOSED, [])
    if allowed("diagnose"):
        c3, c4 = st.columns([2, 1], vertical_alignment="bottom")
        model = c3.selectbox("Propose edits with", _model_choices(), key="assistant_model")
        if c4.button(f"Diagnose v{version}", key="assistant_diagnose", type="primary"):
            spec = None if model.startswith("offline") else model
            with st.spinner("Reading the evidence…"):
                try:
                    done = act(
                        "diagnose",
                        lambda: examine(store, name, version, model=spec, keys=run_keys()),
                        rubric=name,
                        detail=lambda d: f"version {version}: {len(d.findings)} findings, {len(d.proposals)} proposals",
                    )
                except (AssistantError, AssistantModelError) as exc:
                    st.error(str(exc))
                    done = None
            if done is not None and [name, version] not in diagnosed:
                diagnosed.append([name, version])
    if [name, version] not in diagnosed:
        st.caption("Diagnose the version to see its findings and proposals.")
        return
    try:
        diagnosis = examine(store, name, version, save=False)
    except AssistantError as exc:
        st.error(str(exc))
        return
    show_findings(store, diagnosis)
