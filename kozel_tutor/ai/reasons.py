"""The words behind "Why this card?": the AI's message table, merged into :data:`MESSAGES`.

Every rule the rule-based players apply has a key here with Russian and English text, so a
:class:`~kozel_tutor.ai.base.Decision` can be shown in the learner's language.

>>> from kozel_tutor.cards import Card
>>> reason("feed_partner", card=Card.parse("AH")).text("en")
'Your partner surely takes this trick: give them the ace of hearts.'
"""

from __future__ import annotations

from ..i18n import MESSAGES, Message

__all__ = ["AI_MESSAGES", "reason", "register_messages"]

AI_MESSAGES: dict[str, dict[str, str]] = {
    "ai_only_card": {
        "en": "The {card} is the only card you may play.",
        "ru": "{card} — единственная карта, которой можно сыграть.",
    },
    "ai_pull_trumps": {
        "en": "You hold {count} trumps including the highest one still out: lead the {card} "
              "to pull the opponents' trumps.",
        "ru": "У вас {count} козырей, включая старший из оставшихся: ходите с карты «{card}», "
              "чтобы выбить козыри соперников.",
    },
    "ai_cash_winner": {
        "en": "The {card} is the highest card of its suit still out and nobody is known to ruff "
              "it: take the trick now.",
        "ru": "{card} — старшая из оставшихся карт масти, и перебить её козырем некому: "
              "забирайте взятку сейчас.",
    },
    "ai_lead_partner_ruff": {
        "en": "Your partner has shown out of {suit}: lead the {card} so they can ruff it.",
        "ru": "У партнёра кончились {suit}: ходите с карты «{card}», пусть он бьёт козырем.",
    },
    "ai_no_ten_before_ace": {
        "en": "The ace of that suit is still out, so the ten would be caught: lead the {card} "
              "instead.",
        "ru": "Туз этой масти ещё не вышел — десятку побьют. Ходите с карты «{card}».",
    },
    "ai_avoid_ruff": {
        "en": "An opponent has shown out of a suit you hold and could ruff it: lead the {card} "
              "instead.",
        "ru": "Соперник уже не имеет одной из ваших мастей и может её перебить козырем: "
              "ходите с карты «{card}».",
    },
    "ai_lead_low": {
        "en": "No sure winner to cash: lead the cheap {card} and keep your points.",
        "ru": "Верных взяток нет: ходите с дешёвой карты «{card}» и берегите очки.",
    },
    "ai_feed_partner": {
        "en": "Your partner surely takes this trick: give them the {card}.",
        "ru": "Эту взятку точно возьмёт партнёр: отдайте ему карту «{card}».",
    },
    "ai_give_emptiest": {
        "en": "The opponents take this trick: give them your emptiest card, the {card}.",
        "ru": "Эту взятку берут соперники: отдайте им самую пустую карту — «{card}».",
    },
    "ai_duck": {
        "en": "You cannot surely win this trick: play the {card} and save your points.",
        "ru": "Наверняка эту взятку не взять: сыграйте «{card}» и сберегите очки.",
    },
    "ai_take_trick": {
        "en": "The {card} takes this trick and nobody after you can beat it.",
        "ru": "{card} берёт взятку, и перебить её после вас некому.",
    },
    "ai_ruff_points": {
        "en": "There are {points} points in this trick: ruff it with the {card}.",
        "ru": "Во взятке {points} очков: бейте её козырем — «{card}».",
    },
    "ai_fight_31": {
        "en": "The deal is lost, but 31 points save you from writing 4: take the trick with "
              "the {card}.",
        "ru": "Раздачу не выиграть, но 31 очко спасает от четырёх: берите взятку картой "
              "«{card}».",
    },
    "ai_fight_save": {
        "en": "The deal is lost, but {points} points keep the loss to its smallest: take the "
              "trick with the {card}.",
        "ru": "Раздачу не выиграть, но {points} очков сводят проигрыш к самому малому: берите "
              "взятку картой «{card}».",
    },
    "ai_catch_queen": {
        "en": "An opponent put the queen of clubs into this trick: the {card} catches it and "
              "the deal ends with 4 written against them.",
        "ru": "Соперник положил во взятку даму треф: «{card}» её ловит, кон кончается, и им "
              "пишут 4.",
    },
    "ai_guard_queen": {
        "en": "An opponent after you may still hold the six of clubs and catch your queen of "
              "clubs (4 against you): keep the queen and play the {card}.",
        "ru": "У соперника после вас ещё может быть шестёрка треф — она поймает вашу даму "
              "треф (вам 4): придержите даму и сыграйте «{card}».",
    },
    "ai_careless": {
        "en": "Played without much thought: the {card}.",
        "ru": "Сыграно не подумав: «{card}».",
    },
    "ai_best_expected": {
        "en": "Over {samples} possible layouts of the hidden cards, the {card} scores best: "
              "{score} a deal on average, {points} card points.",
        "ru": "В {samples} возможных раскладах скрытых карт лучше всего «{card}»: в среднем "
              "{score} за раздачу и {points} очков.",
    },
    "ai_best_expected_about": {
        "en": "Over {samples} possible layouts of the hidden cards, the {card} scores best: "
              "{score} a deal on average, about {points} card points (each layout was solved "
              "only as far as the deal score needs).",
        "ru": "В {samples} возможных раскладах скрытых карт лучше всего «{card}»: в среднем "
              "{score} за раздачу и около {points} очков (каждый расклад решён лишь настолько, "
              "насколько это нужно для счёта раздачи).",
    },
    "ai_fallback": {
        "en": "No time to look deeper: the {card} by the rules of thumb.",
        "ru": "Некогда считать глубже: «{card}» по простым правилам.",
    },
    "ai_call_trump": {
        "en": "Call {suit}: with them as trumps you hold {count} trumps, the strongest hand.",
        "ru": "Назначьте козырем {suit}: тогда у вас {count} козырей — самая сильная рука.",
    },
    # the tutor's hint (advice.py): its first words, then the reasons above
    "ai_advice_card": {
        "en": "Hint: the {card}.",
        "ru": "Подсказка: {card}.",
    },
    "ai_advice_suit": {
        "en": "Hint: make {suit} trumps.",
        "ru": "Подсказка: козыри — {suit}.",
    },
    "ai_advice_search": {
        "en": "In {samples} possible layouts of the hidden cards it brings {points} points and "
              "{score} a deal on average.",
        # worded so that no Russian noun has to agree with a number
        "ru": "Разыграно раскладов скрытых карт: {samples}. В среднем эта карта приносит очков: "
              "{points}, за раздачу: {score}.",
    },
    "ai_advice_rule_differs": {
        "en": "A rule of thumb says the {rule_card}, but here the {card} is better.",
        "ru": "Простое правило — «{rule_card}», но здесь «{card}» лучше.",
    },
}


def register_messages() -> None:
    """Merge the AI's keys into the shared table (idempotent)."""
    for key, texts in AI_MESSAGES.items():
        MESSAGES.setdefault(key, texts)


def reason(name: str, **params: object) -> Message:
    """The message ``ai_<name>`` with ``params``."""
    return Message("ai_" + name, params)


register_messages()
