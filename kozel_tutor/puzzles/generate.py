"""The puzzle miner: random deals and AI games in, validated puzzles out.

Each candidate position is solved once; the first goal (in :data:`GOAL_ORDER`, deal-outcome goals
before points) whose best card is unique up to equivalence — and, for ``max_points``, beats every
other card by :data:`~.verify.MARGIN` points — makes the puzzle.  Themes are tagged by code
(:mod:`.themes`), the difficulty is rated from what makes a card hard to find, and the learner
is put at S.  Endings of 5 or more cards and opening leads are shown with only the learner's
hand when the answer survives redeals of the hidden cards (it does not depend on seeing them).

Under a regional preset (``--rules classic|nizhny|kozly24``) deals are dealt and set up by the
preset's own procedures (:class:`~kozel_tutor.variants.Match`: its deck and trumps, redeal
demands and the last trump passed as the AI answers them, the holder of the 7♦ or A♦ leading the
first deal) and played on under its rules; goals are judged by its deal-score table (see
:mod:`.variants`).

Command line (bounded: it stops after ``--seconds`` or ``--count`` puzzles)::

    python -m kozel_tutor.puzzles.generate --category e4 --count 60 --seconds 120 \\
        --out puzzles/catalogue/endings-4.json
    python -m kozel_tutor.puzzles.generate --rules nizhny --category e4 --count 8 \\
        --seconds 120 --out puzzles/catalogue/variant-nizhny.json

New puzzles are merged into ``--out`` (same id: kept once), written atomically.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from ..ai import LEVELS, make_player
from ..ai.base import Player
from ..cards import Card, CardSet
from ..position import Position, PositionError
from ..rules import Rules, RulesError, find_rules, preset_names
from ..scoring import deal_result
from ..seats import Seat
from ..solver import Analysis, resolve_backend, solve
from ..solver.core import Backend
from ..state import DealState
from ..variants.choices import HeuristicChooser
from ..variants.match import Match
from ..variants.questions import drive
from .model import (
    THEME_IDS,
    Goal,
    Puzzle,
    PuzzleError,
    PuzzleSet,
    Text,
    View,
    category_of,
    load_set,
    rotate_position,
    save_set,
)
from .texts import plural_ru, points_phrase, say, seat_role, tricks_phrase
from .themes import hints_for, tag_themes, theme_label
from .variants import catch_live, goal_applies, goal_text, goal_threshold, variant_label
from .verify import GoalCheck, analyse, check_puzzle, line_after

__all__ = [
    "CATEGORIES",
    "GOAL_ORDER",
    "MinerStats",
    "build_puzzle",
    "category_of",
    "check_category",
    "main",
    "mine",
    "rate_difficulty",
    "sample_position",
]

CATEGORIES: dict[str, int] = {"e3": 3, "e4": 4, "e5": 5, "e6": 6, "open": 9}
"""Category id → cards in the learner's hand (``open``: the full hand, first lead)."""

GOAL_ORDER: tuple[Goal, ...] = (Goal.MAKE_61, Goal.SAVE_31, Goal.ALL_TRICKS, Goal.TAKE_TRICK,
                                Goal.MAKE_90, Goal.MAX_POINTS)
"""Deal-outcome goals first: a card that changes who writes what is the clearest lesson."""

VERIFY_SECONDS = 0.5
"""An ending is kept only if the pure-Python solver settles it within this much CPU time, so the
test that re-solves the whole catalogue stays fast."""

ROBUST_SAMPLES = 5
"""Redeals of the hidden cards tried before a puzzle is shown with only the learner's hand."""

_THEME_WEIGHT = {"endplay": 220, "unblock": 160, "duck": 120, "count_trumps": 100,
                 "pull_trumps": 60, "ruff_or_not": 40, "take_trick": 0, "all_tricks": 40,
                 "feed_partner": -60, "cheap_discard": -80, "opening_lead": 150, "catch": 140}


