"""The Sandbox page run by Streamlit (AppTest, no browser): deal, type, pick, move, errors per seat, and the
settlement views (totals with the spread, the chart, who pays whom, chi by source, pair breakdowns), and the
table in the link."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
from streamlit.testing.v1 import AppTest

from maubinh.arrangement import Arrangement
from maubinh.rules import POSITIONS, RULE_SET_IDS, load_rule_set
from tests.app.arrange import arranger_data, confirm, confirm_value
from ui.sandbox.model import deal, seat_texts
from ui.sandbox.table import arranged_key

PAGE = Path(__file__).resolve().parents[2] / "pages" / "sandbox.py"
TIMEOUT_S = 30


def _run(**query: str) -> AppTest:
    at = AppTest.from_file(str(PAGE), default_timeout=TIMEOUT_S)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    _assert_ok(at)
    return at


def _assert_ok(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]


def _key(seat: int, position: str) -> str:
    return f"sandbox_seat{seat}_{position}"


def _inputs(at: AppTest, seats: int) -> list[tuple[str, ...]]:
    return [tuple(at.text_input(key=_key(seat, p.value)).value for p in POSITIONS) for seat in range(seats)]


def _totals(at: AppTest) -> pd.DataFrame:
    """The totals table (the page's first table: the matrices and breakdowns come after it), without its spread
    column."""
    assert at.table
    frame = at.table[0].value
    assert isinstance(frame, pd.DataFrame)
    spread = [column for column in frame.columns if column in ("Chênh lệch", "Spread")]
    return frame.drop(columns=spread)


def _param(at: AppTest, name: str) -> str | None:
    value = at.query_params.get(name)
    return value[-1] if isinstance(value, list) else value


def _assert_settled(at: AppTest, seats: int, lang: str = "vi") -> pd.DataFrame:
    frame = _totals(at)
    assert list(frame.columns) == [load_rule_set(rule_set_id).name(lang) for rule_set_id in RULE_SET_IDS]
    assert len(frame) == seats
    assert (frame.sum() == 0).all(), frame
    return frame


def test_first_visit_deals_two_players_and_settles_under_every_rule_set() -> None:
    at = _run()
    assert at.title[0].value == "Bàn thử: một ván, mọi bộ luật"
    assert _inputs(at, 2) == [seat_texts(a) for a in deal(2, 1)]
    frame = _assert_settled(at, 2)
    # Seed 1 is the hand-checked scoop of tests/unit/ui/sandbox/test_model.py.
    assert frame.iloc[:, 0].tolist() == [7, -7]
    assert frame.iloc[:, 3].tolist() == [3, -3]
    assert (_param(at, "seats"), _param(at, "seed")) == ("2", "1")
    # Three views, then one tab per rule set; only the open tab is drawn, one expander per pair.
    labels = [tab.label for tab in at.tabs]
    assert labels == ["Bàn chơi", *(load_rule_set(i).name("vi") for i in RULE_SET_IDS), "Luật nhà", "Nhiều ván"]
    assert len(at.expander) == 1
    assert not at.error


def test_deal_with_a_seed() -> None:
    at = _run()
    at.number_input(key="sandbox_seed").set_value(7)
    at.button[0].click()
    at.run()
    _assert_ok(at)
    assert _inputs(at, 2) == [seat_texts(a) for a in deal(2, 7)]
    frame = _assert_settled(at, 2)
    assert frame.iloc[:, 0].tolist() == [0, 0]  # chi-at: 1 chi, then the ace rule -1
    assert frame.iloc[:, 3].tolist() == [1, -1]
    assert _param(at, "seed") == "7"


def test_four_players_dealt() -> None:
    at = _run()
    at.radio(key="sandbox_seats").set_value(4)
    at.number_input(key="sandbox_seed").set_value(7)
    at.run()
    _assert_ok(at)
    # More seats than dealt: the new ones are dealt from the cards left, so the table settles at once.
    assert not at.error
    _assert_settled(at, 4)
    at.button[0].click()
    at.run()
    _assert_ok(at)
    assert _inputs(at, 4) == [seat_texts(a) for a in deal(4, 7)]
    _assert_settled(at, 4)
    assert len(at.expander) == 6  # the pairs of the open rule set's tab
    assert (_param(at, "seats"), _param(at, "seed")) == ("4", "7")


def test_a_bad_card_is_named_next_to_its_seat_and_the_text_stays() -> None:
    at = _run(seats="3", seed="7")
    typed = _inputs(at, 3)
    at.text_input(key=_key(1, "front")).set_value("8s 5s Zx")
    at.run()
    _assert_ok(at)
    assert len(at.error) == 1
    assert "“Zx”" in at.error[0].value
    assert at.error[0].value.startswith("- Chi 3:")  # the main rule set's name (chi-at by default)
    # The error sits in player 2's column, with its inputs.
    (box,) = [column for column in at.columns if len(column.error)]
    assert [text.key for text in box.text_input] == [_key(1, p.value) for p in POSITIONS]
    after = _inputs(at, 3)
    assert after[1][2] == "8s 5s Zx"
    assert after[0] == typed[0] and after[2] == typed[2] and after[1][:2] == typed[1][:2]
    assert not at.table  # nothing settled until it is fixed
    at.text_input(key=_key(1, "front")).set_value(typed[1][2])
    at.run()
    _assert_ok(at)
    assert not at.error
    _assert_settled(at, 3)


def test_a_card_in_two_seats_is_named_in_both() -> None:
    at = _run(seed="7")
    first_back = at.text_input(key=_key(0, "back")).value
    card = first_back.split()[0]  # Qd
    other_front = at.text_input(key=_key(1, "front")).value.split()
    at.text_input(key=_key(1, "front")).set_value(" ".join([*other_front[:2], card]))
    at.run()
    _assert_ok(at)
    assert len(at.error) == 2
    assert all("Q♦" in error.value for error in at.error)
    assert "Người chơi 2" in at.error[0].value and "Người chơi 1" in at.error[1].value
    assert not at.table


def test_a_duplicate_in_one_chi_and_a_wrong_count() -> None:
    at = _run(seed="7")
    at.text_input(key=_key(0, "back")).set_value("Qd Qd Jd 8d 5d")
    at.text_input(key=_key(0, "middle")).set_value("Th Tc 7s 7c")
    at.run()
    _assert_ok(at)
    (error,) = at.error
    assert "Q♦" in error.value
    assert "cần 5 lá, đang có 4" in error.value


def test_fewer_players_keep_the_hidden_seats_text() -> None:
    at = _run(seats="3", seed="7")
    third = _inputs(at, 3)[2]
    at.radio(key="sandbox_seats").set_value(2)
    at.run()
    _assert_ok(at)
    _assert_settled(at, 2)
    at.radio(key="sandbox_seats").set_value(3)
    at.run()
    _assert_ok(at)
    assert _inputs(at, 3)[2] == third
    _assert_settled(at, 3)


def test_url_deals_once_and_edits_survive_reruns() -> None:
    at = _run(seats="4", seed="7")
    assert _inputs(at, 4) == [seat_texts(a) for a in deal(4, 7)]
    at.text_input(key=_key(3, "front")).set_value("9s 5h 2c")  # same cards, new order
    at.run()
    _assert_ok(at)
    assert at.text_input(key=_key(3, "front")).value == "9s 5h 2c"
    # A page switch drops the query string: the typed cards stay, the deal goes back in the URL.
    at.query_params.clear()
    at.run()
    _assert_ok(at)
    assert at.text_input(key=_key(3, "front")).value == "9s 5h 2c"
    assert (_param(at, "seats"), _param(at, "seed")) == ("4", "7")


def test_broken_url_values_are_named_and_defaults_used() -> None:
    at = _run(seats="9", seed="abc", lang="en")
    warnings = [warning.value for warning in at.warning]
    assert any("?seats=9" in text for text in warnings), warnings
    assert any("?seed=abc" in text for text in warnings), warnings
    assert _inputs(at, 2) == [seat_texts(a) for a in deal(2, 1)]
    _assert_settled(at, 2, "en")
    assert (_param(at, "seats"), _param(at, "seed")) == ("2", "1")


def test_english() -> None:
    at = _run(lang="en", seed="7")
    assert at.title[0].value == "Sandbox: one table, every rule set"
    assert at.text_input(key=_key(0, "back")).label == "Chi 1 (back), 5 cards"
    assert at.button[0].label == "Deal"
    frame = _assert_settled(at, 2, "en")
    assert list(frame.index) == ["Player 1", "Player 2"]
    assert at.expander[0].label == "Player 1 – Player 2: even"
    at.text_input(key=_key(0, "front")).set_value("3h 3c")
    at.run()
    _assert_ok(at)
    assert at.error[0].value == "- Chi 3 (front): needs 3 cards, has 2."


def test_a_foul_and_an_instant_win_are_flagged() -> None:
    at = _run(seed="7", lang="en")
    back, middle = (at.text_input(key=_key(0, position)).value for position in ("back", "middle"))
    at.text_input(key=_key(0, "back")).set_value(middle)  # two pair behind a flush: binh lủng
    at.text_input(key=_key(0, "middle")).set_value(back)
    six_pairs = ("Jh Jc 9h 9c Ah", "6h 6c 5h 5c 2h", "4h 4c 2d")
    for position, text in zip(("back", "middle", "front"), six_pairs):
        at.text_input(key=_key(1, position)).set_value(text)
    at.run()
    _assert_ok(at)
    assert not at.error
    (foul,) = at.warning
    assert foul.value.startswith("Binh lủng (foul)") and foul.value.endswith("under every rule set.")
    frame = _assert_settled(at, 2, "en")
    assert frame.loc["Player 2"].gt(0).all()
    events = [m.value for m in at.markdown if m.value.startswith("- ")]
    assert any("Binh lủng (foul): Player 1" in text for text in events)
    assert any("Player 2: Lục phé bôn (six pairs)" in text for text in events)
    assert any("No chi compared" in m.value for m in at.markdown)


def test_xep_bai_button_rearranges_a_seat_with_the_solver():
    from maubinh import Arrangement, is_foul, load_rule_set
    from maubinh.strategy.solver import solve

    at = AppTest.from_file(str(PAGE), default_timeout=60).run()
    keys = [f"sandbox_seat0_{p}" for p in ("back", "middle", "front")]
    before = [at.text_input(key=k).value for k in keys]
    at.selectbox(key="sandbox_solve_rules").set_value("tinh-chi").run()
    at.button(key="sandbox_solve0").click().run()
    assert not at.exception
    after = [at.text_input(key=k).value for k in keys]
    rule_set = load_rule_set("tinh-chi")
    solved = Arrangement.parse(*after)
    assert sorted(solved.cards) == sorted(Arrangement.parse(*before).cards)
    assert not is_foul(solved, rule_set)
    best = solve(solved.cards, rule_set)
    assert [set(best.chi(p)) for p in ("back", "middle", "front")] == [set(solved.chi(p)) for p in ("back", "middle", "front")]
    assert any("Binh tính chi" in s.value for s in at.success)


def test_xep_bai_with_a_bad_card_says_why_and_keeps_the_text():
    at = AppTest.from_file(str(PAGE), default_timeout=60).run()
    at.text_input(key="sandbox_seat1_front").set_value("Zz 2c 3c").run()
    at.button(key="sandbox_solve1").click().run()
    assert not at.exception
    assert at.text_input(key="sandbox_seat1_front").value == "Zz 2c 3c"
    assert any("Zz" in e.value for e in at.error)


# --------------------------------------------------------------------------- settlement views


def _tables(at: AppTest) -> list[pd.DataFrame]:
    return [table.value for table in at.table]


def test_who_pays_whom_matrices_sources_and_spread() -> None:
    at = _run(seats="3", seed="7", lang="en")
    totals = _assert_settled(at, 3, "en")
    full = at.table[0].value
    assert list(full.columns)[-1] == "Spread"
    assert (full["Spread"] == totals.max(axis=1) - totals.min(axis=1)).all()
    assert any(c.value.startswith(("Highlighted rows", "Every rule set compared")) for c in at.caption)
    # One matrix per rule set (2 tables per rule set's tab follow: chi by source, then the pairs' tables).
    matrices = [frame for frame in _tables(at) if list(frame.columns) == ["Player 1", "Player 2", "Player 3"]]
    assert len(matrices) == len(RULE_SET_IDS)
    for matrix, rule_set_id in zip(matrices, RULE_SET_IDS):
        def chi(text: str) -> int:
            return 0 if text in ("0", "—") else int(text.replace("−", "-"))

        values = [[chi(str(v)) for v in row] for row in matrix.values.tolist()]
        assert [matrix.iloc[i, i] for i in range(3)] == ["—"] * 3
        assert all(values[i][j] == -values[j][i] for i in range(3) for j in range(3))
        assert [sum(row) for row in values] == totals[load_rule_set(rule_set_id).name("en")].tolist()
    for rule_set_id in RULE_SET_IDS:  # only the open breakdown tab is drawn: open each in turn
        at.session_state["sandbox_breakdown_tabs"] = load_rule_set(rule_set_id).name("en")
        at.run()
        by_source = [frame for frame in _tables(at) if "Total" in frame.columns and "Plain chi" in frame.columns]
        assert len(by_source) == 1
        parts = by_source[0].drop(columns=["Total"]).map(lambda v: int(str(v).replace("−", "-").lstrip("+")))
        assert parts.sum(axis=1).tolist() == totals[load_rule_set(rule_set_id).name("en")].tolist()
    assert at.get("plotly_chart"), "the totals chart is drawn"


def test_comparing_fewer_rule_sets_settles_under_those_only_and_goes_in_the_link() -> None:
    at = _run(seed="7", lang="en")
    at.multiselect(key="sandbox_compare").set_value(["tinh-chi", "chi-at"]).run()
    _assert_ok(at)
    frame = _totals(at)
    assert list(frame.columns) == [load_rule_set("tinh-chi").name("en"), load_rule_set("chi-at").name("en")]
    assert _param(at, "compare") == "tinh-chi,chi-at"
    again = _run(seed="7", lang="en", compare="guide-2026,nope")
    assert list(_totals(again).columns) == [load_rule_set("guide-2026").name("en")]
    assert any("nope" in warning.value for warning in again.warning)
    none = _run(seed="7", lang="en")
    none.multiselect(key="sandbox_compare").set_value([]).run()
    assert not none.dataframe
    assert any("No rule set chosen" in info.value for info in none.info)


def test_the_table_is_in_the_link_and_a_link_brings_it_back() -> None:
    at = _run(seats="3", seed="7")
    at.text_input(key=_key(2, "front")).set_value("9s 5h 2c")
    at.button(key="sandbox_solve0").click().run()
    _assert_ok(at)
    typed = _inputs(at, 3)
    link = _param(at, "hands")
    assert link and link.count("_") == 2
    fresh = _run(hands=link, seed="7")
    assert _inputs(fresh, 3) == [tuple(" ".join(text.replace("10", "T").split()) for text in seat) for seat in typed]
    _assert_settled(fresh, 3)
    broken = _run(hands="AsKs.nope", lang="en")
    assert any("?hands=" in warning.value for warning in broken.warning)
    assert _inputs(broken, 2) == [seat_texts(a) for a in deal(2, 1)]


def test_xep_bai_for_everyone() -> None:
    from maubinh import is_foul

    at = _run(seats="4", seed="3")
    at.selectbox(key="sandbox_solve_rules").set_value("guide-2026").run()
    at.button(key="sandbox_solve_all").click().run()
    _assert_ok(at)
    assert len(at.success) == 4
    for seat in _inputs(at, 4):
        from maubinh.arrangement import Arrangement

        assert not is_foul(Arrangement.parse(*seat), load_rule_set("guide-2026"))
    _assert_settled(at, 4)


# --------------------------------------------------------------------------- picking and moving cards

def _typed(at: AppTest, seats: int) -> list[tuple[str, ...]]:
    """The seats' texts from the session (the inputs are not drawn while picking or moving)."""
    return [tuple(at.session_state[_key(seat, p.value)] for p in POSITIONS) for seat in range(seats)]



def _cards(text: str):
    from maubinh.cards import parse_cards

    return list(parse_cards(text))


def test_the_picker_offers_only_cards_nobody_else_holds() -> None:
    at = _run(seed="7", lang="en")
    at.button_group(key="sandbox_mode0").set_value("pick")
    at.run()
    _assert_ok(at)
    held_by_two = {str(card) for text in _typed(at, 2)[1] for card in _cards(text)}
    offered = set()
    for suit in "shdc":
        pills = at.pills(key=f"sandbox_pick0_{suit}")
        # Issue 20 §7: hearts and diamonds red, spades and clubs in the text colour (never the theme's red).
        assert all(option.startswith(":red[") == (suit in "hd") for option in pills.options), pills.options
        offered |= {option.removeprefix(":red[").removesuffix("]") for option in pills.options}
    assert len(offered) == 52 - 13
    assert not any(card.pretty in offered
                   for card in _cards(" ".join(held_by_two)))
    # Clear the seat, then pick 13 cards row by row: they fill the back, then the middle, then the front.
    at.button(key="sandbox_clear0").click().run()
    assert _typed(at, 1)[0] == ("", "", "")
    spades = [c for c in _cards("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s") if str(c) not in held_by_two]
    at.pills(key="sandbox_pick0_s").set_value(spades[:5]).run()
    clubs = [c for c in _cards("Ac Kc Qc Jc Tc 9c") if str(c) not in held_by_two][:2]
    at.pills(key="sandbox_pick0_c").set_value(clubs).run()
    _assert_ok(at)
    back, middle, front = _typed(at, 1)[0]
    assert back.split() == [str(c) for c in spades[:5]]
    assert middle.split() == [str(c) for c in clubs] and front == ""
    assert any("needs 5 cards, has 2" in error.value for error in at.error)


def test_moving_cards_between_chi_flags_a_foul_at_once() -> None:
    """"Move" mounts the arranging component on the seat's 13 cards, starting from their chi; one "Confirm"
    rewrites the seat (a stale one is refused); a seat whose chi hold too many starts the extras in the hand."""
    at = _run(seed="7", lang="en")
    back, middle, front = _typed(at, 1)[0]
    at.button_group(key="sandbox_mode0").set_value("move")
    at.run()
    _assert_ok(at)
    data = arranger_data(at, "sandbox_arrange0")
    assert data["initial"] == {"back": back.split(), "middle": middle.split(), "front": front.split()}
    main = load_rule_set(RULE_SET_IDS[0])
    assert data["strict"] is main.strict_order
    assert data["labels"]["positions"] == {p.value: main.position_name(p, "en") for p in POSITIONS}
    # Swap the back's strongest card with the front's first: the hands no longer hold the flush.
    first_back, first_front = _cards(back)[0], _cards(front)[0]
    swap = {first_back: first_front, first_front: first_back}
    swapped = Arrangement(*(tuple(swap.get(c, c) for c in _cards(text)) for text in (back, middle, front)))
    confirm(at, arranged_key(0), confirm_value(swapped))
    new_back, _, new_front = _typed(at, 1)[0]
    assert str(first_front) in new_back.split() and str(first_back) in new_front.split()
    assert any(w.value.startswith("Binh lủng (foul)") for w in at.warning)
    assert arranger_data(at, "sandbox_arrange0")["version"] != data["version"]  # starts over from the new chi
    # An arrangement of other cards (the seat changed meanwhile) is refused, nothing written.
    other = Arrangement(*(tuple(_cards(t)) for t in _typed(at, 2)[1]))
    confirm(at, arranged_key(0), confirm_value(other))
    assert _typed(at, 1)[0] == (new_back, _typed(at, 1)[0][1], new_front)
    assert any("does not hold this player's cards" in e.value for e in at.error)
    # Two middle cards typed into the front: the page names the count, the component starts them in the hand.
    moved = _cards(middle)[:2]
    at.session_state[_key(0, "middle")] = " ".join(str(c) for c in _cards(_typed(at, 1)[0][1])[2:])
    at.session_state[_key(0, "front")] = " ".join([new_front, *(str(c) for c in moved)])
    at.run()
    _assert_ok(at)
    assert any("needs 3 cards, has 5" in error.value for error in at.error)
    assert not at.table
    data = arranger_data(at, "sandbox_arrange0")
    assert data["initial"]["front"] == new_front.split() and len(data["initial"]["middle"]) == 3
    # Fewer than 13 cards: nothing to arrange yet, said so.
    at.session_state[_key(0, "front")] = ""
    at.run()
    assert any("13 different cards" in info.value for info in at.info)


def test_picking_is_refused_while_typed_text_is_unreadable() -> None:
    at = _run(seed="7", lang="en")
    at.text_input(key=_key(0, "front")).set_value("Zz 2c 3c").run()
    at.button_group(key="sandbox_mode0").set_value("pick")
    at.run()
    _assert_ok(at)
    assert any("fix it in Type first" in info.value for info in at.info)
    assert not [p for p in at.pills if p.key and p.key.startswith("sandbox_pick0")]
    at.button_group(key="sandbox_mode0").set_value("type")
    at.run()
    assert at.text_input(key=_key(0, "front")).value == "Zz 2c 3c"


def test_more_players_are_dealt_from_the_cards_left_and_the_link_follows() -> None:
    at = _run(lang="en", seats="2", seed="1")
    at.text_input(key=_key(0, "front")).set_value("Qd 5d 3h").run()  # a typed chi is kept
    typed = _inputs(at, 2)
    at.radio(key="sandbox_seats").set_value(3).run()
    _assert_ok(at)
    assert _param(at, "seats") == "3"
    assert _inputs(at, 3)[:2] == typed
    third = _inputs(at, 3)[2]
    assert all(third) and not at.error  # a hand, not an empty seat with red problems
    cards = [c for seat in _inputs(at, 3) for chi in seat for c in chi.split()]
    assert len(cards) == len(set(cards)) == 39
    assert "Player 3" in _totals(at).to_string() or len(_param(at, "hands").split("_")) == 3
    # Down to two and up to four: the seats added never hold another seat's cards.
    at.radio(key="sandbox_seats").set_value(2).run()
    at.number_input(key="sandbox_seed").set_value(9).run()
    at.button[0].click().run()  # Deal: two new hands from seed 9
    at.radio(key="sandbox_seats").set_value(4).run()
    _assert_ok(at)
    cards = [c for seat in _inputs(at, 4) for chi in seat for c in chi.split()]
    assert len(cards) == len(set(cards)) == 52 and not at.error and _param(at, "seats") == "4"


def test_a_link_whose_player_count_differs_from_its_hands_says_so() -> None:
    hands = "AsKsQsJs9s.2h3h4h5h7d.8c2c3c_AhKhQhJh9h.2d3d4d5d7s.8d2s3s"
    at = _run(lang="en", seats="3", hands=hands)
    assert any("says 3 players but holds the cards of 2" in w.value for w in at.warning)
    assert _param(at, "seats") == "2"


def test_sandbox_one_naming_of_the_chi_the_main_rule_sets() -> None:
    """Issue 12 §4: the inputs, the move buttons, the problems and the order check all use the main rule
    set's chi names (the one Xếp bài arranges for); the order check reads > (strict order)."""
    at = _run(seed="7")
    at.selectbox(key="sandbox_solve_rules").set_value("tinh-chi").run()
    labels = [at.text_input(key=_key(0, p)).label for p in ("back", "middle", "front")]
    assert labels == ["Chi cuối (5 lá)", "Chi giữa (5 lá)", "Chi đầu (3 lá)"]
    checks = [c.value for c in at.caption if c.value.startswith("✓ ")]
    assert checks and all(c == "✓ Hợp lệ: Chi cuối > Chi giữa > Chi đầu" for c in checks), checks
    text = " ".join(m.value for m in at.markdown) + " ".join(c.value for c in at.caption)
    assert "≥" not in text and "Chi 1" not in text and "chi sau" not in text.lower()


def test_sandbox_declare_switch() -> None:
    """Issue 12 §1: a seat holding an instant win gets a "Báo mậu binh" switch set by decide, and the
    settlement follows it: the issue's 12-black hand with a royal flush is played out under chi-at."""
    from maubinh import decide, load_rule_set, parse_cards

    at = _run(seed="7")
    hands = [("As Ks Qs Js Ts", "9s 9c 8s 8c 2c", "Ah 7s 7c"), ("Kd Kc 5d 5c 3d", "Qh Qc 6d 6h 4h", "Jd 3h 2d")]
    for seat, texts in enumerate(hands):
        for position, text in zip(("back", "middle", "front"), texts):
            at.text_input(key=_key(seat, position)).set_value(text)
    at.run()
    _assert_ok(at)
    switch = at.toggle(key="sandbox_declare0")
    assert switch.label == "Báo mậu binh"
    cards = parse_cards(" ".join(hands[0]))
    assert switch.value is decide(cards, load_rule_set("chi-at"), opponents=1).declare is False
    assert not [t for t in at.toggle if t.key == "sandbox_declare1"]  # no instant win there
    frame = _assert_settled(at, 2, "vi")
    played = int(frame.loc["Người chơi 1"].iloc[0])
    assert played == 12  # chi-at: the royal flush's 10, a chi lost, a chi won, two aces
    assert _param(at, "declare") == "0-"
    switch.set_value(True).run()
    frame = _assert_settled(at, 2, "vi")
    assert int(frame.loc["Người chơi 1"].iloc[0]) == 11  # 3 x 3 chi, then the ace rule
    assert _param(at, "declare") == "1-"
    events = [m.value for m in at.markdown if m.value.startswith("- ")]
    assert any("Mậu binh của Người chơi 1" in line for line in events)
def test_the_best_play_under_each_rule_set_is_compared_on_request() -> None:
    # issue 14: one seat's cards, its best split under each rule set compared, each settled under all of them.
    at = _run(seed="7", lang="en")
    assert any(s.value == "Does the payout table change the right play?" for s in at.subheader)
    at.button(key="sandbox_plays_run").click().run()
    _assert_ok(at)
    frame = next(f for f in _tables(at) if "Best split of ↓, settled under →" in f.columns)
    assert list(frame.columns)[1:] == [load_rule_set(i).name("en") for i in RULE_SET_IDS]
    assert list(frame.iloc[:, 0]) == [load_rule_set(i).name("en") for i in RULE_SET_IDS]
    assert len(frame) == len(RULE_SET_IDS)
    assert any("sampled deals" in c.value for c in at.caption)
