"""Expected answers and feedback for every task kind, computed by the engine or the solver.

A task never stores its answer.  :func:`expected` asks the rules (``CardOrder.winning_index``,
``DealState.legal_plays``, card points, ``deal_result``, ``MatchScore``) or the solver
(``solve(position).best``); :func:`check` compares the learner's answer with it and explains a
wrong one from the same computation (``why_illegal(card).text(lang)``, the misreading behind
a card that does not win (:mod:`.card_notes`), the solver's values).  Answers travel as text:
a card token (``"QS"``), a number (``"25"``) or the value of a :class:`Choice` (``"NS:4"``).

>>> from kozel_tutor.lessons.model import load_lesson
>>> task = load_lesson("04_trick").tasks[0]
>>> expected(task) in {card.token for card in task.trick}
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, Rank, Suit
from ..i18n import unbroken
from ..rules import TRUMP, CardOrder
from ..scoring import MatchScore, deal_result
from ..seats import Seat, Team
from ..state import DealState
from .card_notes import cost_note, order_text, void_note, why_it_loses
from .deal_scores import deal_reason, score_choices, score_value, task_result, writes
from .endgame import best_card, check_best
from .model import (
    BestCardTask,
    CallTrumpTask,
    CardPointsTask,
    CountTrumpsTask,
    DealScoreTask,
    HighestCardTask,
    LegalCardTask,
    LessonError,
    MatchTask,
    SeatTask,
    Task,
    Text,
    TrickWinnerTask,
    TrumpsLeftTask,
)
from .phrases import card_count, cards_list, say, seat_subject
from .verdicts import (
    PICK_BUTTON,
    PICK_CARD,
    RIGHT,
    TYPE_NUMBER,
    WRONG,
    Choice,
    Verdict,
    card_answer,
    number_answer,
)

__all__ = ["Choice", "Verdict", "answer_kind", "check", "choices", "expected"]


@dataclass(frozen=True)
class _Kind:
    answer: str | Callable[[Any], str]
    expected: Callable[[Any], str]
    check: Callable[[Any, str], Verdict]
    choices: Callable[[Any], tuple[Choice, ...]] = lambda task: ()


_KINDS: dict[type[Task], _Kind] = {}


def _kind(task: Task) -> _Kind:
    try:
        return _KINDS[type(task)]
    except KeyError:
        raise LessonError(task.kind, [f"no checker for task kind {task.kind!r}"]) from None


def answer_kind(task: Task) -> str:
    """How the learner answers: ``card``, ``number``, ``choice``, ``seat`` or ``suit``."""
    answer = _kind(task).answer
    return answer if isinstance(answer, str) else answer(task)


def expected(task: Task) -> str:
    """The right answer, computed now (for ``legal_card`` the legal cards, space-separated)."""
    return _kind(task).expected(task)


def check(task: Task, answer: str) -> Verdict:
    """Whether ``answer`` is right, and why (or why not) in both languages."""
    return _kind(task).check(task, answer.strip())


def choices(task: Task) -> tuple[Choice, ...]:
    """The buttons of a choice task (empty for the other kinds)."""
    return _kind(task).choices(task)


# -- which card wins ------------------------------------------------------------------------


def _why_it_wins(order: CardOrder, trick: Sequence[Card], winner: Card) -> Text:
    led = order.suit_of[trick[0].index]
    trumps = [c for c in trick if order.suit_of[c.index] == TRUMP]
    if order.suit_of[winner.index] != TRUMP:
        return say("No trump was played, so the highest card of the suit led ({suit}) wins.",
                   "Козырей не было, поэтому берёт старшая карта масти захода ({suit}).",
                   suit=Suit(led))
    if len(trumps) == 1 and led != TRUMP:
        return say("The {w} is the only trump here, and a trump beats every plain card.",
                   "{w} — единственный козырь здесь, а козырь бьёт любую простую карту.",
                   w=winner)
    return say("The {w} is the highest trump here. Trumps go: {order}.",
               "{w} — старший козырь здесь. Порядок козырей: {order}.",
               w=winner, order=order_text(order, TRUMP))


def _trick_winner_card(task: TrickWinnerTask) -> Card:
    return task.trick[task.order.winning_index([c.index for c in task.trick])]


def _check_trick(task: TrickWinnerTask, answer: str) -> Verdict:
    chosen = card_answer(answer, task.trick)
    if chosen is None:
        return Verdict(False, PICK_CARD)
    winner = _trick_winner_card(task)
    seat = task.leader.offset(task.trick.index(winner))
    if chosen == winner:
        takes = ("{w} берёт взятку: её забираете {seat}." if seat is Seat.S
                 else "{w} берёт взятку: её забирает {seat}.")
        return Verdict(True, RIGHT + say("The {w} takes the trick for {seat}.", takes,
                                         w=winner, seat=seat)
                       + _why_it_wins(task.order, task.trick, winner))
    return Verdict(False, WRONG + why_it_loses(task.order, task.trick, chosen))


_KINDS[TrickWinnerTask] = _Kind("card", lambda t: _trick_winner_card(t).token, _check_trick)


def _highest_card(task: HighestCardTask) -> Card:
    return max(task.cards, key=lambda c: task.order.strength[c.index])


def _check_highest(task: HighestCardTask, answer: str) -> Verdict:
    chosen = card_answer(answer, task.cards)
    if chosen is None:
        return Verdict(False, PICK_CARD)
    best = _highest_card(task)
    suit = task.order.suit_of[best.index]
    if chosen == best:
        return Verdict(True, RIGHT + say("Order: {order}.", "Порядок: {order}.",
                                         order=order_text(task.order, suit)))
    return Verdict(False, WRONG + why_it_loses(task.order, task.cards, chosen))


_KINDS[HighestCardTask] = _Kind("card", lambda t: _highest_card(t).token, _check_highest)


# -- counting ---------------------------------------------------------------------------------


def _deck_or(task: CardPointsTask | CountTrumpsTask) -> tuple[Card, ...]:
    return tuple(task.rules.deck_cards) if task.whole_deck else task.cards


def _points_breakdown(cards: Sequence[Card]) -> Text:
    counting = [c for c in cards if c.points]
    empty = len(cards) - len(counting)
    parts_ru = [f"{c.label('ru')} = {c.points}" for c in counting]
    parts_en = [f"{c.label('en')} = {c.points}" for c in counting]
    if empty:
        parts_ru.append(f"ещё {card_count(empty).ru} = 0")
        parts_en.append(f"{empty} other card{'' if empty == 1 else 's'} = 0")
    # each «карта = очки» on one line: «ещё 4 карты = 0», never «ещё 4 карты =» and «0.»
    return Text(", ".join(map(unbroken, parts_ru)), ", ".join(map(unbroken, parts_en)))


_PER_SUIT = {9: ("девять", "nine"), 8: ("восемь", "eight"), 6: ("шесть", "six")}
"""Cards of a suit in the 36-, 32- and 24-card decks, in words."""


def _check_points(task: CardPointsTask, answer: str) -> Verdict:
    number = number_answer(answer)
    if number is None:
        return Verdict(False, TYPE_NUMBER)
    total = sum(c.points for c in _deck_or(task))
    if task.whole_deck:
        ru_n, en_n = _PER_SUIT.get(task.rules.deck // 4, (str(task.rules.deck // 4),) * 2)
        why = say("The {en_n} cards of each suit score A = 11, 10 = 10, K = 4, Q = 3, "
                  "J = 2, the rest 0: 30 points a suit. Four suits: 4 × 30 = {total}.",
                  "{ru_n} карт каждой масти дают: Т = 11, 10 = 10, К = 4, Д = 3, В = 2, "
                  "остальные — 0; всего 30 очков на масть. Мастей четыре: 4 × 30 = {total}.",
                  total=total, ru_n=ru_n, en_n=en_n)
        return Verdict(number == total, (RIGHT if number == total else WRONG) + why, worked=True)
    if number == total:
        return Verdict(True, RIGHT + say("{parts}: {total} in all.", "{parts}: всего {total}.",
                                         parts=_points_breakdown(task.cards), total=total))
    direction = WRONG + (say("That is too many.", "Это слишком много.") if number > total
                         else say("That is too few.", "Это слишком мало."))
    return Verdict(False, direction + say("Add up: {parts}.", "Сложите: {parts}.",
                                          parts=_points_breakdown(task.cards)))


_KINDS[CardPointsTask] = _Kind("number", lambda t: str(sum(c.points for c in _deck_or(t))),
                               _check_points)


def _trumps_in(order: CardOrder, cards: Sequence[Card]) -> list[Card]:
    return sorted((c for c in cards if order.is_trump(c)), key=lambda c: -order.strength[c.index])


def _check_count_trumps(task: CountTrumpsTask, answer: str) -> Verdict:
    number = number_answer(answer)
    if number is None:
        return Verdict(False, TYPE_NUMBER)
    order = task.order
    trumps = _trumps_in(order, _deck_or(task))
    if task.whole_deck:
        top = task.rules.top_trumps
        court = sum(1 for c in top if c.rank in (Rank.QUEEN, Rank.JACK))
        above = [c for c in top if c.rank not in (Rank.QUEEN, Rank.JACK)]   # the 6♣ of kozly24
        rest = len(trumps) - len(top)
        terms = " + ".join(str(n) for n in ([len(above)] if above else []) + [court, rest])
        why = say("{above}{court} queens and jacks, plus {rest} of the trump suit "
                  "({suit}): {terms} = {n}.",
                  "{above}{court} дам и валетов и ещё {rest} козырной масти ({suit}): "
                  "{terms} = {n}.",
                  above=Text(f"{cards_list(above).ru}, ", f"{cards_list(above).en}, ")
                  if above else "", court=court,
                  rest=Text(card_count(rest).ru, f"{rest} more card{'' if rest == 1 else 's'}"),
                  suit=task.trump,
                  terms=terms, n=len(trumps))
    elif trumps:
        why = say("The trumps here: {cards}. Queens and jacks are always trumps, and so is "
                  "every card of the trump suit ({suit}).",
                  "Козыри здесь: {cards}. Дамы и валеты — всегда козыри, как и все карты "
                  "козырной масти ({suit}).", cards=trumps, suit=task.trump)
    else:
        why = say("There is no trump here: no queen, no jack, no {suit}.",
                  "Козырей здесь нет: ни дам, ни валетов, ни {suit_gen}.", suit=task.trump)
    right = number == len(trumps)
    return Verdict(right, (RIGHT if right else WRONG) + why, worked=True)


_KINDS[CountTrumpsTask] = _Kind("number", lambda t: str(len(_trumps_in(t.order, _deck_or(t)))),
                                _check_count_trumps)


def _trumps_left(task: TrumpsLeftTask) -> tuple[int, list[Card], list[Card]]:
    order = task.order
    mine, gone = _trumps_in(order, task.hand), _trumps_in(order, task.played)
    return len(order.trumps) - len(mine) - len(gone), mine, gone


def _check_trumps_left(task: TrumpsLeftTask, answer: str) -> Verdict:
    number = number_answer(answer)
    if number is None:
        return Verdict(False, TYPE_NUMBER)
    left, mine, gone = _trumps_left(task)
    why = say("There are {total} trumps. You hold {m} ({mine}) and {g} have been played "
              "({gone}): {total} − {m} − {g} = {left}.",
              "Всего козырей {total}. У вас {m} ({mine}), вышло {g} ({gone}): "
              "{total} − {m} − {g} = {left}.",
              total=len(task.order.trumps), m=len(mine), mine=mine or "—", g=len(gone),
              gone=gone or "—", left=left)
    return Verdict(number == left, (RIGHT if number == left else WRONG) + why, worked=True)


_KINDS[TrumpsLeftTask] = _Kind("number", lambda t: str(_trumps_left(t)[0]), _check_trumps_left)


# -- legal cards ------------------------------------------------------------------------------


def legal_state(task: LegalCardTask) -> DealState:
    """The deal as the task sets it up: only the learner's hand and the trick matter."""
    hands = [0, 0, 0, 0]
    for card in task.hand:
        hands[Seat.S] |= card.bit
    required = task.rules.first_lead_card if task.first_of_match else None
    return DealState(task.rules, hands, dealer=task.leader.previous, leader=task.leader,
                     trump=task.trump, trick=task.trick,
                     led=sum(1 << suit for suit in task.led), required_lead=required)