def _variant_deal(rules: Rules, rng: random.Random) -> DealState:
    """A deal of ``rules`` set up by its procedures and ready for the first card.

    Half the time it is the first deal of a match; otherwise a first deal is played out at random
    and scored, and the deal is the match's second (so the later-deal rules apply: the last
    winners' leader and boasts in ``classic``, the lone trump swap in ``kozly24``).  The AI
    answers every question before the first card.
    """
    while True:
        match = Match(rules, first_dealer=Seat(rng.randrange(4)),
                      rng=random.Random(rng.randrange(2**32)))
        chooser = HeuristicChooser(random.Random(rng.randrange(2**32)), samples=4)
        if rng.random() < 0.5:
            first = drive(match.setup(), chooser).state
            if first is not None:
                while not first.is_over:
                    first.play(rng.choice(sorted(first.legal_plays())))
                match.record(first)
            if match.is_over:
                continue
        state = drive(match.setup(), chooser).state
        if state is not None:
            return state


def _dealt(rules: Rules, rng: random.Random) -> DealState:
    if rules.procedures == "standard":
        return DealState.deal(rules, dealer=Seat(rng.randrange(4)), rng=rng)
    return _variant_deal(rules, rng)


def _pick(state: DealState, rng: random.Random, players: dict[Seat, Player] | None) -> Card:
    if players is None:
        return rng.choice(sorted(state.legal_plays()))
    return players[state.to_move].choose(state.view(state.to_move)).card


def check_category(category: str, rules: Rules) -> None:
    """Raise :class:`ValueError` for a category the rules' deck cannot make (an ending needs fewer
    cards in hand than a full hand: ``e6`` is the opening lead with 24 cards)."""
    if category not in CATEGORIES:
        raise ValueError(f"unknown category {category!r} (use {', '.join(CATEGORIES)})")
    if category != "open" and CATEGORIES[category] >= rules.hand_size:
        raise ValueError(f"category {category} needs fewer than {CATEGORIES[category]} cards in "
                         f"hand, and {rules.name} deals {rules.hand_size}: use open or a smaller "
                         f"ending")


def sample_position(rng: random.Random, category: str, source: str = "random",
                    rules: Rules | None = None) -> Position:
    """A position from a shuffled deal of ``rules`` (default standard) played on by random
    players or by ``source`` AI players.

    Endings stop when the player to move holds the category's number of cards, then 0 to 3 more
    cards go to the current trick; opening leads stop before the first card.  A deal that ends
    early (the 6♣ catching the Q♣) is replaced by a new one.  An opening lead is never one whose
    card is forced (the A♦ of a first deal in ``nizhny`` and ``kozly24``): a position cannot
    say so, so it is taken as a later deal's first lead.
    """
    rules = rules or find_rules("standard")
    check_category(category, rules)
    cards = CATEGORIES[category]
    while True:
        state = _dealt(rules, rng)
        if category == "open":
            if state.tricks or len(state.hand(state.to_move)) != rules.hand_size:
                continue  # a boast already made tricks
            state.required_lead = None
            return Position.from_state(state)
        players: dict[Seat, Player] | None = None
        if source != "random" and source in LEVELS:
            players = {seat: make_player(source, random.Random(rng.randrange(2**32)))
                       for seat in Seat}
        while (not state.is_over and len(state.hand(state.to_move)) >= cards
               and not (not state.trick and len(state.hand(state.to_move)) == cards)):
            state.play(_pick(state, rng, players))
        if state.is_over or state.trick or len(state.hand(state.to_move)) != cards:
            continue
        for _ in range(rng.randrange(4)):
            state.play(_pick(state, rng, players))
        return Position.from_state(state)


def _naive_card(check: GoalCheck) -> Card:
    """What a beginner plays: lead the strongest card; else win as cheaply as possible, or
    throw the emptiest card."""
    position = check.position
    order = position.rules.card_order(position.trump)
    legal = sorted(check.results, key=lambda c: c.index)
    if not position.trick:
        return max(legal, key=lambda c: (order.strength[c.index] + (50 if order.is_trump(c) else 0),
                                         c.points))
    trick = [c.index for c in position.trick]
    partner_winning = position.leader.offset(order.winning_index(trick)) == position.to_move.partner
    beaters = [c for c in legal if order.winning_index([*trick, c.index]) == len(trick)]
    if beaters and not partner_winning:
        return min(beaters, key=lambda c: (order.strength[c.index], c.points))
    if partner_winning:
        return max(legal, key=lambda c: (c.points, -order.strength[c.index]))
    return min(legal, key=lambda c: (c.points, order.strength[c.index]))


