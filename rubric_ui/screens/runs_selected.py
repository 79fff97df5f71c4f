"""The run ticked on the Runs page: what it did (task, output, heatmap), Open, Present, Delete (asked first), its
tags and note (saved against what this person opened), and its share links."""

from __future__ import annotations

import html

import streamlit as st

from rubric_core.store import Store
from rubric_core.verdicts import score_text, verdict_of
from rubric_ui.safe import md
from rubric_ui.session.access import act, allowed, attempt, current_actor
from rubric_ui.session.page_files import RUN_PAGE_FILE
from rubric_ui.session.state import ATTACHED, SELECTION, mark_viewed
from rubric_ui.widgets.edit_conflict import show_difference, when, who
from rubric_ui.widgets.fork_tree import show_fork_tree
from rubric_ui.widgets.run_element import show_run_heatmap
from rubric_ui.widgets.run_view import forget_view, load_view, reviews_of
from rubric_ui.widgets.share_links import show_share_links
from rubric_ui.widgets.status import chip_html

DELETED = "runs_deleted_flash"
"""Session key: what the page says after a delete (drawn by the rerun that follows it)."""


def _asking(run_id: str) -> str:
    """Session key: the Delete of `run_id` was pressed once and waits for its confirmation."""
    return f"runs_ask_delete_{run_id}"


def _ask(run_id: str) -> None:
    st.session_state[_asking(run_id)] = True


def _keep(run_id: str) -> None:
    st.session_state.pop(_asking(run_id), None)


def _preview(run_id: str) -> None:
    """What a selected run did: the full task, the final output, tokens and time, and its heatmap."""
    view = load_view(run_id)
    if view is None:
        return
    finals = [it for it in view.all_iterations() if it.evaluation]
    score = f"criteria met at the end: {score_text(verdict_of(c) for c in finals[-1].criteria)} · " if finals else ""
    st.markdown(
        f"{chip_html(view.status)} {score}{view.facts()} · "
        f"{html.escape(view.models.get('model', ''))} graded by "
        f"{html.escape(view.models.get('grader', ''))} · {html.escape(view.agent_label)}",
        unsafe_allow_html=True,
    )
    left, right = st.columns(2, gap="large")
    with left:
        st.caption("Task")
        st.text(view.config.get("task", ""))
    with right:
        st.caption("Final output")
        st.text(view.final_output or "(none)")
    # The run view's own heatmap (its font, its legend, a cell's check and draft beside the grid), the page's width.
    show_run_heatmap(view, reviews=reviews_of(run_id))


def show_selected(store: Store, run_id: str, *, hidden: bool = False) -> None:
    """One selected run: its actions, its preview, its tags and note, its share links."""
    run = store.get_run(run_id)
    if run is None:
        return
    mark_viewed(run_id)
    st.markdown(f"**Selected run** `{run_id}`" + (" · not in the list as filtered and paged" if hidden else ""))
    # Controls only for the roles that may use them; every one goes through the server-side check anyway.
    edits, deletes = allowed("tag") and allowed("note"), allowed("delete")
    with st.container(horizontal=True, key="runs_actions"):
        if st.button("Open", key="runs_open", type="primary", icon=":material/play_arrow:"):
            st.session_state[ATTACHED] = run_id
            st.switch_page(RUN_PAGE_FILE, query_params={"run": run_id})
        st.link_button("Present", f"?run={run_id}&view=present", icon=":material/slideshow:")
        if deletes:
            st.button("Delete run…", key=f"runs_ask_{run_id}", icon=":material/delete:", on_click=_ask, args=(run_id,))
    if deletes and st.session_state.get(_asking(run_id)):
        _confirm_delete(store, run)
    _preview(run_id)
    show_fork_tree(store, run_id, key="runs")
    if edits:
        _edit_tags_and_note(store, run_id)
    elif run["tags"] or run["note"]:
        st.caption("Tags: " + (md(", ".join(run["tags"])) or "(none)"))
        if run["note"]:
            st.text(run["note"])
    if allowed("share"):
        show_share_links(run_id)