def _legal(task: LegalCardTask) -> list[Card]:
    legal = legal_state(task).legal_plays()
    return [c for c in task.hand if c in legal]


def _all_legal_reason(task: LegalCardTask) -> Text:
    if not task.trick:
        return say("You are leading, so any card may be played.",
                   "Заход ваш, поэтому можно положить любую карту.")
    led = task.order.suit_of[task.trick[0].index]
    if led == TRUMP:
        return say("A trump was led and you hold no trump, so any card may be played.",
                   "Зашли с козыря, а козырей у вас нет, поэтому можно положить любую карту.")
    return say("You hold no {suit} (queens and jacks do not count: they are trumps), so any "
               "card may be played, and you do not have to trump.",
               "У вас нет {suit_gen} (дамы и валеты не в счёт: они козыри), поэтому можно "
               "положить любую карту, и бить козырем не обязательно.", suit=Suit(led))


def _check_legal(task: LegalCardTask, answer: str) -> Verdict:
    chosen = card_answer(answer, task.hand)
    if chosen is None:
        return Verdict(False, PICK_CARD)
    state = legal_state(task)
    reason = state.why_illegal(chosen)
    if reason is not None:
        return Verdict(False, WRONG + Text(reason.text("ru"), reason.text("en")))
    legal = state.legal_plays()
    illegal = [c for c in task.hand if c not in legal]
    why = _illegal_reasons(state, illegal) if illegal else _all_legal_reason(task)
    for note in (void_note(task.order, task.leader, task.trick, task.hand, chosen),
                 cost_note(task.order, task.leader, task.trick,
                           [c for c in task.hand if c in legal], chosen)):
        if note is not None:
            why = why + note
    return Verdict(True, RIGHT + why)


