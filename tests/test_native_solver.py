"""The native C core answers exactly as the rules and the pure-Python reference say.

* against a plain minimax written here, on small endings;
* against :class:`PythonBackend` on 508 random positions (up to six cards a hand, both decks,
  every trump suit, positions inside a trick), and on the variant flags;
* against golden full deals (``tests/golden/full_deals.json``, from benchmarks/make_golden.py);
* time budgets, cancellation, the released GIL, bounded memory, batches.
"""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import native_missing

from kozel_tutor.cards import CARDS, CardSet, Suit, parse_cards
from kozel_tutor.position import Position
from kozel_tutor.rules import TRUMP, CardOrder, Rules, find_rules
from kozel_tutor.solver import deal_outcomes, score_cuts, solve
from kozel_tutor.solver.batch import analyse_many
from kozel_tutor.solver.core import CoreResult, Deal, legal_mask
from kozel_tutor.solver.native import NativeBackend
from kozel_tutor.solver.python_solver import PythonBackend
from kozel_tutor.state import DealState

# skipped without the native core, failed where it is required (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("native_core")

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden" / "full_deals.json"
SEATS = "NESW"


@pytest.fixture(scope="module")
def native() -> NativeBackend:
    return NativeBackend(tt_megabytes=16)


# -- where the native core is required ---------------------------------------------------------


def missing_native_outcome(monkeypatch: pytest.MonkeyPatch, required: str | None) -> str:
    monkeypatch.delenv("KOZEL_REQUIRE_NATIVE", raising=False)
    if required is not None:
        monkeypatch.setenv("KOZEL_REQUIRE_NATIVE", required)
    try:
        native_missing(False)
    except pytest.fail.Exception as failure:
        assert "KOZEL_REQUIRE_NATIVE=0 skips them" in str(failure)
        return "failed"
    except pytest.skip.Exception:
        return "skipped"
    return "went on"