def rate_difficulty(check: GoalCheck, themes: Sequence[str], view: View) -> int:
    """A difficulty on the Glicko scale from what makes the card hard to find.

    More distinct choices, more cards to look ahead through, a hidden deal, a beginner's
    reflex that fails, and the subtler themes all make it harder.
    """
    rating = 1000
    rating += 70 * (len(check.classes) - 1)
    rating += 60 * (check.position.cards_per_hand - 3)
    if view is View.OWN_HAND:
        rating += 150
    rating += -150 if _naive_card(check) in check.answers else 180
    rating += max((_THEME_WEIGHT.get(t, 0) for t in themes), default=0)
    if check.goal is Goal.MAX_POINTS and check.margin is not None and check.margin < 15:
        rating += 60
    return int(min(2400, max(600, round(rating / 10) * 10)))


def _redeal_hidden(position: Position, rng: random.Random, tries: int = 50) -> Position | None:
    """The same position with the other three hands' cards shuffled among them (a seat that
    showed out of the suit led gets none of it); ``None`` if no such deal was found."""
    learner = position.to_move
    others = [s for s in Seat if s != learner]
    pool = [c for s in others for c in position.hands[s]]
    for _ in range(tries):
        rng.shuffle(pool)
        hands = list(position.hands)
        start = 0
        for seat in others:
            size = len(position.hands[seat])
            hands[seat] = CardSet(pool[start:start + size])
            start += size
        try:
            return Position(position.rules, position.trump,
                            (hands[0], hands[1], hands[2], hands[3]), position.leader,
                            position.trick, position.taken_points, position.taken_tricks,
                            position.led)
        except PositionError:
            continue
    return None


def _robust(check: GoalCheck, rng: random.Random, engine: Backend, samples: int) -> bool:
    """Whether the answer stays best when the hidden cards are dealt differently."""
    answer = min(check.answers, key=lambda c: c.index)
    kept = 0
    for i in range(samples):
        redeal = _redeal_hidden(check.position, rng)
        if redeal is None:
            return False
        other = analyse(redeal, check.goal, backend=engine)
        if answer in other.answers:
            kept += 1
        elif kept + (samples - i - 1) < samples - 1:
            return False
    return kept >= samples - 1


def _position_key(position: Position, goal: Goal) -> str:
    text = json.dumps(position.to_dict(), sort_keys=True) + goal.value
    return hashlib.sha1(text.encode()).hexdigest()[:10]


_CATCH_CARDS = frozenset({Card.parse("6C"), Card.parse("QC")})


def _alive(position: Position) -> set[Card]:
    return {c for hand in position.hands for c in hand} | set(position.trick)


def _story(position: Position, goal: Goal, view: View, answers: Collection[Card] = ()) -> Text:
    """The scene in words.  Under the catch, open hands say that the 6♣ and the Q♣ are on
    opposite sides; a hidden deal says only what the learner can know (both are still out).
    ``answers`` (the right cards) keep an opening story from naming one as the first deal's."""
    learner = position.to_move
    team = learner.team
    rules = position.rules
    parts: dict[str, list[str]] = {"ru": [], "en": []}
    for lang in ("ru", "en"):
        out = parts[lang]
        if rules.name != "standard":
            out.append(say("story_variant", lang, variant=variant_label(rules.name).get(lang)))
        if not position.trick and sum(position.taken_tricks) == 0:
            out.append(_opening(rules, lang, answers))
        elif not position.trick:
            out.append(say("story_lead", lang))
        else:
            plays = ", ".join(f"{seat_role(position.leader.offset(i), learner, lang)} "
                              f"{card.label(lang)}" for i, card in enumerate(position.trick))
            out.append(say("story_trick", lang, plays=plays))
        if sum(position.taken_tricks):
            out.append(say(
                "story_taken", lang,
                mine=points_phrase(position.taken_points[team], lang),
                mine_tricks=tricks_phrase(position.taken_tricks[team], lang),
                theirs=points_phrase(position.taken_points[team.other], lang),
                their_tricks=tricks_phrase(position.taken_tricks[team.other], lang)))
        if view is View.DOUBLE_DUMMY and catch_live(position):
            out.append(say("story_catch", lang))
        elif view is View.OWN_HAND and rules.catch and _alive(position) >= _CATCH_CARDS:
            out.append(say("story_catch_hidden", lang))
        out.append(_goal_words(position, goal, lang))
        out.append(say("story_own" if view is View.OWN_HAND else "story_open", lang))
    return Text(" ".join(parts["ru"]), " ".join(parts["en"]))


