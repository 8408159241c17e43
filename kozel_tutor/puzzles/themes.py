"""Puzzle themes, each defined in code: a predicate on the solved position and its best line.

Themes are tagged by code, never by hand (as lichess-puzzler does), so a theme always means the
same thing.  Every theme has a name, a one-sentence definition (the docs quote it) and a first
hint in Russian and English.  The predicates read a :class:`ThemeContext`: the position, the
solver's verdict, one answer card and the line of best play that starts with it.

>>> sorted(THEMES) == sorted(THEME_IDS)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from ..cards import Card
from ..i18n import ROWS
from ..position import Position
from ..rules import TRUMP, CardOrder, Rules, find_rules
from ..scoring import DealResult, deal_result
from ..seats import Seat, Team
from ..state import DealState
from ..state import caught_side as _caught_in_trick
from .model import THEME_IDS, Goal, Text
from .texts import points_phrase
from .variants import catch_live, goal_steps
from .verify import GoalCheck, LineTrick, analyse, play_line

__all__ = ["CHEAP_HINTS", "EMPTY_CARD_HINT", "RUFF_HINTS", "THEMES", "Theme", "ThemeContext",
           "current_hint", "hints_for", "tag_themes", "theme_definition", "theme_hint",
           "theme_label", "theme_note", "trick_takers", "worth_hint"]


@dataclass(frozen=True)
class ThemeContext:
    """What a theme predicate may look at."""

    position: Position
    check: GoalCheck
    answer: Card
    line: tuple[Card, ...]
    tricks: tuple[LineTrick, ...]

    @classmethod
    def build(cls, check: GoalCheck, answer: Card, line: list[Card]) -> ThemeContext:
        return cls(check.position, check, answer, tuple(line),
                   tuple(play_line(check.position, line)))

    @property
    def order(self) -> CardOrder:
        return self.position.rules.card_order(self.position.trump)

    @property
    def seat(self) -> Seat:
        return self.position.to_move

    @property
    def team(self) -> Team:
        return self.seat.team

    @property
    def leading(self) -> bool:
        return not self.position.trick

    @property
    def legal(self) -> list[Card]:
        return list(self.check.results)

    @property
    def others(self) -> list[Card]:
        """Legal cards that are not answers."""
        return [c for c in self.check.results if c not in self.check.answers]

    @property
    def hand(self) -> list[Card]:
        return list(self.position.hands[self.seat])

    def is_trump(self, card: Card) -> bool:
        return self.order.is_trump(card)

    def first_trick_team(self) -> Team:
        return self.tricks[0].winner.team

    def alive(self) -> set[Card]:
        cards = {c for hand in self.position.hands for c in hand}
        return cards | set(self.position.trick)

    def current_winner(self) -> tuple[Seat, Card] | None:
        trick = self.position.trick
        if not trick:
            return None
        index = self.order.winning_index([c.index for c in trick])
        return self.position.leader.offset(index), trick[index]

    def beats_now(self, card: Card) -> bool:
        """Whether ``card`` would take the lead of the trick on the table right now."""
        current = self.current_winner()
        return current is not None and self.order.beats(card, current[1])


@dataclass(frozen=True)
class Theme:
    id: str
    name: Text
    definition: Text
    hint: Text
    test: Callable[[ThemeContext], bool]


def trick_takers(position: Position) -> list[Card]:
    """The cards the player to move may play with which their side takes the trick on the
    table, whatever the players after them play (each side playing for this trick alone).

    >>> p = Position.from_json({"rules": "standard", "deck": 36, "trump": "C",
    ...     "hands": {"N": "TS 7S TH", "E": "9S TD", "S": "6C KD 8D", "W": "KH 6H 9D"},
    ...     "leader": "E", "trick": ["7D"], "taken": {"NS": [70, 4], "EW": [12, 2]}})
    >>> [c.token for c in trick_takers(p)]
    ['KD']
    """
    state = position.to_state()
    team = position.to_move.team
    return [card for card in state.legal_plays() if _takes_after(state, card, team)]


def _takes_after(state: DealState, card: Card, team: Team) -> bool:
    """Whether ``team`` takes the trick in progress once ``card`` is played, each seat after
    choosing its card for the trick: ``team`` to take it, the other side to stop it."""
    trick = state.play(card)
    try:
        if trick is not None:
            return trick.winner.team is team
        replies = (_takes_after(state, reply, team) for reply in state.legal_plays())
        return any(replies) if state.to_move.team is team else all(replies)
    finally:
        state.undo()


def _feed_partner(ctx: ThemeContext) -> bool:
    if ctx.leading or ctx.answer.points < 10:
        return False
    return (ctx.tricks[0].winner == ctx.seat.partner
            and any(c.points < ctx.answer.points for c in ctx.others))


def _cheap_discard(ctx: ThemeContext) -> bool:
    if ctx.leading or ctx.first_trick_team() == ctx.team:
        return False
    return (ctx.answer.points == min(c.points for c in ctx.legal)
            and any(c.points > ctx.answer.points for c in ctx.others))


def _pull_trumps(ctx: ThemeContext) -> bool:
    if not ctx.leading or not ctx.is_trump(ctx.answer):
        return False
    first = ctx.tricks[0]
    return any(seat.team != ctx.team and ctx.is_trump(card) for seat, card in first.plays)


def _count_trumps(ctx: ThemeContext) -> bool:
    if ctx.first_trick_team() != ctx.team or ctx.tricks[0].winner != ctx.seat:
        return False
    order = ctx.order
    alive_trumps = [c for c in ctx.alive() if order.is_trump(c)]
    gone = len(order.trumps) - len(alive_trumps)
    if gone == 0:
        return False
    if ctx.is_trump(ctx.answer):
        top = max(alive_trumps, key=lambda c: order.strength[c.index])
        return ctx.answer == top and ctx.answer != order.trumps[0]
    if not ctx.leading:
        return False
    opponents = [ctx.position.hands[s] for s in Seat if s.team != ctx.team]
    return not any(order.is_trump(c) for hand in opponents for c in hand)


def _duck(ctx: ThemeContext) -> bool:
    current = ctx.current_winner()
    if current is None or current[0].team == ctx.team:
        return False
    could_win = any(ctx.beats_now(c) for c in ctx.legal)
    return could_win and not ctx.beats_now(ctx.answer)


def _unblock(ctx: ThemeContext) -> bool:
    order = ctx.order
    suit = order.effective_suit(ctx.answer)
    strength = order.strength[ctx.answer.index]
    group = ctx.check.results[ctx.answer].group
    return any(order.effective_suit(c) == suit and order.strength[c.index] < strength
               and c.points == ctx.answer.points and ctx.check.results[c].group != group
               for c in ctx.others)


def _ruff_or_not(ctx: ThemeContext) -> bool:
    trick = ctx.position.trick
    if not trick:
        return False
    order = ctx.order
    led = order.effective_suit(trick[0])
    if led == TRUMP:
        return False
    hand = ctx.hand
    if any(order.effective_suit(c) == led for c in hand):
        return False
    return any(order.is_trump(c) for c in hand) and any(not order.is_trump(c) for c in hand)


def _endplay(ctx: ThemeContext) -> bool:
    if not ctx.leading or len(ctx.tricks) < 2:
        return False
    return (ctx.tricks[0].winner.team != ctx.team
            and all(t.winner.team == ctx.team for t in ctx.tricks[1:]))


def _outcome_boundary(ctx: ThemeContext, threshold: int) -> bool:
    results = ctx.check.results
    mine = results[ctx.answer].points
    if mine is None or mine < threshold:
        return False
    return all((r.points or 0) < threshold for c, r in results.items() if c in ctx.others)


def _save_31(ctx: ThemeContext) -> bool:
    steps = goal_steps(ctx.position.rules)
    if ctx.check.goal is Goal.SAVE_31:
        return True
    return steps.save is not None and (
        _outcome_boundary(ctx, steps.save)
        and (ctx.check.results[ctx.answer].points or 0) < steps.win)


def _make_61(ctx: ThemeContext) -> bool:
    steps = goal_steps(ctx.position.rules)
    if ctx.check.goal is Goal.MAKE_61:
        return True
    return (_outcome_boundary(ctx, steps.win)
            and (ctx.check.results[ctx.answer].points or 0) < (steps.big or 121))


def _make_90(ctx: ThemeContext) -> bool:
    big = goal_steps(ctx.position.rules).big
    return ctx.check.goal is Goal.MAKE_90 or (big is not None and _outcome_boundary(ctx, big))


def caught_side(rules: Rules, tricks: Sequence[LineTrick]) -> Team | None:
    """The side whose Q♣ the 6♣ catches in the last trick of a line, if ``rules`` play the catch
    and it does (:func:`kozel_tutor.state.caught_side`)."""
    if not rules.catch or not tricks:
        return None
    last = tricks[-1]
    return _caught_in_trick(last.plays[0][0], [card for _, card in last.plays])


def _catch(ctx: ThemeContext) -> bool:
    """The catch decides the puzzle: solved without it (the same cards, the catch rule off), the
    answers would be other cards, or no one card alone."""
    position = ctx.position
    if not catch_live(position):
        return False
    free = Position(position.rules.replace(catch=False), position.trump, position.hands,
                    position.leader, position.trick, position.taken_points,
                    position.taken_tricks, position.led)
    backend = ctx.check.backend if ctx.check.backend in ("python", "native") else None
    check = analyse(free, ctx.check.goal, backend=backend)
    return not check.unique or check.answers != ctx.check.answers


def _opening_lead(ctx: ThemeContext) -> bool:
    pos = ctx.position
    return (ctx.leading and sum(pos.taken_tricks) == 0
            and pos.cards_per_hand == pos.rules.hand_size)


def _t(ru: str, en: str) -> Text:
    return Text(ru, en)


# -- the themes whose words carry the deal score -------------------------------------------------

_STEP_WORDS: dict[str, dict[str, Text]] = {
    "save_31": {
        "name": _t("Спастись ({save})", "Save {save}"),
        "definition": _t("Только верный ход даёт вашей стороне {save_points}{save_stake}.",
                         "Only the right card gets your side to {save}{save_stake}."),
        "hint": _t("Сколько очков вам не хватает до {save}?",
                   "How many more points do you need to reach {save}?")},
    "make_61": {
        "name": _t("Добрать {win}", "Make {win}"),
        "definition": _t("Только верный ход выигрывает раздачу ({win_points} и больше).",
                         "Only the right card wins the deal ({win} points or more)."),
        "hint": _t("Сколько очков вам не хватает до {win}?",
                   "How many more points do you need to reach {win}?")},
    "make_90": {
        "name": _t("Не дать спастись", "Keep them under {save}"),
        "definition": _t("Только верный ход оставляет соперникам {rest_points} или "
                         "меньше{big_stake}.",
                         "Only the right card holds the opponents to {rest} or "
                         "fewer{big_stake}."),
        "hint": _t("Сколько очков соперникам не хватает до {save}?",
                   "How many more points do the opponents need to reach {save}?")},
    "take_trick": {
        "definition": _t("Ваша сторона без взяток; только верный ход приносит "
                         "взятку{trick_stake}.",
                         "Your side has no trick yet; only the right card brings "
                         "one{trick_stake}.")},
    "all_tricks": {
        "definition": _t("Соперники без взяток; только верный ход забирает все "
                         "оставшиеся{sweep_stake}.",
                         "The opponents have no trick yet; only the right card takes all the "
                         "rest{sweep_stake}.")},
    "catch": {
        "definition": _t("Шестёрка треф и дама треф у разных сторон, и всё решает то, что "
                         "шестёрка ловит даму (раздача кончается, стороне с дамой пишут "
                         "{caught}).",
                         "The 6♣ and the Q♣ are on opposite sides, and the 6♣ catching the Q♣ "
                         "decides (the deal ends, the Q♣'s side is written {caught})."),
    },
}
"""The words of the themes that name a deal-score step or say what is written, as templates:
the one source of their names, definitions and first hints.  :data:`THEMES` holds them filled
in for the standard rules; :func:`theme_label`, :func:`theme_hint` and :func:`theme_definition`
(so :func:`theme_note`) fill them in for a preset from its own deal-score table
(:func:`_step_params`), and :func:`current_hint` rewords old hints with them."""

_STAKE_WORDS: dict[str, dict[str, Text]] = {
    # who has the deal's score written, in the words of each kind of table
    "standard": {"us": _t("вы пишете {n}", "you write {n}"),
                 "them": _t("соперники пишут {n}", "the opponents write {n}")},
    "rows": {"us": _t("вы пишете {n}", "you write {n}"),
             "them": _t("соперники пишут {n}", "the opponents write {n}")},
    "penalty": {"us": _t("вам пишут {n}", "you are written {n}"),
                "them": _t("соперникам пишут {n}", "they are written {n}")},
}
"""What is written, by kind of score table: ``standard`` (the winners write 2, 4 or 6), ``rows``
(``classic``: the winners write rows of the tablo) and ``penalty`` (``nizhny``, ``kozly24``:
points are written against the losers), in the present tense as every goal and result of the
puzzles says it: «вы пишете 4», «соперники пишут 2», «вам пишут 2»."""

_NOT = _t(", а не {n}", ", not {n}")

_CATCH_WRITTEN = 4
"""What the catch writes on the Q♣'s side in the presets that play it (RULES.md §2.2, §2.3): the
catch theme's words under rules without the catch (the standard definition) say this."""


