"""The bank's data versions (maubinh.drills.versions): a kind's own format (issue 31) changes that kind's version, and
so its seeds, alone; every other kind's banked questions stay dealt."""

from __future__ import annotations

from maubinh.drills.versions import KIND_FORMATS, bank_seed, data_version

KINDS = ("better", "arrange", "chi", "foul", "settle", "natural", "declare", "rules")


def test_a_kinds_own_format_changes_its_version_and_seeds_alone() -> None:
    before = {kind: data_version("tinh-chi", kind) for kind in KINDS}
    seeds = {kind: bank_seed("tinh-chi", "expert", kind, 7) for kind in KINDS}
    # a kind without a format of its own (or a rule set's data alone) is versioned as before issue 31
    assert before["foul"] == before["chi"] == before["natural"] == before["better"] == data_version("tinh-chi")
    assert len({before["settle"], before["rules"], before["foul"]}) == 3
    saved = dict(KIND_FORMATS)
    try:
        KIND_FORMATS["settle"] += 1
        data_version.cache_clear()
        after = {kind: data_version("tinh-chi", kind) for kind in KINDS}
        moved = {kind: bank_seed("tinh-chi", "expert", kind, 7) for kind in KINDS}
    finally:
        KIND_FORMATS.clear()
        KIND_FORMATS.update(saved)
        data_version.cache_clear()
    assert [kind for kind in KINDS if after[kind] != before[kind]] == ["settle"]
    assert [kind for kind in KINDS if moved[kind] != seeds[kind]] == ["settle"]
    assert data_version("tinh-chi", "settle") == before["settle"]  # restored