def _opening(rules: Rules, lang: str, answers: Collection[Card]) -> str:
    """The opening lead's scene: a new deal, or under a preset whose first deal opens with a
    forced card (the A♦ of ``nizhny`` and ``kozly24``) a later deal, since the lead is free.
    When that card is itself the answer the story does not name it (it would read as forced)."""
    card = rules.first_lead_card
    if card is not None:
        if card in answers:
            return say("story_opening_later_free", lang)
        return say("story_opening_later", lang, card=card.name_in(lang))
    return say("story_opening", lang)


POINT_GOALS = frozenset(g.value for g in Goal if g.threshold is not None)


def _points_out_of_reach(position: Position, goal: Goal) -> bool:
    """Whether ``goal`` asks the learner's side for more card points than it can still make
    (what it has taken plus every card still in play)."""
    target = goal_threshold(goal, position.rules)
    if target is None:
        return False
    taken = position.taken_points[position.to_move.team]
    return taken + sum(card.points for card in _alive(position)) < target


def _catch_wins(position: Position, goal: Goal) -> bool:
    """Whether the catch, not the points, is what can still reach ``goal``: its points are
    out of reach and the catch is live."""
    return catch_live(position) and _points_out_of_reach(position, goal)


def _catch_first(themes: tuple[str, ...], position: Position, goal: Goal) -> tuple[str, ...]:
    """``themes`` as the learner meets them where the catch wins: the catch first (it names the
    puzzle and gives its first hint), and no points target the points left cannot reach."""
    if "catch" not in themes or not _catch_wins(position, goal):
        return themes
    reachable = [t for t in themes if t == "catch" or t not in POINT_GOALS
                 or not _points_out_of_reach(position, Goal(t))]
    return ("catch", *(t for t in reachable if t != "catch"))


def _goal_words(position: Position, goal: Goal, lang: str) -> str:
    """The goal in words; where its points are out of reach and the catch is live, the catch
    is what wins the deal, and the goal says so instead of asking for the points."""
    rules = position.rules
    if not _catch_wins(position, goal):
        return goal_text(goal, rules, lang)
    caught = deal_result(rules, position.taken_points, position.taken_tricks,
                         caught=position.to_move.team.other)
    return say("story_goal_catch", lang, target=goal_threshold(goal, rules),
               n=max(caught.written))


def _lower_first(words: str) -> str:
    """A theme's name after a colon: «Первый заход: вытянуть козыри»."""
    return words[:1].lower() + words[1:]


def _title(category: str, n: int, themes: Sequence[str], goal: Goal, rules: Rules) -> Text:
    main_theme = next((t for t in themes if t != "opening_lead"), None)
    if main_theme is None:
        main_theme = {Goal.MAKE_61: "make_61", Goal.SAVE_31: "save_31", Goal.MAKE_90: "make_90",
                      Goal.TAKE_TRICK: "take_trick", Goal.ALL_TRICKS: "all_tricks"}.get(goal)
    name = theme_label(main_theme, rules) if main_theme else Text("Лучшая карта", "Best card")
    if category == "open":
        title = Text(say("opening_title", "ru", theme=_lower_first(name.ru)),
                     say("opening_title", "en", theme=_lower_first(name.en)))
    else:
        cards_ru = plural_ru(n, "карта", "карты", "карт")
        title = Text(say("ending_title", "ru", theme=name.ru, n=n, cards_ru=cards_ru),
                     say("ending_title", "en", theme=name.en, n=n))
    if rules.name == "standard":
        return title
    variant = variant_label(rules.name)
    return Text(say("variant_title", "ru", title=title.ru, variant=variant.ru),
                say("variant_title", "en", title=title.en, variant=variant.en))