def _stake_kind(rules: Rules) -> str:
    if rules.scoring == "standard":
        return "standard"
    return "penalty" if rules.target_loses else "rows"


def _stake(rules: Rules, reached: DealResult, instead: DealResult | None,
           lang: str) -> str | None:
    """What is written when the learner's side (NS) reaches ``reached`` (and not ``instead``),
    in the words of the preset's table: "the opponents write 2, not 4", "you are written 2, not
    4", "you write 2 rows"; ``None`` when nothing is written there (eggs, a reset)."""
    side = next((team for team in Team if reached.written[team]), None)
    if side is None or reached.reset is not None:
        return None
    kind = _stake_kind(rules)

    def amount(n: int) -> str:
        if kind == "rows":
            return ROWS(n).in_lang(lang)
        return str(n)

    words = _STAKE_WORDS[kind]["us" if side is Team.NS else "them"].get(lang)
    text = words.format(n=amount(reached.written[side]))
    if (instead is not None and instead.reset is None and not instead.written[side.other]
            and instead.written[side] not in (0, reached.written[side])):
        text += _NOT.get(lang).format(n=amount(instead.written[side]))
    return text


def _result_at(rules: Rules, points: int, tricks: tuple[int, int] = (1, 1)) -> DealResult:
    """The deal result when NS end with ``points`` of the 120 and the tricks ``tricks``."""
    return deal_result(rules, (points, 120 - points), tricks)