def _illegal_reasons(state: DealState, illegal: Sequence[Card]) -> Text:
    """Why the other cards may not be played, each reason once with all the cards it bars:
    «9♠, 8♥ и К♥ сюда не подходят: зашли с козыря, нужно положить козырь.»"""
    groups: dict[str, list[Card]] = {}
    clauses: dict[str, Text] = {}
    for card in illegal:
        message = state.why_illegal(card)
        assert message is not None
        clause = Text(_clause(message.text("ru")), _clause(message.text("en")))
        groups.setdefault(clause.en, []).append(card)
        clauses[clause.en] = clause
    if len(groups) == 1:
        (key, cards), = groups.items()
        fits = "не подходит" if len(cards) == 1 else "не подходят"
        return say("{cards} would not do here: {why}.", "{cards} сюда " + fits + ": {why}.",
                   cards=cards_list(cards), why=clauses[key])
    reasons = [say("{cards} — {why}", "{cards} — {why}", cap=False, cards=cards_list(cards),
                   why=clauses[key]) for key, cards in groups.items()]
    listed = Text("; ".join(r.ru for r in reasons) + ".", "; ".join(r.en for r in reasons) + ".")
    return say("These would not do here: {why}", "Сюда не подходят: {why}", why=listed)


def _clause(sentence: str) -> str:
    """A message as a clause of a list: no capital, no full stop, commas for its own colons and
    stops (the list's items are already set off by dashes and semicolons)."""
    text = (sentence[:1].lower() + sentence[1:]).rstrip(".")
    text = re.sub(r"\. ([A-ZА-ЯЁ])(?=[a-zа-яё])", lambda m: ", " + m.group(1).lower(), text)
    return text.replace(". ", ", ").replace(": ", ", ")