def _confirm_delete(store: Store, run: dict) -> None:
    """Say what a delete takes with it, and delete only on a second, explicit press."""
    run_id = str(run["id"])
    task = " ".join(str(run["config"].get("task", "")).split())
    with st.container(border=True, key="runs_delete_confirm"):
        st.warning(
            f"Delete run `{run_id[:8]}` ({md(task[:80] + ('…' if len(task) > 80 else ''))})? Its drafts, verdicts, "
            "reviews, tags, note and share links go with it, and this cannot be undone. Export it first "
            "(Export page) to keep a copy.",
            icon=":material/warning:",
        )
        with st.container(horizontal=True):
            if st.button("Delete it", key=f"runs_delete_{run_id}", type="primary", icon=":material/delete_forever:"):
                if attempt("delete", lambda: store.delete_run(run_id), run_id=run_id):
                    forget_view(run_id)
                    st.session_state.pop(_asking(run_id), None)
                    st.session_state[SELECTION] = [r for r in st.session_state.get(SELECTION) or [] if r != run_id]
                    st.session_state[DELETED] = f"Deleted run {run_id[:8]} ({task[:60]})."
                    st.rerun()
            st.button("Keep it", key=f"runs_keep_{run_id}", on_click=_keep, args=(run_id,))


def show_deleted_flash() -> None:
    """The rerun after a delete says what went (the row and its preview are gone)."""
    said = st.session_state.pop(DELETED, None)
    if said:
        st.success(md(said), icon=":material/delete:")


def _edit_base(store: Store, run_id: str) -> dict:
    """What this session's edit of the run's tags and note is based on: {stamp, tags, note, start_tags, start_note}.

    Kept per session: another person's save does not swap the fields under this person (it did: the fields took
    their values from the store, so the second save of two was told "Saved." and its note was gone).
    """
    key = f"runs_edit_base_{run_id}"
    base = st.session_state.get(key)
    if not isinstance(base, dict):
        now = store.edit_stamp(run_id)
        base = {**now, "start_tags": now["tags"], "start_note": now["note"]}
        st.session_state[key] = base
    return base


def _rebase(run_id: str, current: dict, *, tags: list[str], note: str) -> None:
    """New fields (their own keys) based on the stored `current`, holding `tags` and `note`."""
    st.session_state[f"runs_edit_base_{run_id}"] = {**current, "start_tags": tags, "start_note": note}
    st.session_state[f"runs_edit_gen_{run_id}"] = st.session_state.get(f"runs_edit_gen_{run_id}", 0) + 1
    st.session_state.pop(f"runs_edit_conflict_{run_id}", None)


def _save_edits(store: Store, run_id: str, tags: list[str], note: str, *, based_on: int) -> None:
    """Save the tags and note if nobody saved them since `based_on`; else keep them and say who did."""
    from rubric_core.store.conflicts import EditConflict

    shown = ", ".join(t.strip() for t in tags if t.strip()) or "(none)"
    try:
        stamp = act(
            "tag",
            lambda: store.save_run_edits(run_id, tags=tags, note=note, based_on=based_on, by=current_actor().id),
            run_id=run_id,
            detail=f"tags: {shown}",
        )
    except EditConflict as exc:
        st.session_state[f"runs_edit_conflict_{run_id}"] = {"current": exc.current, "based_on": exc.based_on}
        st.rerun()
    if stamp is None:
        return
    # The note's text stays out of the trail (it may say anything): only that it changed.
    attempt("note", lambda: None, run_id=run_id, detail=f"note of {len(note)} characters")
    base = st.session_state[f"runs_edit_base_{run_id}"]
    fields = {"stamp": stamp, "tags": sorted({t.strip() for t in tags if t.strip()}), "note": note}
    st.session_state[f"runs_edit_base_{run_id}"] = {**base, **fields}
    st.session_state[f"runs_edit_saved_{run_id}"] = True
    # The table above was drawn before this save: drawn again, its tags column shows them ("Saved." outlives the
    # rerun, a flag this page pops once).
    st.rerun()