@cache
def _step_params(rules: Rules, lang: str) -> dict[str, object] | None:
    """What fills in :data:`_STEP_WORDS` under ``rules``: the points of the deal-score steps
    (:func:`~.variants.goal_steps`) and what is written at each, read off the preset's table
    with :func:`~kozel_tutor.scoring.deal_result`; ``None`` if the table lacks a step."""
    steps = goal_steps(rules)
    if steps.save is None or steps.big is None:
        return None
    hand = rules.hand_size

    def clause(prefix: str, suffix: str, reached: DealResult,
               instead: DealResult | None = None) -> str:
        words = _stake(rules, reached, instead, lang)
        return "" if words is None else f"{prefix}{words}{suffix}"

    # the trick goals' results only where taking a trick or every trick changes nothing else
    # (goal_steps: the standard game's 6); elsewhere their words say nothing of the score
    one_trick = _result_at(rules, 0, (1, hand - 1))
    no_trick = _result_at(rules, 0, (0, hand))
    sweep = _result_at(rules, 120, (hand, 0))
    caught = (deal_result(rules, (60, 60), (1, 1), caught=Team.NS).written[Team.NS]
              if rules.catch else _CATCH_WRITTEN)
    return {
        "win": steps.win, "save": steps.save, "big": steps.big, "rest": 120 - steps.big,
        "win_points": points_phrase(steps.win, lang),
        "save_points": points_phrase(steps.save, lang),
        "rest_points": points_phrase(120 - steps.big, lang),
        "save_stake": clause(": ", "", _result_at(rules, steps.save),
                             _result_at(rules, steps.save - 1)),
        "big_stake": clause(": ", "", _result_at(rules, steps.big)),
        "trick_stake": clause(" (", ")", one_trick, no_trick) if steps.tricks else "",
        "sweep_stake": clause(" (", ")", sweep) if steps.tricks else "",
        "caught": caught,
    }