def test_a_missing_native_core_skips_its_tests_unless_they_are_required(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert missing_native_outcome(monkeypatch, None) == "skipped"
    assert missing_native_outcome(monkeypatch, "0") == "skipped"
    assert missing_native_outcome(monkeypatch, "1") == "failed"
    native_missing(True)   # built: the tests go on, whatever the switch


def test_the_test_script_requires_the_native_core() -> None:
    script = (ROOT / "scripts" / "test.sh").read_text("utf-8")
    assert 'export KOZEL_REQUIRE_NATIVE="${KOZEL_REQUIRE_NATIVE:-1}"' in script


# -- positions and a plain minimax --------------------------------------------------------------


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _play(deal: Deal, card: int) -> tuple[Deal, int]:
    """The position after ``card``, and the points NS took if it closed a trick."""
    order = deal.order
    hands = list(deal.hands)
    hands[deal.to_move] &= ~(1 << card)
    trick = (*deal.trick, card)
    if len(trick) < 4:
        return Deal(order, (hands[0], hands[1], hands[2], hands[3]), deal.leader, trick,
                    deal.led), 0
    winner = (deal.leader + order.winning_index(trick)) % 4
    points = sum(order.points[c] for c in trick)
    led = deal.led
    if order.suit_of[trick[0]] != TRUMP:
        led |= 1 << order.suit_of[trick[0]]
    after = Deal(order, (hands[0], hands[1], hands[2], hands[3]), winner, (), led)
    return after, (points if winner % 2 == 0 else 0)


def _legal(deal: Deal) -> list[int]:
    return list(_bits(legal_mask(deal.order, deal.hands[deal.to_move], deal.trick, deal.led)))


def _future_total(deal: Deal) -> int:
    held = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.hands[3]
    return sum(deal.order.points[c] for c in _bits(held)) + sum(
        deal.order.points[c] for c in deal.trick)


def _minimax_ns(deal: Deal) -> int:
    """NS future points under best play, by brute force."""
    if not deal.hands[deal.to_move]:
        return 0
    values = []
    for card in _legal(deal):
        after, gained = _play(deal, card)
        values.append(gained + _minimax_ns(after))
    return max(values) if deal.to_move % 2 == 0 else min(values)


def _takes_all(deal: Deal, team: int) -> bool:
    if not deal.hands[deal.to_move]:
        return True
    outcomes = []
    for card in _legal(deal):
        after, _ = _play(deal, card)
        if not after.trick and len(deal.trick) == 3 and after.leader % 2 != team:
            outcomes.append(False)
        else:
            outcomes.append(_takes_all(after, team))
    return any(outcomes) if deal.to_move % 2 == team else all(outcomes)


def _brute_card_values(deal: Deal) -> dict[int, int]:
    total = _future_total(deal)
    values = {}
    for card in _legal(deal):
        after, gained = _play(deal, card)
        ns = gained + _minimax_ns(after)
        values[card] = ns if deal.to_move % 2 == 0 else total - ns
    return values


def random_position(rng: random.Random, order: CardOrder, cards_per_hand: int,
                    in_trick: int) -> Deal:
    """A random deal played out at random down to ``cards_per_hand`` plus ``in_trick`` cards."""
    cards = list(_bits(order.deck_mask))
    rng.shuffle(cards)
    size = len(cards) // 4
    hands = tuple(sum(1 << c for c in cards[i * size:(i + 1) * size]) for i in range(4))
    deal = Deal(order, (hands[0], hands[1], hands[2], hands[3]), rng.randrange(4), ())
    for _ in range((size - cards_per_hand) * 4 + in_trick):
        deal, _ = _play(deal, rng.choice(_legal(deal)))
    return deal


# -- the rules, by brute force --------------------------------------------------------------------


def test_native_values_equal_a_plain_minimax_on_small_endings(native: NativeBackend) -> None:
    rng = random.Random(11)
    for index in range(150):
        order = find_rules("standard", deck=rng.choice((36, 32))).card_order(Suit(index % 4))
        deal = random_position(rng, order, 1 + index % 3, rng.randrange(4))
        expected = _brute_card_values(deal)
        result = native.analyse(deal)
        assert result.exact
        assert result.values == expected, deal
        best = max(expected.values())
        assert native.value(deal) == (best, best)
        assert native.reaches(deal, best) and not native.reaches(deal, best + 1)
        for team in (0, 1):
            assert native.all_tricks(deal, team) == _takes_all(deal, team), (deal, team)


def test_the_principal_variation_is_a_legal_line_that_keeps_the_value(
        native: NativeBackend) -> None:
    rng = random.Random(5)
    for index in range(40):
        order = find_rules("standard", deck=36).card_order(Suit(index % 4))
        deal = random_position(rng, order, 2 + index % 4, rng.randrange(4))
        result = native.analyse(deal)
        value = max(result.values.values())
        assert result.values[result.pv[0]] == value
        assert result.pv[0] == min(c for c, v in result.values.items() if v == value)
        ns_value = value if deal.to_move % 2 == 0 else _future_total(deal) - value
        taken = 0
        position = deal
        for card in result.pv:
            assert card in _legal(position)
            position, gained = _play(position, card)
            taken += gained
            if position.hands[position.to_move]:
                low, _ = native.value(position)
                mover_ns = low if position.to_move % 2 == 0 else _future_total(position) - low
                assert taken + mover_ns == ns_value
        assert not any(position.hands) and taken == ns_value


# -- the reference, position by position ------------------------------------------------------


def _compare(native: NativeBackend, python: PythonBackend, deal: Deal, full: bool) -> None:
    expected = python.analyse(deal)
    result = native.analyse(deal)
    assert result.values == expected.values, deal
    assert result.bounds == expected.bounds
    assert result.exact
    if result.pv:
        assert result.pv[0] == expected.pv[0]
    if full:
        low, high = python.value(deal)
        assert native.value(deal) == (low, high)
        for target in (low, low + 1, 31, 61):
            assert native.reaches(deal, target) == python.reaches(deal, target), (deal, target)
        for team in (0, 1):
            assert native.all_tricks(deal, team) == python.all_tricks(deal, team), (deal, team)


# (cards a hand, positions): every trick count up to six; the count of a size at least 32 so
# that it meets every deck, trump and trick (only the six-card positions are too slow for that)
SIZES = ((1, 96), (2, 128), (3, 128), (4, 64), (5, 80), (6, 12))
DECKS = (36, 32)
ALL_KINDS = set(itertools.product(DECKS, Suit, range(4)))


def position_kind(index: int) -> tuple[int, Suit, int]:
    """The deck, the trump and the cards already in the trick of the ``index``-th position:
    every 32 in a row are the 32 combinations, and every 8 in a row meet both decks, the four
    trumps and the four trick lengths."""
    return DECKS[index % 2], Suit((index // 2) % 4), (index + index // 8) % 4


def test_the_position_kinds_step_through_every_combination() -> None:
    assert {position_kind(i) for i in range(32)} == ALL_KINDS
    first = [position_kind(i) for i in range(8)]
    assert [{kind[n] for kind in first} for n in range(3)] == [set(DECKS), set(Suit),
                                                              set(range(4))]


@pytest.mark.parametrize(("cards", "count"), SIZES)
def test_native_equals_python_on_random_positions(native: NativeBackend, cards: int,
                                                  count: int) -> None:
    """508 positions: 1..6 cards a hand, 36 and 32 cards, every trump, inside tricks."""
    python = PythonBackend()
    rng = random.Random(1000 + cards)
    seen: set[tuple[int, Suit, int]] = set()
    for index in range(count):
        deck, trump, in_trick = kind = position_kind(index)
        seen.add(kind)
        order = find_rules("standard", deck=deck).card_order(trump)
        deal = random_position(rng, order, cards, in_trick)
        assert len(deal.trick) == in_trick and deal.order.trump == trump
        _compare(native, python, deal, full=cards <= 3 or (cards == 4 and index % 8 == 0))
    if count >= 32:
        assert seen == ALL_KINDS
    else:
        assert [{kind[n] for kind in seen} for n in range(3)] == [set(DECKS), set(Suit),
                                                                 set(range(4))]


VARIANTS = {
    "ace-dump ban": find_rules("standard", deck=32).replace(ace_dump_ban=True),
    "no trump lead with plain": find_rules("standard").replace(no_trump_lead_with_plain=True),
    "both restrictions": find_rules("standard").replace(ace_dump_ban=True,
                                                        no_trump_lead_with_plain=True),
    "six of clubs above the queen": find_rules("standard").replace(
        top_trumps=tuple(parse_cards("6C QC QS QH QD JC JS JH JD"))),
    "24 cards": Rules(name="test24", deck=24, packets=(1, 1, 1, 1, 1, 1),
                      top_trumps=tuple(parse_cards("6C QC QS QH QD JC JS JH JD")),
                      no_trump_lead_with_plain=True),
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_native_follows_the_variant_flags_and_tables(native: NativeBackend, name: str) -> None:
    rules = VARIANTS[name]
    python = PythonBackend()
    rng = random.Random(len(name))
    for index in range(60):
        order = rules.card_order(Suit(index % 4))
        cards = 1 + index % min(5, rules.hand_size)
        deal = random_position(rng, order, cards, rng.randrange(4))
        if rules.ace_dump_ban:
            deal = Deal(order, deal.hands, deal.leader, deal.trick, deal.led | rng.randrange(16))
        _compare(native, python, deal, full=cards <= 3)


@pytest.mark.parametrize("preset", ["classic", "nizhny", "kozly24"])
def test_native_equals_python_on_the_presets_catch_included(native: NativeBackend,
                                                            preset: str) -> None:
    """The catch ends the deal at a fixed score, so values depend on the points taken before."""
    python = PythonBackend()
    for index, deal in enumerate(_with_points_taken(find_rules(preset), len(preset), 120)):
        _compare(native, python, deal, full=index % 2 == 0)


def _with_points_taken(rules: Rules, seed: int, count: int) -> Iterator[Deal]:
    """Random positions of ``rules`` (1..4 cards a hand, inside tricks) with random points
    already taken by each side (the catch's value depends on them)."""
    rng = random.Random(seed)
    for index in range(count):
        order = rules.card_order(rules.trump)
        deal = random_position(rng, order, min(1 + index % 4, rules.hand_size), index % 4)
        remaining = _future_total(deal)
        ns = rng.randint(0, 120 - remaining)
        yield Deal(order, deal.hands, deal.leader, deal.trick, deal.led,
                   (ns, 120 - remaining - ns))


# -- brackets: only as far as the targets ---------------------------------------------------------

BRACKET_TARGETS = (1, 31, 60, 61, 91)


def _check_brackets(result: CoreResult, values: dict[int, int], targets: tuple[int, ...]) -> None:
    """Every card's bounds hold its value and tell, for each target, whether it is reached."""
    assert result.exact
    assert set(result.bounds) == set(values)
    for card, (low, high) in result.bounds.items():
        assert low <= values[card] <= high, (card, values[card], low, high)
        for target in targets:
            assert (low >= target) == (high >= target) == (values[card] >= target), (
                card, values[card], low, high, target)


def test_brackets_decide_every_target_as_the_exact_values_do(native: NativeBackend) -> None:
    """300 positions: both decks, every trump, inside tricks, the mover on either side, targets
    near the values as well as the deal score's own."""
    rng = random.Random(77)
    seen: set[tuple[int, Suit, int, int]] = set()
    for index in range(300):
        deck, trump, in_trick = position_kind(index)
        cards = 1 + (index // 32) % 6
        seen.add((deck, trump, in_trick, cards))
        order = find_rules("standard", deck=deck).card_order(trump)
        deal = random_position(rng, order, cards, in_trick)
        values = native.analyse(deal).values
        near = sorted({v + d for v in values.values() for d in (0, 1)})[:3]
        targets = tuple(sorted(set(BRACKET_TARGETS) | set(near)))
        _check_brackets(NativeBackend(tt_megabytes=1).brackets(deal, targets), values, targets)
    assert seen == {(*kind, cards) for kind in ALL_KINDS for cards in range(1, 7)}


@pytest.mark.parametrize("preset", ["nizhny", "kozly24"])
def test_brackets_follow_the_catch(native: NativeBackend, preset: str) -> None:
    for deal in _with_points_taken(find_rules(preset), len(preset) + 7, 60):
        _check_brackets(native.brackets(deal, BRACKET_TARGETS), native.analyse(deal).values,
                        BRACKET_TARGETS)


def test_brackets_on_golden_full_deals_agree_with_their_values() -> None:
    records = [r for r in _golden() if r["deck"] == 36][:4]
    for record in records:
        deal = _golden_deal(record)
        index = {card.token: i for i, card in enumerate(CARDS)}
        golden = record["values"]
        assert isinstance(golden, dict)
        values = {index[token]: value for token, value in golden.items()}
        _check_brackets(NativeBackend(tt_megabytes=16).brackets(deal, (31, 60, 61, 91)), values,
                        (31, 60, 61, 91))


def test_brackets_keep_to_the_budget_and_check_their_targets(native: NativeBackend) -> None:
    deal = _hard_golden_deal()
    truth = NativeBackend(tt_megabytes=8).analyse(deal).values
    result = NativeBackend(tt_megabytes=8).brackets(deal, (31, 61), budget=0.002)
    assert not result.exact
    for card, (low, high) in result.bounds.items():
        assert low <= truth[card] <= high
    with pytest.raises(ValueError, match="at most 8 targets"):
        native.brackets(deal, range(1, 10))
    with pytest.raises(ValueError, match="target out of range"):
        native.brackets(deal, (500,))


# -- golden full deals ----------------------------------------------------------------------------


def _golden() -> list[dict[str, object]]:
    data = json.loads(GOLDEN.read_text())
    deals: list[dict[str, object]] = data["deals"]
    return deals


def _golden_deal(record: dict[str, object]) -> Deal:
    deck = record["deck"]
    trump = record["trump"]
    hands_text = record["hands"]
    leader = record["leader"]
    assert isinstance(deck, int) and isinstance(trump, str) and isinstance(hands_text, dict)
    assert isinstance(leader, str)
    order = find_rules("standard", deck=deck).card_order(Suit.parse(trump))
    hands = tuple(CardSet.parse(hands_text[s]).mask for s in SEATS)
    return Deal(order, (hands[0], hands[1], hands[2], hands[3]), SEATS.index(leader), ())


def test_golden_file_holds_thirty_full_deals_of_both_decks() -> None:
    deals = _golden()
    assert len(deals) >= 30
    assert {d["deck"] for d in deals} == {36, 32}
    assert {d["trump"] for d in deals} == set("CSHD")
    for record in deals:
        deal = _golden_deal(record)
        assert all(h.bit_count() == record["deck"] // 4 for h in deal.hands)  # type: ignore[operator]


def test_native_reproduces_the_golden_full_deals() -> None:
    records = _golden()
    results = analyse_many([_golden_deal(r) for r in records], backend="native", processes=2)
    for record, result in zip(records, results, strict=True):
        values = {CARDS[c].token: v for c, v in result.values.items()}
        assert result.exact and values == record["values"], record["hands"]


# -- budgets, cancellation, threads, memory -------------------------------------------------------


def _spread(record: dict[str, object]) -> int:
    values = record["values"]
    assert isinstance(values, dict)
    return len(set(values.values()))


def _hard_golden_deal() -> Deal:
    """The golden 36-card deal whose values spread the most (a long search)."""
    return _golden_deal(max((r for r in _golden() if r["deck"] == 36), key=_spread))


def test_a_spent_budget_returns_true_bounds_not_values() -> None:
    backend = NativeBackend(tt_megabytes=8)
    deal = _hard_golden_deal()
    truth = NativeBackend(tt_megabytes=8).analyse(deal).values
    result = backend.analyse(deal, budget=0.002)
    assert not result.exact   # the search stopped: the deal takes 3 million nodes to solve
    assert set(result.bounds) == set(truth)
    for card, (low, high) in result.bounds.items():
        assert low <= truth[card] <= high
    assert all(result.bounds[c] == (v, v) for c, v in result.values.items())
    low, high = backend.value(_golden_deal(_golden()[1]), budget=0.0005)
    assert 0 <= low <= high <= 120


def long_deal() -> Deal:
    """A full deal whose exact analysis with the smallest table takes 71 million nodes (3 s on
    the development machine): a cancel sent 0.2 s into it comes long before the end."""
    order = find_rules("standard").card_order(Suit.CLUBS)
    hands = tuple(CardSet.parse(hand).mask for hand in (
        "TC 8C TS 8S 6S QD TD 9D 7D", "QC 7C 6C KS JS 9S QH AD 8D",
        "AC JC 9C AS QS KH TH 7H JD", "KC 7S AH JH 9H 8H 6H KD 6D"))
    return Deal(order, (hands[0], hands[1], hands[2], hands[3]), 0, ())


def _analyse_in_a_thread(backend: NativeBackend, deal: Deal) -> tuple[threading.Thread,
                                                                      list[CoreResult]]:
    """Start analysing ``deal`` in another thread; return once the thread is about to ask."""
    results: list[CoreResult] = []
    asking = threading.Event()

    def analyse() -> None:
        asking.set()
        results.append(backend.analyse(deal))

    worker = threading.Thread(target=analyse, daemon=True)
    worker.start()
    asking.wait()
    return worker, results


def _finished(worker: threading.Thread, results: list[CoreResult]) -> CoreResult:
    worker.join(timeout=120)   # a safety net only: without the cancel the search ends exact
    assert not worker.is_alive() and results
    return results[0]


def test_cancel_from_another_thread_stops_the_search() -> None:
    backend = NativeBackend(tt_megabytes=0.001)
    worker, results = _analyse_in_a_thread(backend, long_deal())
    time.sleep(0.2)
    backend.cancel()
    result = _finished(worker, results)
    assert not result.exact
    assert all(low <= high for low, high in result.bounds.values())
    assert all(result.bounds[c] == (v, v) for c, v in result.values.items())


def test_cancel_stops_the_queries_waiting_for_the_table_too() -> None:
    backend = NativeBackend(tt_megabytes=0.001)
    running = _analyse_in_a_thread(backend, long_deal())
    time.sleep(0.1)
    waiting = _analyse_in_a_thread(backend, long_deal())   # waits for the running one's table
    time.sleep(0.2)
    backend.cancel()
    assert not _finished(*running).exact
    assert not _finished(*waiting).exact


def test_a_cancel_leaves_the_queries_asked_after_it_alone() -> None:
    backend = NativeBackend(tt_megabytes=8)
    backend.cancel()
    assert backend.analyse(_hard_golden_deal()).exact   # 3 million nodes: it polls the cancel


def test_a_stop_ends_the_query_running_and_every_query_asked_after_it() -> None:
    """A job called off for good (the app's stale hint): its next query may begin just after
    the call, which a cancel would leave to run its whole budget."""
    backend = NativeBackend(tt_megabytes=0.001)
    worker, results = _analyse_in_a_thread(backend, long_deal())
    time.sleep(0.2)
    backend.stop()
    assert not _finished(worker, results).exact
    later = backend.analyse(_hard_golden_deal())   # 3 million nodes: it polls the stop
    assert not later.exact
    assert all(low <= high for low, high in later.bounds.values())
    assert NativeBackend(tt_megabytes=0.001).analyse(_hard_golden_deal()).exact   # unstopped


def test_the_search_releases_the_gil() -> None:
    backend = NativeBackend(tt_megabytes=8)
    deal = _hard_golden_deal()
    running = threading.Event()
    done = threading.Event()

    def solve() -> None:
        running.set()
        backend.analyse(deal, budget=0.3)
        done.set()

    worker = threading.Thread(target=solve)
    worker.start()
    running.wait()
    ticks = 0
    while not done.is_set():
        ticks += 1
        time.sleep(0)
    worker.join()
    assert ticks > 100


def test_the_transposition_table_is_bounded() -> None:
    assert NativeBackend().tt_bytes <= 64 * 2**20
    assert NativeBackend(tt_megabytes=1).tt_bytes <= 2**20
    with pytest.raises(ValueError):
        NativeBackend(tt_megabytes=0)


def test_an_impossible_position_is_an_error(native: NativeBackend) -> None:
    order = find_rules("standard").card_order()
    card = CardSet.parse("QC").mask
    with pytest.raises(ValueError):
        native.analyse(Deal(order, (card, card, 0, 0), 0, ()))
    with pytest.raises(ValueError):
        native.analyse(Deal(order, (card, 0, 0, 0), 0, ()))


def test_analyse_many_keeps_the_order_in_and_out_of_process() -> None:
    rng = random.Random(8)
    order = find_rules("standard").card_order()
    deals = [random_position(rng, order, 4, rng.randrange(4)) for _ in range(12)]
    serial = analyse_many(deals, backend="native")
    parallel = analyse_many(deals, backend=NativeBackend(tt_megabytes=4), processes=2)
    python = analyse_many(deals[:4], backend="python")
    assert [r.values for r in serial] == [r.values for r in parallel]
    assert [r.values for r in serial[:4]] == [r.values for r in python]


def test_a_failing_compiler_does_not_fail_the_build(tmp_path: Path) -> None:
    env = {"CC": "false", "LDSHARED": "false", "PATH": "/usr/bin:/bin"}
    completed = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path / "lib"),
         "--build-temp", str(tmp_path / "tmp")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert "will use the pure-Python solver" in completed.stderr
    assert not list((tmp_path / "lib").rglob("*.so"))


# -- deal outcomes through brackets ---------------------------------------------------------------


def test_the_score_cuts_of_the_standard_game() -> None:
    position = Position.from_json({"hands": {"N": "QC", "E": "AH", "S": "7S", "W": "6D"},
                                   "leader": "N", "taken": {"NS": [60, 4], "EW": [46, 4]}})
    assert score_cuts(position) == (1, 31, 60, 61, 90, 120)


@pytest.mark.parametrize("preset", ["standard", "classic", "nizhny", "kozly24"])
def test_deal_outcomes_match_the_outcomes_of_exact_values(preset: str) -> None:
    backend = NativeBackend(tt_megabytes=8)
    rng = random.Random(preset)
    for seed in range(16):
        state = DealState.deal(find_rules(preset), rng=random.Random(seed))
        while not state.is_over and (state.hands[state.to_move].bit_count() > 2 + seed % 5
                                     or len(state.trick) < seed % 4):
            state.play(rng.choice(sorted(state.legal_plays())))
        if state.is_over:   # a catch ended it
            continue
        position = Position.from_state(state)
        exact = solve(position, backend=backend)
        found = deal_outcomes(position, backend=backend)
        assert set(found) == set(exact.values)
        for card, (low, high, outcome) in found.items():
            assert low <= exact.values[card] <= high
            assert outcome == exact.outcomes[card], (preset, seed, card)
