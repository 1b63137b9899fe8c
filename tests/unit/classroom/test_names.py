"""Display names, class names and titles (issue 22, item 10), on both databases: normalised (NFC), the
invisible and the control characters refused with a message, compared by a confusable-safe key whose length
stays within its column, bidirectional controls dropped, a URL kept as text."""

from __future__ import annotations

import unicodedata

import pytest

from classroom.models import LEARNER_NAME_MAX, NAME_KEY_MAX, name_key
from classroom.practice import Practice
from classroom.service import ClassroomError, ClassroomStore, NameTakenError
from maubinh.drills import DrillSet, Kind, Level
from maubinh.rules import load_rule_set

CHI_AT = load_rule_set("chi-at")


def _class_id(store: ClassroomStore) -> str:
    return store.create_class("Lớp 10A", "vi", CHI_AT).info.id


def test_a_name_is_kept_in_nfc() -> None:
    decomposed = unicodedata.normalize("NFD", "Ngọc Ánh")
    assert decomposed != "Ngọc Ánh"
    assert name_key(decomposed) == name_key("Ngọc Ánh")


def test_the_key_reads_look_alikes_and_invisible_characters_as_the_plain_name() -> None:
    plain = name_key("Lan")
    for look_alike in ("Lan\u200b", "L\u0430n", "\u200dLan", "LAN", "Lan\u2060", "ＬＡＮ", "L\u0430\u200bn"):
        assert name_key(look_alike) == plain, look_alike
    assert name_key("ВАН") == name_key("BAH")  # Cyrillic capitals that look Latin
    assert name_key("Lân") != plain  # accents are part of a Vietnamese name
    assert name_key("Lan Anh") != plain


def test_the_key_of_an_expanding_name_fits_its_column() -> None:
    expanding = "\ufdfa" * LEARNER_NAME_MAX  # NFKC: 18 characters each
    assert len(unicodedata.normalize("NFKC", expanding)) > NAME_KEY_MAX
    key = name_key(expanding)
    assert len(key) <= NAME_KEY_MAX
    assert key != name_key("\ufdfa" * (LEARNER_NAME_MAX - 1))  # a cut key still tells the names apart


def test_the_same_looking_name_is_taken(store: ClassroomStore) -> None:
    class_id = _class_id(store)
    store.join(class_id, "Lan")
    for look_alike in ("Lan\u200b", "L\u0430n", "\u202eLan", "LAN"):
        with pytest.raises(NameTakenError):
            store.join(class_id, look_alike)
    assert [ln.name for ln in store.learners(class_id)] == ["Lan"]


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u200c\u200d", "\u202e\u202c", "\u2066\u2069 \ufeff", "\u3164",
                                  " \u2800 "])
def test_a_name_that_shows_nothing_is_refused_as_invisible(store: ClassroomStore, name: str) -> None:
    class_id = _class_id(store)
    with pytest.raises(ClassroomError) as refused:
        store.join(class_id, name)
    assert (refused.value.field, refused.value.problem) == ("name", "invisible")
    assert store.learners(class_id) == []


def test_zero_width_only_names_are_refused_as_invisible_not_as_empty(store: ClassroomStore) -> None:
    class_id = _class_id(store)
    with pytest.raises(ClassroomError) as refused:
        store.join(class_id, "\u200b\u200b")
    assert refused.value.problem == "invisible"
    with pytest.raises(ClassroomError) as refused:
        store.create_class("\u200b", "vi", CHI_AT)
    assert (refused.value.field, refused.value.problem) == ("name", "invisible")
    with pytest.raises(ClassroomError) as refused:
        Practice(store).create_profile("\u2060\u200d")
    assert refused.value.problem == "invisible"


@pytest.mark.parametrize("name", ["Lan\x00", "\x00", "La\x07n", "Lan\x1b[31m"])
def test_a_nul_or_control_character_is_refused_with_a_message_not_a_database_error(
        store: ClassroomStore, name: str) -> None:
    class_id = _class_id(store)
    with pytest.raises(ClassroomError) as refused:
        store.join(class_id, name)
    assert (refused.value.field, refused.value.problem) == ("name", "control")
    with pytest.raises(ClassroomError) as refused:
        store.create_class(name, "vi", CHI_AT)
    assert refused.value.problem == "control"
    with pytest.raises(ClassroomError) as refused:
        Practice(store).create_profile(name)
    assert refused.value.problem == "control"
    with pytest.raises(ClassroomError) as refused:
        store.assign(class_id, name, DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=1, count=1))
    assert (refused.value.field, refused.value.problem) == ("title", "control")
    assert store.learners(class_id) == []


def test_bidirectional_controls_are_dropped_and_the_name_kept_in_nfc(store: ClassroomStore) -> None:
    class_id = _class_id(store)
    joined = store.join(class_id, "\u202eLan\u202c " + unicodedata.normalize("NFD", "Ánh"))
    assert joined.info.name == "Lan Ánh"
    assert unicodedata.is_normalized("NFC", joined.info.name)
    klass = store.create_class("\u2067Lớp\u2069 10A", "vi", CHI_AT).info
    assert klass.name == "Lớp 10A"
    assert store.join(class_id, "שלום").info.name == "שלום"  # right-to-left letters are a name


def test_an_expanding_name_is_stored_on_both_databases(store: ClassroomStore) -> None:
    class_id = _class_id(store)
    joined = store.join(class_id, "\ufdfa" * LEARNER_NAME_MAX)
    assert joined.info.name == "\ufdfa" * LEARNER_NAME_MAX
    with pytest.raises(NameTakenError):
        store.join(class_id, "\ufdfa" * LEARNER_NAME_MAX)
    store.join(class_id, "\ufdfa" * (LEARNER_NAME_MAX - 1))
    assert Practice(store).create_profile("\ufdfa" * LEARNER_NAME_MAX).info.name == "\ufdfa" * LEARNER_NAME_MAX


def test_a_url_in_a_name_is_kept_as_typed(store: ClassroomStore) -> None:
    class_id = _class_id(store)
    name = "https://evil.example/x"
    assert store.join(class_id, name).info.name == name
    assert store.create_class("[Log in](https://evil.example)", "vi", CHI_AT).info.name == "[Log in](https://evil.example)"