def _step_text(theme_id: str, field: str, rules: Rules) -> Text | None:
    """The words ``field`` (name, definition, hint) of ``theme_id`` under ``rules``, if the theme
    has them as a template and the rules have its steps."""
    template = _STEP_WORDS.get(theme_id, {}).get(field)
    ru, en = _step_params(rules, "ru"), _step_params(rules, "en")
    if template is None or ru is None or en is None:
        return None
    return Text(template.ru.format(**ru), template.en.format(**en))


_STANDARD = find_rules("standard")


def _standard(theme_id: str, field: str) -> Text:
    text = _step_text(theme_id, field, _STANDARD)
    assert text is not None, (theme_id, field)
    return text


THEMES: dict[str, Theme] = {theme.id: theme for theme in (
    Theme("feed_partner", _t("Подкормить партнёра", "Feed your partner"),
          _t("Вы кладёте туза или десятку во взятку, которую забирает партнёр, хотя могли "
             "положить карту дешевле.",
             "You play an ace or a ten on a trick your partner takes, though you have a cheaper "
             "card."),
          _t("Чья это взятка? Если партнёра — дайте ему очков.",
             "Whose trick is this? If it is your partner's, give them points."),
          _feed_partner),
    Theme("cheap_discard", _t("Пустая карта", "Cheapest card"),
          _t("Взятку забирают соперники; вы отдаёте самую пустую карту, а очки бережёте.",
             "The opponents take the trick; you give the emptiest card and keep your points."),
          _t("Эту взятку вам не взять: что вы готовы отдать?",
             "You cannot take this trick: what can you spare?"),
          _cheap_discard),
    Theme("pull_trumps", _t("Вытянуть козыри", "Pull trumps"),
          _t("Вы заходите с козыря, и соперникам приходится отдавать свои козыри.",
             "You lead a trump and the opponents must give up their trumps."),
          _t("У кого ещё остались козыри?", "Who still holds trumps?"),
          _pull_trumps),
    Theme("count_trumps", _t("Считать козыри", "Count the trumps"),
          _t("Ваша карта берёт взятку потому, что старшие козыри уже вышли (или у соперников "
             "их не осталось) — это видно, только если считать.",
             "Your card takes the trick because the higher trumps are out (or the opponents "
             "have none left): you see it only if you count."),
          _t("Пересчитайте козыри: какие уже вышли?", "Count the trumps: which are gone?"),
          _count_trumps),
    Theme("duck", _t("Пропустить взятку", "Duck"),
          _t("Вы могли перебить карту соперника, но нарочно отдаёте ему взятку.",
             "You could beat the opponent's card but deliberately let them have the trick."),
          _t("Всегда ли нужно бить?", "Must you always beat their card?"),
          _duck),
    Theme("unblock", _t("Освободить масть", "Unblock"),
          _t("Из двух карт одной масти и одной цены сыграйте сейчас старшую; оставшись на "
             "руке, она потом помешала бы вам (или партнёру).",
             "Of two cards of one suit worth the same points, play the higher one now; kept in "
             "hand, it would get in your (or your partner's) way later."),
          _t("Какая из ваших карт помешает потом?",
             "Which of your cards will be in the way later?"),
          _unblock),
    Theme("ruff_or_not", _t("Бить козырем или нет", "Ruff or not"),
          _t("Карт масти захода у вас нет: решайте, бить козырем или снести другую карту.",
             "You have none of the suit led: decide whether to trump or to discard."),
          _t("Побить козырем или приберечь его: что будет после этой взятки?",
             "Trump now or keep the trump: what happens after this trick?"),
          _ruff_or_not),
    Theme("endplay", _t("Отдать ход", "Endplay"),
          _t("Вы нарочно отдаёте взятку; выигравший соперник вынужден ходить вам на руку, и "
             "остальные взятки ваши.",
             "You give a trick away on purpose; the opponent who wins it must lead into your "
             "side's cards, and every later trick is yours."),
          _t("Кому выгодно сейчас получить ход?", "Who wants the lead right now?"),
          _endplay),
    Theme("save_31", _standard("save_31", "name"), _standard("save_31", "definition"),
          _standard("save_31", "hint"), _save_31),
    Theme("make_61", _standard("make_61", "name"), _standard("make_61", "definition"),
          _standard("make_61", "hint"), _make_61),
    Theme("make_90", _standard("make_90", "name"), _standard("make_90", "definition"),
          _standard("make_90", "hint"), _make_90),
    Theme("take_trick", _t("Хоть одну взятку", "Take a trick"),
          _standard("take_trick", "definition"),
          _t("Какая взятка может стать вашей?", "Which trick could become yours?"),
          lambda ctx: ctx.check.goal is Goal.TAKE_TRICK),
    Theme("all_tricks", _t("Все взятки", "Every trick"), _standard("all_tricks", "definition"),
          _t("Где соперники могут получить взятку?", "Where could the opponents get a trick?"),
          lambda ctx: ctx.check.goal is Goal.ALL_TRICKS),
    Theme("catch", _t("Шамок ловит шамку", "The catch"), _standard("catch", "definition"),
          _t("Где шестёрка треф и где дама треф?", "Where are the 6♣ and the Q♣?"),
          _catch),
    Theme("opening_lead", _t("Первый заход", "Opening lead"),
          _t("Первый заход раздачи, все карты на руках.",
             "The first lead of the deal, with every card still in hand."),
          _t("С какой масти начать?", "Which suit should open the deal?"),
          _opening_lead),
)}