_KINDS[LegalCardTask] = _Kind("card", lambda t: " ".join(c.token for c in _legal(t)), _check_legal)


# -- the table --------------------------------------------------------------------------------


def _seat_answer(task: SeatTask) -> Seat:
    if task.relation == "partner":
        return task.of.partner
    if task.relation == "right":
        return task.of.previous
    return task.of.next  # left, first_lead (left of the dealer), next_dealer


def _seat_reason(task: SeatTask) -> Text:
    answer, of = _seat_answer(task), task.of
    if task.relation == "partner":
        return say("Partners sit opposite each other: opposite {of} sits {x}.",
                   "Партнёры сидят друг напротив друга, как {of} и {x}.", of=of, x=answer)
    if task.relation == "left":
        return say("Play goes clockwise, so the player to the left of {of} plays next: {x}.",
                   "Ход идёт по часовой стрелке, поэтому после {of_gen} ходит тот, кто сидит "
                   "слева от {of_gen}: {x}.",
                   of=of, x=answer)
    if task.relation == "right":
        return say("The player to the right of {of} plays just before them: {x}.",
                   "Ход идёт по часовой стрелке, поэтому прямо перед {of_ins} ходит тот, кто "
                   "сидит справа от {of_gen}: {x}.", of=of, x=answer)
    if task.relation == "first_lead":
        rule = say("The player to the left of the dealer leads to the first trick.",
                   "Первым заходит игрок слева от сдающего.")
        # the verbs agree with «вы» when the learner deals or leads
        deals = "Сдаёте {of}" if of is Seat.S else "Сдаёт {of}"
        if answer == Seat.S:
            return rule + say("The dealer is {of}, so you (S) lead first.",
                              deals + ", значит, заходите вы (Ю).", of=of)
        return rule + say("The dealer is {of}, so {x} leads first.",
                          deals + ", значит, заходит {x}.", of=of,
                          x=Text(seat_subject(answer, "ru"), seat_subject(answer, "en")))
    return say("The deal passes to the left: after {of} the next dealer is {x}.",
               "Сдача переходит налево: следующий сдающий после {of_gen} — {x}.",
               of=of, x=answer)


