"""Fuzz (issue 13): 10,000 crafted house-rules links and files through the readers every page uses.

A ``?house=`` link is read on every page by :func:`ui.setup.read_house_links` (``from_link_token`` with the
page's :func:`ui.setup.house_mark`), a file by the Sandbox's upload (``check_house_rules``), and every problem
is worded for the page by :func:`ui.sandbox.house_text.problem_text` and listed by
:func:`ui.problems.problem_lines`. Whatever arrives, the only exception allowed is the named one
(:class:`~maubinh.house.HouseRulesError` for a link; none for a file, whose problems are returned), and each
input is read in bounded time. The examples are fixed (``derandomize``), the heavy cases explicit, so the
whole file runs in seconds: 1,800 inputs drawn by hypothesis (which shrinks a failure to its simplest
form), 7,000 seeded mutations (cheap to make: most of the time goes into reading them) and the heavy
cases, over 10,000 in all."""

from __future__ import annotations

import base64
import json
import random
import string
import time
import zlib
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maubinh.house import (
    EDITABLE_KEYS,
    MAX_FILE_BYTES,
    MAX_LINK_CHARS,
    MAX_PROBLEMS,
    HouseRulesError,
    check_house_rules,
    dump_rule_set,
    edit,
    from_link_token,
    link_token,
    rule_set_data,
)
from maubinh.rules import RULE_SET_IDS, NaturalPattern, load_rule_set
from ui.problems import problem_lines
from ui.sandbox.house_text import problem_text
from ui.setup import house_mark


def fixed(examples: int) -> settings:
    """Hypothesis settings for a fixed set of ``examples`` (the same ones every run, nothing stored)."""
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))
SLOWEST_S = 1.0
"""The most CPU time one crafted input may take to read (typically a few ms)."""

HOUSES = [
    edit(load_rule_set("chi-at"), {}, rule_set_id="nha", names={"vi": "Nhà", "en": "Home"}),
    edit(load_rule_set("tinh-chi"), {"foul.penalty": 6, "scoop.multipliers": (2, 3, 4), "natural.rong_cuon": 78,
                                     "naturals.order": ("rong_cuon", "sanh_rong")},
         rule_set_id="nha-tu", names={"vi": "Nhà Tư", "en": "Tu's"}),
    edit(load_rule_set("luckywin"), {"bonus.cu_lu.back": 3, "aces.rule": "per_ace", "wheel.value": "second"},
         rule_set_id="x-1", names={"vi": "Một", "en": "One"}),
]
TOKENS = [link_token(house) for house in HOUSES]
FILES = [dump_rule_set(house) for house in HOUSES]


def _bare(data: Any) -> Any:
    """A rule set's data without its provenance texts (a house file may leave them out)."""
    if isinstance(data, dict):
        return {k: _bare(v) for k, v in data.items() if k not in ("source", "reading", "house_default")}
    if isinstance(data, list):
        return [_bare(v) for v in data]
    return data


BARE = [tomli_w.dumps(_bare(rule_set_data(house))) for house in HOUSES]
"""The same files without provenance: a third of the size, so most seeded mutations are cheap to read."""
PAYLOADS = [json.loads(zlib.decompress(base64.urlsafe_b64decode(t + "=" * (-len(t) % 4)))) for t in TOKENS]
B64 = string.ascii_letters + string.digits + "-_="

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.integers(-5, 600),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20),
    st.sampled_from([*RULE_SET_IDS, *EDITABLE_KEYS, *(p.value for p in NaturalPattern), "lowest", "per_ace"]),
)
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=12), inner, max_size=5)), max_leaves=12)


def read_link(token: str) -> None:
    """What every page does with a ``?house=`` token: read it, or word its problems for the warning."""
    started = time.process_time()
    try:
        rule_set = from_link_token(token, mark=house_mark)
    except HouseRulesError as error:
        for lang in ("vi", "en"):
            problem_lines((problem_text(p, lang) for p in error.details), lang)
    else:
        assert rule_set.id not in RULE_SET_IDS
    assert time.process_time() - started < SLOWEST_S, token[:80]


def read_file(text: str) -> None:
    """What the Sandbox does with an uploaded file's text: read it, or list its problems."""
    started = time.process_time()
    rule_set, problems = check_house_rules(text)
    assert (rule_set is None) == bool(problems)
    for lang in ("vi", "en"):
        problem_lines((problem_text(p, lang) for p in problems), lang)
    assert time.process_time() - started < SLOWEST_S, text[:80]
    assert len(problems) <= MAX_PROBLEMS + 1