assert sorted(THEMES) == sorted(THEME_IDS), "every theme id needs a definition"


def tag_themes(check: GoalCheck, answer: Card, line: list[Card]) -> tuple[str, ...]:
    """The themes of a solved puzzle, in the order of :data:`THEMES`."""
    ctx = ThemeContext.build(check, answer, line)
    return tuple(theme_id for theme_id, theme in THEMES.items() if theme.test(ctx))


_SUIT_HINT = {   # a lead «Зайдите с пик», a follow or discard «Сыграйте пикой»
    "lead": ("треф", "пик", "червей", "бубен"),
    "play": ("трефой", "пикой", "червой", "бубной"),
    "en": ("a club", "a spade", "a heart", "a diamond"),
}


def _suit_hint(card: Card, trump: bool, lead: bool) -> Text:
    """The second hint: the suit of the answer (or "a trump"), worded for a lead or a follow.

    >>> _suit_hint(Card.parse("9S"), False, True).ru, _suit_hint(Card.parse("9S"), False, False).ru
    ('Зайдите с пик.', 'Сыграйте пикой.')
    """
    if trump:
        return _t("Зайдите с козыря.", "Lead a trump.") if lead else \
            _t("Сыграйте козырем.", "Play a trump.")
    if lead:
        return _t(f"Зайдите с {_SUIT_HINT['lead'][card.suit]}.",
                  f"Lead {_SUIT_HINT['en'][card.suit]}.")
    return _t(f"Сыграйте {_SUIT_HINT['play'][card.suit]}.", f"Play {_SUIT_HINT['en'][card.suit]}.")