def _first_unique_goal(position: Position, goals: Sequence[Goal], engine: Backend,
                      analysis: Analysis) -> GoalCheck | None:
    for goal in goals:
        if not goal_applies(goal, position.rules):
            continue
        if goal is Goal.MAX_POINTS and catch_live(position):
            continue
        if goal is Goal.TAKE_TRICK and position.taken_tricks[position.to_move.team]:
            continue
        if goal is Goal.ALL_TRICKS and position.taken_tricks[position.to_move.team.other]:
            continue
        check = analyse(position, goal, backend=engine, analysis=analysis)
        if check.unique:
            return check
    return None


def build_puzzle(
    position: Position,
    *,
    category: str,
    rng: random.Random,
    backend: str | Backend | None = None,
    robust_samples: int = ROBUST_SAMPLES,
    source: str = "",
    analysis: Analysis | None = None,
    view: View | None = None,
    goal: Goal | None = None,
) -> Puzzle | None:
    """The puzzle this position makes, or ``None`` when no goal has a unique best card.

    ``view`` fixes what the learner sees; by default endings of 5+ cards and opening leads get
    :attr:`View.OWN_HAND` when the answer survives ``robust_samples`` redeals.  ``goal`` tries
    only that goal instead of :data:`GOAL_ORDER`.
    """
    engine = resolve_backend(backend)
    learner = position.to_move
    position = rotate_position(position, Seat.S - learner)
    if analysis is None or analysis.position != position:
        started = time.process_time()
        analysis = solve(position, backend=engine)
        if (engine.name == "python" and position.cards_per_hand <= 6
                and time.process_time() - started > VERIFY_SECONDS):
            return None
    if not analysis.exact:
        return None
    check = _first_unique_goal(position, (goal,) if goal is not None else GOAL_ORDER, engine,
                               analysis)
    if check is None:
        return None
    goal = check.goal
    answer = min(check.answers, key=lambda c: c.index)
    line = line_after(position, answer, goal, engine)
    themes = _catch_first(tag_themes(check, answer, line), position, goal)
    if view is None:
        view = View.DOUBLE_DUMMY
        if (position.cards_per_hand >= 5 and robust_samples
                and _robust(check, rng, engine, robust_samples)):
            view = View.OWN_HAND
    prefix = "" if position.rules.name == "standard" else f"{position.rules.name}-"
    return Puzzle(
        id=f"{prefix}{category}-{_position_key(position, goal)}",
        title=_title(category, position.cards_per_hand, themes, goal, position.rules),
        story=_story(position, goal, view, check.answers),
        position=position,
        goal=goal,
        answers=check.answers,
        themes=themes,
        rating=rate_difficulty(check, themes, view),
        hints=hints_for(check, answer, themes),
        view=view,
        source=source,
    )


@dataclass
class MinerStats:
    tried: int = 0
    kept: int = 0
    seconds: float = 0.0


def mine(
    category: str,
    *,
    count: int,
    seconds: float,
    seed: int = 0,
    source: str = "random",
    backend: str | Backend | None = None,
    want_themes: Sequence[str] = (),
    robust_samples: int = ROBUST_SAMPLES,
    progress: Callable[[MinerStats], None] | None = None,
    skip_ids: set[str] | None = None,
    rules: Rules | str | None = None,
) -> tuple[list[Puzzle], MinerStats]:
    """Mine up to ``count`` new puzzles of ``category`` in at most ``seconds``.

    ``want_themes`` keeps only puzzles with at least one of those themes (to fill a thin theme);
    ``rules`` is the preset (a name or :class:`~kozel_tutor.rules.Rules`, default standard) the
    deals are dealt and played under.
    """
    rules = find_rules(rules) if isinstance(rules, str) else rules or find_rules("standard")
    check_category(category, rules)
    engine = resolve_backend(backend)
    rng = random.Random(seed)
    stats = MinerStats()
    start = time.perf_counter()
    found: list[Puzzle] = []
    seen = set(skip_ids or ())
    while len(found) < count and time.perf_counter() - start < seconds:
        stats.tried += 1
        position = sample_position(rng, category, source, rules)
        tag = f"{source} game, seed {seed}, #{stats.tried}"
        if rules.name != "standard":
            tag = f"{rules.name} {tag}"
        puzzle = build_puzzle(position, category=category, rng=rng, backend=engine,
                              robust_samples=robust_samples, source=tag)
        if puzzle is not None and puzzle.id not in seen and (
                not want_themes or set(want_themes) & set(puzzle.themes)):
            seen.add(puzzle.id)
            found.append(puzzle)
            stats.kept += 1
        stats.seconds = time.perf_counter() - start
        if progress is not None:
            progress(stats)
    stats.seconds = time.perf_counter() - start
    return found, stats