def _edit_tags_and_note(store: Store, run_id: str) -> None:
    """The tags and note form; a save based on what this person opened, and the choices when someone saved first."""
    from rubric_core.store.conflicts import merge_tags, merge_text

    base = _edit_base(store, run_id)
    gen = st.session_state.get(f"runs_edit_gen_{run_id}", 0)
    tags_key, note_key = f"runs_tags_{run_id}_{gen}", f"runs_note_{run_id}_{gen}"
    with st.form(f"runs_edit_{run_id}_{gen}"):
        st.text_input("Tags (comma separated)", value=", ".join(base["start_tags"]), key=tags_key)
        st.text_area("Note", value=base["start_note"], key=note_key)
        submitted = st.form_submit_button("Save tags and note", key=f"runs_save_{run_id}")
    mine_tags = [t.strip() for t in str(st.session_state.get(tags_key, "")).split(",") if t.strip()]
    mine_note = str(st.session_state.get(note_key, ""))
    if submitted:
        _save_edits(store, run_id, mine_tags, mine_note, based_on=int(base["stamp"]))
        # What the notice below compares the store with: this save's stamp, not the one the form was drawn from
        # (compared with that, one's own save read as another session's).
        base = _edit_base(store, run_id)
    if st.session_state.pop(f"runs_edit_saved_{run_id}", False):
        st.success("Saved.")
    merged = st.session_state.pop(f"runs_edit_merged_{run_id}", None)
    if merged is not None:
        st.info(
            "Merged: their changes and yours are both in the fields above. Read them, then Save tags and note."
            if merged
            else "You both changed the same lines of the note: it holds both versions of them, theirs first. Keep "
            "what you want, then Save tags and note.",
            icon=":material/merge:",
        )
    conflict = st.session_state.get(f"runs_edit_conflict_{run_id}")
    if not conflict:
        now = store.edit_stamp(run_id)
        if now["stamp"] != base["stamp"]:
            st.caption(
                f":material/info: {who(now.get('edited_by', ''))} changed these tags or this note at "
                f"{when(now.get('edited_at'))}, after you opened them. Saving asks you what to do."
            )
        return
    current = conflict["current"]
    st.warning(
        f"{who(current.get('edited_by', ''))} saved this run's tags and note at {when(current.get('edited_at'))}, "
        "after you opened them. Nothing was overwritten: what you wrote is still in the fields above. Here is theirs "
        "beside yours; merge them, save yours over theirs on purpose, or take theirs.",
        icon=":material/group:",
    )
    st.markdown(
        f"**Tags** · theirs: {md(', '.join(current['tags']) or '(none)')} · yours: "
        f"{md(', '.join(sorted(set(mine_tags))) or '(none)')}"
    )
    show_difference(current["note"], mine_note, their_label="their note", key=f"runs_theirs_{run_id}")
    m1, m2, m3 = st.columns(3)
    if m1.button("Merge both", key=f"runs_merge_{run_id}", icon=":material/merge:"):
        tags = merge_tags(base["tags"], current["tags"], mine_tags)
        note, clean = merge_text(base["note"], current["note"], mine_note)
        _rebase(run_id, current, tags=tags, note=note)
        st.session_state[f"runs_edit_merged_{run_id}"] = clean
        st.rerun()
    if m2.button("Save mine over theirs", key=f"runs_overwrite_{run_id}", icon=":material/save:"):
        _rebase(run_id, current, tags=mine_tags, note=mine_note)
        _save_edits(store, run_id, mine_tags, mine_note, based_on=int(current["stamp"]))
        st.rerun()
    if m3.button("Take theirs (drop mine)", key=f"runs_take_{run_id}"):
        _rebase(run_id, current, tags=current["tags"], note=current["note"])
        st.rerun()
