"""Fixtures for AppTest tests (no browser).

``st.cache_data`` and ``st.cache_resource`` live in the process, so they persist from one AppTest
to the next within a pytest run; clear them before each test so that tests stay independent.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import streamlit as st


@pytest.fixture(autouse=True)
def _clear_streamlit_caches() -> Iterator[None]:
    st.cache_data.clear()
    st.cache_resource.clear()
    yield