def _default_set(category: str, rules: Rules | None = None) -> PuzzleSet:
    if rules is not None and rules.name != "standard":
        variant = variant_label(rules.name)
        # the game by its name with its noun («Нижегородский козёл»): the bare adjective
        # («Нижегородский: задачи») names nothing, and quotes make its word too long for a tile
        game = variant.ru if " " in variant.ru else f"{variant.ru} козёл"
        return PuzzleSet(f"catalogue-variant-{rules.name}",
                         Text(f"{game}: задачи", f"{variant.en}: puzzles"),
                         Text(f"Концовки и первые заходы по правилам варианта «{variant.ru}» из "
                              "раздач, сыгранных программой; каждую задачу проверил решатель.",
                              f"Endings and opening leads under the {variant.en} rules, from "
                              "deals the program played, each checked by the solver."))
    if category == "open":
        title = Text("Первый заход: вся рука", "Opening leads: the full hand")
    else:
        n = CATEGORIES[category]
        title = Text(f"Концовки: {n} {plural_ru(n, 'карта', 'карты', 'карт')} на руке",
                     f"Endings: {n} cards in hand")
    return PuzzleSet(f"catalogue-{category}", title,
                     Text("Задачи из раздач, сыгранных программой; каждую проверил решатель.",
                          "Puzzles from deals the program played, each checked by the solver."))


def refresh(puzzle: Puzzle, *, backend: str | Backend | None = None) -> Puzzle | None:
    """Rebuild a puzzle's words, themes, hints and rating from its position (same view)."""
    category = category_of(puzzle.position)
    rebuilt = build_puzzle(puzzle.position, category=category, rng=random.Random(0),
                           backend=backend, view=puzzle.view, source=puzzle.source)
    if rebuilt is None:
        return None
    return Puzzle(puzzle.id if rebuilt.goal == puzzle.goal else rebuilt.id, rebuilt.title,
                  rebuilt.story, rebuilt.position, rebuilt.goal, rebuilt.answers, rebuilt.themes,
                  rebuilt.rating, rebuilt.hints, rebuilt.view, rebuilt.source)


def merge_into(path: Path, category: str, puzzles: Sequence[Puzzle],
               rules: Rules | None = None) -> PuzzleSet:
    """Add ``puzzles`` to the set file at ``path`` (created if missing: one set per category,
    or one per variant under a regional preset), sorted by rating."""
    base = load_set(path) if path.exists() else _default_set(category, rules)
    by_id = base.by_id()
    for puzzle in puzzles:
        by_id.setdefault(puzzle.id, puzzle)
    ordered = tuple(sorted(by_id.values(), key=lambda p: (p.rating, p.id)))
    merged = PuzzleSet(base.id, base.title, base.description, ordered)
    save_set(path, merged)
    return merged


def _prune_file(path: Path, limit: float) -> int:
    """Drop the endings the pure-Python solver cannot re-check within ``limit`` CPU seconds."""
    base = load_set(path)
    kept: list[Puzzle] = []
    for number, puzzle in enumerate(base.puzzles, 1):
        started = time.process_time()
        problems = check_puzzle(puzzle, backend="python")[1] if puzzle.cards <= 6 else []
        spent = time.process_time() - started
        if problems or spent > limit:
            why = "; ".join(map(str, problems)) or f"{spent:.2f} s"
            print(f"\n{puzzle.id}: dropped ({why})", file=sys.stderr)
        else:
            kept.append(puzzle)
        print(f"\rchecked {number}/{len(base.puzzles)}", end="", file=sys.stderr, flush=True)
    save_set(path, replace(base, puzzles=tuple(kept)))
    print(f"\n{path}: {len(kept)} puzzles", file=sys.stderr)
    return 0