def _check_seat(task: SeatTask, answer: str) -> Verdict:
    if answer.upper() not in ("N", "E", "S", "W"):
        return Verdict(False, PICK_BUTTON)
    right = answer.upper() == _seat_answer(task).name
    return Verdict(right, (RIGHT if right else WRONG) + _seat_reason(task), worked=True)


_KINDS[SeatTask] = _Kind("seat", lambda t: _seat_answer(t).name, _check_seat)


# -- deal and match scores ---------------------------------------------------------------------


def _check_deal(task: DealScoreTask, answer: str) -> Verdict:
    if answer not in {c.value for c in score_choices(task)}:
        return Verdict(False, PICK_BUTTON)
    result = task_result(task)
    right = answer == score_value(result)
    return Verdict(right, (RIGHT if right else WRONG) + deal_reason(result, task.rules),
                   worked=True)


_KINDS[DealScoreTask] = _Kind("choice", lambda t: score_value(task_result(t)), _check_deal,
                              score_choices)


def play_match(task: MatchTask) -> MatchScore:
    """The match the task's deals add up to (a deal after the end is a lesson error)."""
    match = MatchScore(task.rules)
    for i, (a, b, x, y) in enumerate(task.deals):
        if match.is_over:
            raise LessonError("match", [f"deal {i + 1} comes after the match is already over"])
        match.record(deal_result(task.rules, (a, b), (x, y), match.multiplier))
    return match


def _match_value(task: MatchTask) -> str:
    match = play_match(task)
    if task.question == "score":
        return str(match.scores[Team.NS])
    if match.goats is None:
        return "none"
    return f"{match.goats.name}:{'naked' if match.naked_goats else 'goats'}"


def _match_choices(task: MatchTask) -> tuple[Choice, ...]:
    if task.question == "score":
        return ()
    out = []
    for team in Team:
        out.append(Choice(f"{team.name}:goats", say("{t} are the goats", "{t} — козлы", t=team)))
        out.append(Choice(f"{team.name}:naked", say("{t} are naked goats", "{t} — голые козлы",
                                                    t=team)))
    out.append(Choice("none", say("The match goes on", "Партия продолжается")))
    return tuple(out)


