"""Rubric Studio's Streamlit entry: page config, navigation over app_pages/, and the shared sidebar. No logic here.

`rubric-studio ui` runs this file; in a checkout the top-level `app.py` calls `main()`
(`streamlit run app.py`, `make run`). Page files are named by absolute path, so the
app works from any directory, installed or not.
"""

from collections.abc import Callable
from pathlib import Path

import streamlit as st

from rubric_core.access import can, may_read
from rubric_ui.screens.shared_run import show_shared_run
from rubric_ui.session import access
from rubric_ui.session.drawn import mark_drawn
from rubric_ui.session.page_files import PAGES_DIR as PAGES
from rubric_ui.session.resources import release_warm_up, warm_up
from rubric_ui.session.state import RUN_PAGE, drop_stray_run_param, keep_widget_state, page_drawn
from rubric_ui.widgets.after_sign_in import follow_the_link, remember_the_link
from rubric_ui.widgets.page_style import PAGE_CSS
from rubric_ui.widgets.sidebar import show_sidebar

HERE = Path(__file__).resolve().parent
# A local file: a material-icon favicon is fetched from an outside host (fails offline).
ICON = str(HERE / "assets" / "favicon.png")


def main() -> None:
    """One script run of the app."""
    try:
        _draw()
    finally:
        # After the first page is drawn: the workers' forkserver, started with the server (rubric_ui/serve.py) and
        # held while that page was drawn, goes on importing the agent stack; a server started otherwise
        # (`streamlit run app.py`) starts its workers now. Either way once per process (rubric_core/execution/
        # warm.py). A Start that comes while the workers are still starting is taken at once (processes.py).
        release_warm_up()
        warm_up()


def _draw() -> None:
    st.set_page_config(page_title="Rubric Studio", page_icon=ICON, layout="wide")
    st.html(PAGE_CSS)  # page width, and the product's own words while the server is unreachable

    if "share" in st.query_params or access.SHARE_ACTOR in st.session_state:
        # A share link opens that run's Present view and nothing else, signed in or not.
        _only(show_shared_run, "Shared run", "shared")
        return
    if access.auth_configured() and not access.signed_in():
        # Under every page's path: a link to /runs or /?run=<id> opened before sign-in showed Streamlit's "Page
        # not found" over this page. The address is kept for after sign-in (widgets/after_sign_in.py).
        _only(_sign_in, "Sign in", "signin", paths=APP_PATHS)
        return
    if access.auth_configured():
        follow_the_link()
    actor = access.current_actor()
    # Every press this person may not make is recorded, from a person with no role too (a replayed message).
    access.check_forged_actions()
    if not may_read(actor):  # signed in, no role: a clear page, and no data
        _only(access.no_role_page, "No role", "norole", paths=APP_PATHS)
        return

    present = st.Page(PAGES / "present.py", title="Present", icon=":material/slideshow:", url_path="present")
    if st.query_params.get("view") == "present":
        page = st.navigation([present], position="hidden")
    else:
        pages = [
            st.Page(PAGES / "run.py", title=RUN_PAGE, icon=":material/play_arrow:", url_path="run", default=True),
            st.Page(PAGES / "runs.py", title="Runs", icon=":material/history:", url_path="runs"),
            st.Page(PAGES / "rubrics.py", title="Rubrics", icon=":material/checklist:", url_path="rubrics"),
            st.Page(PAGES / "suites.py", title="Suites", icon=":material/dataset:", url_path="suites"),
            st.Page(PAGES / "review.py", title="Review", icon=":material/rate_review:", url_path="review"),
            st.Page(PAGES / "assistant.py", title="Assistant", icon=":material/auto_fix_high:", url_path="assistant"),
        ]
        # Pages whose whole purpose is an action only for the roles that may do it (the action is checked again).
        if can(actor, "export"):
            pages.append(st.Page(PAGES / "export.py", title="Export", icon=":material/download:", url_path="export"))
        pages.append(present)
        if can(actor, "audit"):
            pages.append(st.Page(PAGES / "audit.py", title="Audit", icon=":material/policy:", url_path="audit"))
        page = st.navigation(pages)

        show_sidebar()
    st.set_page_config(page_title=f"{page.title} · Rubric Studio", page_icon=ICON)
    drop_stray_run_param(page.url_path)
    keep_widget_state(page.title)
    try:
        page.run()
        page_drawn()  # not when the run was cut short (an exception: a rerun, a stop)
    finally:  # also when the page fails (a page that stops early draws it before st.stop)
        mark_drawn()


# The url paths of the app's pages (main() names each again beside its file). A comment, not a string under the
# name: Streamlit runs this file as the script of `rubric-studio ui`, and its magic drew a bare string on every page.
APP_PATHS = ("run", "runs", "rubrics", "suites", "review", "assistant", "export", "present", "audit")


def _sign_in() -> None:
    remember_the_link()
    access.sign_in_page()


def _only(draw: Callable[[], None], title: str, url_path: str, *, paths: tuple[str, ...] = ()) -> None:
    """A page with nothing else: no navigation, no sidebar (sign in, no role, a shared run); drawn under `paths`
    too, so a link to any page of the app opens it instead of Streamlit's "Page not found"."""
    pages = [st.Page(draw, title=title, url_path=url_path, default=True)]
    pages += [st.Page(draw, title=title, url_path=path) for path in paths if path != url_path]
    page = st.navigation(pages, position="hidden")
    st.set_page_config(page_title=f"{title} · Rubric Studio", page_icon=ICON)
    try:
        page.run()
    finally:
        mark_drawn(main=True)


if __name__ == "__main__":
    main()