def _refresh_file(path: Path, backend: str | None, default: PuzzleSet) -> int:
    """Rebuild every puzzle of the set file at ``path`` (:func:`refresh`).  The miner's own set
    (``default``'s id: a catalogue file) also takes today's title and description and stays in
    rating order; a curated set keeps its words and its order."""
    base = load_set(path)
    mined = base.id == default.id
    kept: list[Puzzle] = []
    for number, puzzle in enumerate(base.puzzles, 1):
        rebuilt = refresh(puzzle, backend=backend)
        if rebuilt is None:
            print(f"\n{puzzle.id}: no longer a unique puzzle, dropped", file=sys.stderr)
        else:
            kept.append(rebuilt)
        print(f"\rrefreshed {number}/{len(base.puzzles)}", end="", file=sys.stderr, flush=True)
    words = default if mined else base
    ordered = sorted(kept, key=lambda p: (p.rating, p.id)) if mined else kept
    save_set(path, PuzzleSet(base.id, words.title, words.description, tuple(ordered)))
    print(f"\n{path}: {len(kept)} puzzles", file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m kozel_tutor.puzzles.generate",
        description="Mine validated Kozel puzzles from random deals and AI games.")
    parser.add_argument("--category", choices=sorted(CATEGORIES), required=True)
    parser.add_argument("--rules", default="standard", choices=preset_names(),
                        help="the preset the deals are dealt and played under (default standard)")
    parser.add_argument("--count", type=int, default=50, help="new puzzles to find at most")
    parser.add_argument("--seconds", type=float, default=120.0, help="time limit")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--source", default="random",
                        help="who plays the deal up to the position: random or an AI level")
    parser.add_argument("--backend", choices=["python", "native"], default=None)
    parser.add_argument("--theme", action="append", default=[],
                        help="keep only puzzles with this theme (repeatable)")
    parser.add_argument("--no-robust", action="store_true",
                        help="skip the redeal check (every puzzle shows all hands)")
    parser.add_argument("--out", required=True, help="set file to merge the puzzles into")
    parser.add_argument("--prune", type=float, default=None, metavar="SECONDS",
                        help="drop endings of --out the Python solver re-checks more slowly")
    parser.add_argument("--refresh", action="store_true",
                        help="rebuild the words, themes, hints and ratings of --out, then stop "
                             "(a catalogue file also takes today's title and description; a "
                             "curated set keeps its own words and order)")
    args = parser.parse_args(argv)
    unknown = [t for t in args.theme if t not in THEME_IDS]
    if unknown:
        parser.error(f"unknown theme(s) {', '.join(unknown)}")
    try:
        rules = find_rules(args.rules)
        check_category(args.category, rules)
    except (RulesError, ValueError) as exc:
        parser.error(str(exc))
    out = Path(args.out)
    try:
        existing = load_set(out).by_id() if out.exists() else {}
    except PuzzleError as exc:
        print(f"generate: {exc}", file=sys.stderr)
        return 2
    if args.refresh:
        return _refresh_file(out, args.backend, _default_set(args.category, rules))
    if args.prune is not None:
        return _prune_file(out, args.prune)

    shown = [0.0]

    def report(stats: MinerStats) -> None:
        if stats.seconds - shown[0] < 0.5:
            return
        shown[0] = stats.seconds
        print(f"\r{args.rules} {args.category}: tried {stats.tried}, kept {stats.kept}, "
              f"{stats.seconds:.0f}/{args.seconds:.0f} s", end="", file=sys.stderr, flush=True)

    try:
        puzzles, stats = mine(args.category, count=args.count, seconds=args.seconds,
                              seed=args.seed, source=args.source, backend=args.backend,
                              want_themes=args.theme,
                              robust_samples=0 if args.no_robust else ROBUST_SAMPLES,
                              progress=report, skip_ids=set(existing), rules=rules)
    except (ValueError, PositionError) as exc:
        print(f"\ngenerate: {exc}", file=sys.stderr)
        return 2
    merged = merge_into(out, args.category, puzzles, rules)
    themes = Counter(t for p in merged.puzzles for t in p.themes)
    print(f"\n{args.category}: {stats.kept} new puzzles from {stats.tried} positions in "
          f"{stats.seconds:.1f} s; {out} now holds {len(merged.puzzles)}", file=sys.stderr)
    print("themes: " + ", ".join(f"{t} {n}" for t, n in themes.most_common()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