def _theme_text(theme_id: str, field: str, rules: Rules | None) -> Text:
    """The theme's ``field`` (name, definition, hint) under ``rules`` (the standard words in
    :data:`THEMES` without rules, or for a theme whose words do not depend on them)."""
    text = _step_text(theme_id, field, rules) if rules is not None else None
    return text if text is not None else getattr(THEMES[theme_id], field)


def theme_label(theme_id: str, rules: Rules | None = None) -> Text:
    """A theme's name, with the points of the deal-score steps of ``rules`` (``kozly24``: "Save
    30"); the standard names without rules."""
    return _theme_text(theme_id, "name", rules)


def theme_hint(theme_id: str, rules: Rules | None = None) -> Text:
    """A theme's first hint, with the points of the deal-score steps of ``rules``."""
    return _theme_text(theme_id, "hint", rules)


def theme_definition(theme_id: str, rules: Rules | None = None) -> Text:
    """A theme's definition, with the points of the deal-score steps of ``rules`` and what the
    preset's own table writes there ("you are written 2, not 4" in ``nizhny``); the standard
    definition without rules.

    >>> from kozel_tutor.rules import find_rules
    >>> theme_definition("save_31", find_rules("classic")).en
    'Only the right card gets your side to 31: the opponents write 1 row, not 2 rows.'
    >>> theme_definition("take_trick", find_rules("nizhny")).en
    'Your side has no trick yet; only the right card brings one.'
    """
    return _theme_text(theme_id, "definition", rules)


_OLD_HINTS: dict[str, tuple[str, str]] = {
    "save_31": ("How many points do you still need for {save}?", "save"),
    "make_61": ("How many points are missing to {win}?", "win"),
    "make_90": ("How many points do the opponents need for {save}?", "save"),
}
"""Earlier words of the step themes' first hints (English), as puzzles stored before they
changed still hold them: :func:`current_hint` words them as the theme does now."""


