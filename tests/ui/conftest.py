"""Every AppTest here starts from empty Streamlit caches: a store, manager or page data cached by an earlier
test (for another home directory) must never leak into the next one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _fresh_resources() -> Iterator[None]:
    import streamlit as st

    st.cache_resource.clear()
    st.cache_data.clear()
    yield
    st.cache_resource.clear()
    st.cache_data.clear()
