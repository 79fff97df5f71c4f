"""Rubric Studio: the Streamlit entry point (page config and navigation only)."""

import streamlit as st

st.set_page_config(page_title="Rubric Studio", page_icon="✅", layout="wide")
st.title("Rubric Studio")
example = st.selectbox("Bundled example", ["haiku", "photosynthesis", "find-duplicates", "lipogram", "report"])
if st.button("Run offline"):
    from rubric_core.config import RunConfig
    from rubric_core.engine import Engine
    from rubric_core.examples import get_example

    ex = get_example(example)
    cfg = RunConfig.from_dict(
        {
            "task": ex.task,
            "rubric": ex.rubric,
            "max_iterations": ex.max_iterations,
            "grader_tools": list(ex.grader_tools),
        }
    )
    handle = Engine().execute(cfg)
    for ev in handle.events:
        if ev.type == "evaluation":
            st.subheader(f"Iteration {ev.data['iteration']}: {ev.data['result']}")
            st.table(
                [{"criterion": c["name"], "passed": c["passed"], "gap": c.get("gap", "")} for c in ev.data["criteria"]]
            )