_OLD_SUIT_HINTS: dict[str, str] = {
    f"Играйте {old}.": f"Сыграйте {new}."
    for old, new in zip(("трефу", "пику", "черву", "бубну", "козырем"),
                        (*_SUIT_HINT["play"], "козырем"), strict=True)}
"""The suit hints as puzzles stored before «Зайдите с …» / «Сыграйте …» hold them."""


_OLD_RUFF_HINT = Text("Стоит ли эта взятка козыря?", "Is this trick worth a trump?")
"""The ``ruff_or_not`` hint as puzzles stored before :data:`RUFF_HINTS` hold it: without the
answer it becomes the theme's two-way question."""


EMPTY_CARD_HINT = _t("Эта карта пустая, в ней 0 очков.", "The card is worth 0 points.")
"""The last hint where the answer is a card of no points (:func:`worth_hint`): not «Карта стоит
0 очков» (the number stays, so that :mod:`.hint_facts` checks it as it checks every card's
worth)."""

_OLD_EMPTY_HINT = Text("Карта стоит 0 очков.", EMPTY_CARD_HINT.en)
"""That hint as puzzles stored before :data:`EMPTY_CARD_HINT` hold it."""


def current_hint(hint: Text, position: Position | None = None) -> Text:
    """A stored hint in today's words: a step theme's first hint in an older wording becomes the
    theme's hint now, with the same points; any other hint is kept as it is.  Given the puzzle's
    ``position``, the ``cheap_discard`` hint "You cannot take this trick" becomes
    :data:`CHEAP_HINTS`' other question where a card does take the trick.

    The catalogue's files were refreshed and hold today's words, but puzzles stored outside it
    still hold the old ones: teacher set files and links made before the change, the rows of
    ``puzzle_reviews`` and ``puzzle_drills`` in a learner's progress database, a teacher's kept
    draft.  The player shows every stored hint through this, so keep it while such puzzles may
    be around.

    The suit hint «Играйте пику.» (a lead or a follow alike) becomes «Сыграйте пикой.», which
    reads right for both; the ``ruff_or_not`` question «Стоит ли эта взятка козыря?», which a
    beginner answered "no" where trumping was right, becomes the theme's question that asks
    both ways (a stored hint does not say which way the answer goes); «Карта стоит 0 очков.»
    becomes :data:`EMPTY_CARD_HINT`.

    >>> old = Text("Сколько очков не хватает до 61?", "How many points are missing to 61?")
    >>> current_hint(old).en, current_hint(old).ru
    ('How many more points do you need to reach 61?', 'Сколько очков вам не хватает до 61?')
    >>> current_hint(Text("Играйте черву.", "Play a heart.")).ru
    'Сыграйте червой.'
    >>> current_hint(Text("Стоит ли эта взятка козыря?", "Is this trick worth a trump?")).en
    'Trump now or keep the trump: what happens after this trick?'
    >>> current_hint(Text("Карта стоит 0 очков.", "The card is worth 0 points.")).ru
    'Эта карта пустая, в ней 0 очков.'
    """
    if hint.ru in _OLD_SUIT_HINTS:
        return Text(_OLD_SUIT_HINTS[hint.ru], hint.en)
    if hint == CHEAP_HINTS[False] and position is not None and trick_takers(position):
        return CHEAP_HINTS[True]
    if hint == _OLD_RUFF_HINT:
        return THEMES["ruff_or_not"].hint
    if hint == _OLD_EMPTY_HINT:
        return EMPTY_CARD_HINT
    for theme_id, (old, field) in _OLD_HINTS.items():
        prefix, suffix = old.split("{" + field + "}")
        if hint.en.startswith(prefix) and hint.en.endswith(suffix):
            number = hint.en[len(prefix):len(hint.en) - len(suffix)]
            if number.isdigit():
                template = _STEP_WORDS[theme_id]["hint"]
                return Text(template.ru.format(**{field: number}),
                            template.en.format(**{field: number}))
    return hint