def _pack(payload: Any) -> str:
    raw = json.dumps(payload, separators=(",", ":"), ensure_ascii=False, allow_nan=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


# --------------------------------------------------------------------------- links (4,000 + 1,000 seeded)


@fixed(300)
@given(st.one_of(st.text(alphabet=B64, max_size=400), st.text(max_size=60), st.binary(max_size=300).map(
    lambda b: base64.urlsafe_b64encode(b).decode())))
def test_junk_tokens(token: str) -> None:
    read_link(token)


@fixed(300)
@given(st.sampled_from(TOKENS), st.integers(0, 2000), st.integers(0, 8), st.text(alphabet=B64, max_size=8))
def test_damaged_tokens(token: str, at: int, cut: int, put: str) -> None:
    at %= len(token) + 1
    read_link(token[:at] + put + token[at + cut:])


@fixed(300)
@given(st.sampled_from(PAYLOADS), st.sampled_from(["b", "i", "n", "c", "c.key", "c.value", "whole", "extra"]),
       JSON, st.sampled_from(EDITABLE_KEYS))
def test_crafted_payloads(payload: dict[str, Any], part: str, value: Any, key: str) -> None:
    crafted = json.loads(json.dumps(payload))
    if part == "whole":
        crafted = value
    elif part == "c.key":
        crafted["c"] = {**crafted["c"], str(value)[:30]: 1}
    elif part == "c.value":
        crafted["c"] = {**crafted["c"], key: value}
    elif part == "extra":
        crafted[str(value)[:10]] = value
    else:
        crafted[part] = value
    read_link(_pack(crafted))


def crafted(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON-like value: the shapes a crafted link or file can hold."""
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([-1, 0, 1, 2, 3, 6, 10, 11, 100, 101, 200, 201, 500, 501, 2**31, 2**62, 2**63, -(2**63)])
    if kind == 3:
        return rng.choice([0.5, 3.7, float("nan"), float("inf"), -0.0, 1e300])
    if kind == 4:
        return "".join(rng.choice("aăđ♠ -_.[]{}\"\n\x00") for _ in range(rng.randrange(12)))
    if kind == 5:
        return rng.choice([*RULE_SET_IDS, *EDITABLE_KEYS, *(p.value for p in NaturalPattern), "lowest", "per_ace"])
    if kind in (6, 7):
        return [crafted(rng, depth + 1) for _ in range(rng.randrange(5))]
    return {rng.choice(["a", "vi", "en", "chi", "hand", *EDITABLE_KEYS]): crafted(rng, depth + 1)
            for _ in range(rng.randrange(4))}


def test_seeded_links() -> None:
    """4,000 links: damaged tokens, crafted changes, crafted payloads, compressed junk."""
    rng = random.Random(13)
    for n in range(4000):
        kind = n % 4
        if kind == 0:
            token = rng.choice(TOKENS)
            at = rng.randrange(len(token) + 1)
            token = token[:at] + "".join(rng.choice(B64) for _ in range(rng.randrange(6))) + token[at + rng.randrange(6):]
        elif kind == 1:
            payload = json.loads(json.dumps(rng.choice(PAYLOADS)))
            for _ in range(rng.randrange(1, 4)):
                payload["c"][rng.choice(EDITABLE_KEYS)] = crafted(rng)
            token = _pack(payload)
        elif kind == 2:
            payload = json.loads(json.dumps(rng.choice(PAYLOADS)))
            payload[rng.choice(["b", "i", "n", "c", "x"])] = crafted(rng)
            token = _pack(payload)
        else:
            token = _pack(crafted(rng))
        read_link(token)


@pytest.mark.parametrize("token", [
    "", "=" * 10, "A" * MAX_LINK_CHARS, "A" * (MAX_LINK_CHARS + 1), "A" * 100_000,
    _pack({"b": "chi-at", "i": "x", "n": ["x" * 1_000_000], "c": {}}),  # inflates to 1 MB
    _pack({"b": "chi-at", "i": "nha", "n": [], "c": {"positions": [[[[[[[[[[[]]]]]]]]]]]}}),
    _pack({"b": "chi-at", "i": "nha", "n": [], "c": {k: 2**64 for k in EDITABLE_KEYS}}),
    _pack({"b": "chi-at", "i": "nha", "n": [], "c": {f"k{i}": i for i in range(900)}}),
    _pack({"b": "chi-at", "i": "nha", "n": ["\x00" * 50, "\u202e" * 50], "c": {}}),
    _pack({"b": "chi-at", "i": "nha", "n": [], "c": {"naturals.order": 5}}),
    base64.urlsafe_b64encode(zlib.compress(("[" * 5000 + "]" * 5000).encode())).decode(),
], ids=lambda t: t[:12] or "empty")
def test_heavy_links(token: str) -> None:
    read_link(token)


# --------------------------------------------------------------------------- files (4,000 + 1,000 seeded)


@fixed(300)
@given(st.text(max_size=300))
def test_junk_files(text: str) -> None:
    read_file(text)


@fixed(300)
@given(st.sampled_from(FILES), st.integers(0, 20_000), st.integers(0, 30),
       st.text(alphabet=string.printable + "[]{}=\"'ăđ♠", max_size=30))
def test_damaged_files(text: str, at: int, cut: int, put: str) -> None:
    at %= len(text) + 1
    read_file(text[:at] + put + text[at + cut:])


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _paths(value, (*prefix, i))
    return found


DATA = [rule_set_data(house) for house in HOUSES]
PATHS = [(i, path) for i, data in enumerate(DATA) for path in _paths(data)]
BARE_DATA = [_bare(data) for data in DATA]
BARE_PATHS = [(i, path) for i, data in enumerate(BARE_DATA) for path in _paths(data)]


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    data = json.loads(json.dumps(data))
    target = data
    for step in path[:-1]:
        target = target[step]
    if value is None:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@fixed(300)
@given(st.sampled_from(PATHS), JSON)
def test_crafted_values_in_files(where: tuple[int, tuple[Any, ...]], value: Any) -> None:
    data = _set(DATA[where[0]], where[1], value)
    if not isinstance(data, dict):
        return
    try:
        text = tomli_w.dumps(data)
    except (TypeError, ValueError):  # a shape TOML cannot write (None inside a list...)
        return
    read_file(text)


def test_seeded_files() -> None:
    """4,200 files: lines dropped, repeated, cut or given crafted values; values set anywhere in the data."""
    rng = random.Random(31)
    for n in range(4200):
        if n % 2:
            where = rng.choice(BARE_PATHS)
            data = _set(BARE_DATA[where[0]], where[1], crafted(rng))
            try:
                text = tomli_w.dumps(data) if isinstance(data, dict) else str(data)
            except (TypeError, ValueError):
                text = json.dumps(data)[:2000]
            read_file(text)
            continue
        lines = rng.choice(FILES if n % 8 == 0 else BARE).splitlines()
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(lines))
            choice = rng.randrange(4)
            if choice == 0:
                del lines[i]
            elif choice == 1:
                lines.insert(i, lines[rng.randrange(len(lines))])
            elif choice == 2 and "=" in lines[i]:
                key = lines[i].split("=")[0]
                lines[i] = key + "= " + rng.choice(['"x"', "-1", "0", "501", "1e9", "[]", "{}", "true", "nan",
                                                    "9" * 30, '"' + "ă" * 90 + '"', "[[1]]"])
            else:
                lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        read_file("\n".join(lines))


_GOOD = FILES[0]


@pytest.mark.parametrize("text", [
    "", "\ufeff" + _GOOD, _GOOD.replace("\n", "\r\n"), _GOOD + "\x00",
    "x = " + "[" * 20_000 + "]" * 20_000,
    _GOOD.replace('id = "nha"', 'id = "nha"\nz = ' + "9" * 5000),
    _GOOD + "#" * MAX_FILE_BYTES,
    _GOOD.replace('id = "nha"', 'id = "nha"\n' + "".join(f"k{i} = {i}\n" for i in range(6000)))[:MAX_FILE_BYTES],
    _GOOD.replace("penalty = 3", "penalty = [" + ", ".join(["1"] * 20_000) + "]")[:MAX_FILE_BYTES],
    _GOOD.replace('vi = "Nhà"', 'vi = "' + "N" * 50_000 + '"', 1),
    "[[bonus]]\n" * 6000,
    'a = """' + "x" * 60_000,
], ids=["empty", "bom", "crlf", "nul", "deep", "5000 digits", "too big", "6000 unknown keys", "long list",
        "long name", "6000 bonus tables", "open string"])
def test_heavy_files(text: str) -> None:
    read_file(text)


def test_the_count_of_crafted_inputs() -> None:
    """Over 10,000 crafted links and files in this file (hypothesis examples, seeded mutations, heavy cases)."""
    hypothesis = 6 * 300
    seeded = 4000 + 4200
    heavy = len(test_heavy_links.pytestmark[0].args[1]) + len(test_heavy_files.pytestmark[0].args[1])
    assert hypothesis + seeded + heavy >= 10_000