def _match_story(task: MatchTask) -> Text:
    match = MatchScore(task.rules)
    story = Text("", "")
    for i, (a, b, x, y) in enumerate(task.deals, 1):
        result = deal_result(task.rules, (a, b), (x, y), match.multiplier)
        match.record(result)
        if result.winner is None:
            what = say("eggs, nobody writes", "яйца, никто не пишет", cap=False)
        elif result.multiplier > 1:   # say why it is more than the deal's own score
            what = say("doubled after eggs:", "после яиц вдвойне:", cap=False) + writes(
                result.winner, f"{result.value} × {result.multiplier} = "
                f"{result.written[result.winner]}", cap=False)
        else:
            what = writes(result.winner, result.written[result.winner], cap=False)
        story = story + say("Deal {i}: {a}–{b}, {what} (score {s}:{o}).",
                            "Раздача {i}: {a}–{b}, {what} (счёт {s}:{o}).",
                            i=i, a=a, b=b, what=what, s=match.scores[0], o=match.scores[1])
    if match.goats is None:
        return story + say("Nobody has {n} yet: the match goes on.",
                           "Ни у кого ещё нет {n}: партия продолжается.",
                           n=task.rules.match_target)
    naked = (say("They wrote nothing at all: naked goats.", "Они не записали ни очка: голые козлы.")
             if match.naked_goats else say("They wrote something, so they are not naked.",
                                           "Что-то они записали, так что не голые."))
    return story + say("{w} reached {n} first, so {g} are the goats.",
                       "{w} первыми дошли до {n}, значит, {g} — козлы.",
                       w=match.goats.other, n=task.rules.match_target, g=match.goats) + naked


def _check_match(task: MatchTask, answer: str) -> Verdict:
    """The score is judged as the number typed («+10», « 10 » are 10), the goats as the
    option picked."""
    if task.question == "score":
        number = number_answer(answer)
        if number is None:
            return Verdict(False, TYPE_NUMBER)
        right = number == play_match(task).scores[Team.NS]
    elif answer in {c.value for c in _match_choices(task)}:
        right = answer == _match_value(task)
    else:
        return Verdict(False, PICK_BUTTON)
    return Verdict(right, (RIGHT if right else WRONG) + _match_story(task), worked=True)


_KINDS[MatchTask] = _Kind(lambda t: "number" if t.question == "score" else "choice",
                          _match_value, _check_match, _match_choices)


# -- calling the trump ------------------------------------------------------------------------


def _trumps_by_suit(task: CallTrumpTask) -> dict[Suit, int]:
    return {suit: len(_trumps_in(task.rules.card_order(suit), task.hand)) for suit in Suit}


def _best_call(task: CallTrumpTask) -> Suit:
    counts = _trumps_by_suit(task)
    best = max(counts.values())
    top = [suit for suit, n in counts.items() if n == best]
    if len(top) != 1:
        raise LessonError("call_trump", [f"two suits give {best} trumps: the hand has no single "
                                         "best call"])
    return top[0]


def _check_call(task: CallTrumpTask, answer: str) -> Verdict:
    try:
        chosen = Suit.parse(answer)
    except ValueError:
        return Verdict(False, PICK_BUTTON)
    counts = _trumps_by_suit(task)
    table = Text(", ".join(f"{suit.name_in('ru')} — {n}" for suit, n in counts.items()) + ".",
                 ", ".join(f"{suit.name_in('en')} {n}" for suit, n in counts.items()) + ".")
    why = say("Count the trumps you would hold (your queens and jacks, plus that suit):",
              "Посчитайте, сколько козырей у вас будет (ваши дамы и валеты плюс эта масть):")
    why = why + table
    right = chosen == _best_call(task)
    return Verdict(right, (RIGHT if right else WRONG) + why, worked=True)


_KINDS[CallTrumpTask] = _Kind("suit", lambda t: _best_call(t).letter, _check_call)


_KINDS[BestCardTask] = _Kind("card", lambda t: best_card(t).token, check_best)


def all_kinds() -> list[type[Task]]:
    """Every task class that has a checker (tests/test_lessons_check_kinds.py checks that each
    task class has one, and that the lessons ask every kind)."""
    return list(_KINDS)