def theme_note(theme_id: str, lang: str, rules: Rules | None = None) -> str:
    """A theme's name and one-line explanation, for a tooltip or a line under the theme picker:
    "Duck — you could beat the opponent's card but deliberately let them have the trick."  Under
    ``rules`` the themes of the deal score say the preset's own points and what its table
    writes (:func:`theme_definition`).

    >>> theme_note("duck", "en")
    "Duck — you could beat the opponent's card but deliberately let them have the trick."
    >>> from kozel_tutor.rules import find_rules
    >>> theme_note("save_31", "en", find_rules("nizhny"))
    'Save 31 — only the right card gets your side to 31: you are written 2, not 4.'
    """
    name = theme_label(theme_id, rules).get(lang)
    definition = theme_definition(theme_id, rules).get(lang)
    return f"{name} — {definition[:1].lower()}{definition[1:]}"


RUFF_HINTS: dict[bool, Text] = {
    True: _t("Если вы не побьёте козырем, кто заберёт эту взятку и во что это обойдётся "
             "вашей стороне?",
             "If you do not trump, who takes this trick, and what will that cost your side?"),
    False: _t("Козырь может пригодиться позже: что он возьмёт, если вы его прибережёте?",
              "A trump may be worth more later: what could it take if you keep it?"),
}
"""The first hint of a ``ruff_or_not`` puzzle, by whether the answer trumps (``True``) or not,
so it points the right way without naming the card.  The theme's own hint, which knows no
answer, asks both ways; the question stored puzzles held before, "Is this trick worth a
trump?", read "no" to a beginner on a trick of few points even where trumping is right."""


CHEAP_HINTS: dict[bool, Text] = {
    False: THEMES["cheap_discard"].hint,
    True: _t("Эту взятку можно взять, но во что это обойдётся потом?",
             "You could take this trick, but what would that cost you later?"),
}
"""The first hint of a ``cheap_discard`` puzzle, by whether a card of the learner's takes the
trick (:func:`trick_takers`): the theme's own hint says it cannot be taken, which is true only
where no card takes it; where one does (a king that the left opponent can only follow), the
hint says so and asks what taking it costs."""


def _first_hint(theme_id: str, check: GoalCheck, answer: Card) -> Text:
    """The first hint of a puzzle whose first theme is ``theme_id``: the theme's hint, worded so
    that it is true in the position."""
    position = check.position
    if theme_id == "ruff_or_not":
        return RUFF_HINTS[position.rules.card_order(position.trump).is_trump(answer)]
    if theme_id == "cheap_discard":
        return CHEAP_HINTS[bool(trick_takers(position))]
    return theme_hint(theme_id, position.rules)


def hints_for(check: GoalCheck, answer: Card, themes: tuple[str, ...]) -> tuple[Text, ...]:
    """Three hints, from a nudge to nearly the answer: the theme, the suit, the card's place."""
    hints: list[Text] = []
    order = check.position.rules.card_order(check.position.trump)
    strategic = [t for t in themes if t not in ("opening_lead",)]
    if strategic:
        hints.append(_first_hint(strategic[0], check, answer))
    suit = order.effective_suit(answer)
    # the suit is a hint only when the learner may play another one
    forced = all(order.effective_suit(c) == suit for c in check.results)
    if not forced:
        hints.append(_suit_hint(answer, order.is_trump(answer), not check.position.trick))
    hand = [c for c in check.results if order.effective_suit(c) == suit]
    ranked = sorted(hand, key=lambda c: -order.strength[c.index])
    group = set(check.group_of(answer))
    of_suit = Text("", "") if forced else Text(" этой масти", " of that suit")
    if len(ranked) > 1 and ranked[0] in group:
        hints.append(_t(f"Нужна ваша старшая карта{of_suit.ru}.",
                        f"It is your highest card{of_suit.en}."))
    elif len(ranked) > 1 and ranked[-1] in group:
        hints.append(_t(f"Нужна ваша младшая карта{of_suit.ru}.",
                        f"It is your lowest card{of_suit.en}."))
    else:
        hints.append(worth_hint(answer.points))
    return tuple(hints)


def worth_hint(points: int) -> Text:
    """The last hint that names the answer's card points: «Карта стоит 10 очков.», or for an
    empty card :data:`EMPTY_CARD_HINT`.

    >>> worth_hint(3).ru, worth_hint(0).ru
    ('Карта стоит 3 очка.', 'Эта карта пустая, в ней 0 очков.')
    """
    if points == 0:
        return EMPTY_CARD_HINT
    return _t(f"Карта стоит {points_phrase(points, 'ru')}.",
              f"The card is worth {points_phrase(points, 'en')}.")
