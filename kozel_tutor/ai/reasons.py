"""The words behind "Why this card?": the AI's message table, merged into :data:`MESSAGES`.

Every rule the rule-based players apply has a key here with Russian and English text, so a
:class:`~kozel_tutor.ai.base.Decision` can be shown in the learner's language.  Counted points
and rows are the nouns of :mod:`kozel_tutor.i18n` (:data:`~kozel_tutor.i18n.POINTS`, ...); the
counts only the AI says are here.

>>> from kozel_tutor.cards import Card
>>> reason("feed_partner", card=Card.parse("AH")).text("en")
'Your partner surely takes this trick: give them the ace of hearts.'
>>> from kozel_tutor.i18n import POINTS
>>> reason("ruff_points", points=POINTS(21), card=Card.parse("7C")).text("ru")
'Во взятке 21 очко: бейте её козырем — семёркой треф.'

The Russian declines the card a reason names (:mod:`kozel_tutor.card_words`): besides
``{card}``, the nominative, a text may say ``{card_acc}`` («сыграйте короля пик»), ``{card_gen}``
(«зайдите с дамы треф») and ``{card_ins}`` («бейте её козырем — тузом треф»), and the words that
agree with the card: ``{card_it}`` (он/она), ``{card_him}`` (его/её), ``{card_cheapest}``,
``{card_emptiest}`` («он самый дешёвый»).  The card the simple rule chose has its cases too
(``{rule_card_acc}``, ...).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..card_words import Case, agree_ru, card_phrase
from ..cards import Card, Suit
from ..i18n import MESSAGES, POINTS, ROWS, Count, Message, Number, Phrase, pick, plural_ru

__all__ = ["AI_MESSAGES", "MatchGain", "layouts_count", "reason", "register_messages",
           "rule_words", "trumps_count"]

# the fight for the saving points while the side's 6♣ may still catch the opponents' Q♣ (the
# deal not lost yet): one wording whether the opponents write points or rows
_FIGHT_SAVE_CATCH = {
    "en": "Only your side's six of clubs catching the opponents' queen of clubs can still "
          "win this deal; failing that, if your side reaches {points}, the opponents write "
          "{mild}, not {harsh}: try to take this trick with the {card}.",
    "ru": "Выиграть раздачу теперь можно, только если шестёрка треф вашей стороны поймает "
          "даму треф соперников; иначе, если ваша сторона наберёт {points}, соперники "
          "запишут {mild}, а не {harsh}: попробуйте взять взятку {card_ins}.",
}

AI_MESSAGES: dict[str, dict[str, str]] = {
    "ai_only_card": {
        "en": "The {card} is the only card you may play.",
        "ru": "{card} — единственная карта, которой можно сыграть.",
    },
    "ai_pull_trumps": {
        "en": "You hold {count} including the highest one still out: lead the {card} "
              "so the opponents must play their trumps.",
        "ru": "У вас {count}, включая старший из оставшихся: зайдите с {card_gen}, чтобы "
              "вытянуть козыри у соперников.",
    },
    "ai_cash_winner": {
        "en": "The {card} is the highest card of its suit still out and no opponent is known "
              "to be able to trump it: play it now.",
        "ru": "{card} — старшая оставшаяся карта масти; насколько известно, её никто из "
              "соперников не перебьёт козырем: сыграйте её сейчас.",
    },
    "ai_cash_sure": {
        "en": "The {card} is the highest card of its suit still out and neither opponent can "
              "trump it: the trick is your side's.",
        "ru": "{card} — старшая оставшаяся карта масти; её не перебьёт козырем ни один "
              "соперник: взятка ваша.",
    },
    "ai_cash_top": {
        "en": "The {card} is the highest card of its suit still out: play it now.",
        "ru": "{card} — старшая оставшаяся карта масти: сыграйте её сейчас.",
    },
    "ai_cash_top_trump": {
        "en": "The {card} is the highest trump still out and the opponents have no trumps "
              "left: it takes the trick.",
        "ru": "{card} — старший из оставшихся козырей, а у соперников козырей нет: взятка "
              "ваша.",
    },
    # the same cashes of a card with higher ones of its suit in the learner's own hand (led for
    # its points, or the cheapest of equal winners): not "the highest still out"
    "ai_cash_winner_own": {
        "en": "Nobody else has a higher card of its suit than the {card}, and no opponent is "
              "known to be able to trump it: play it now.",
        "ru": "Ни у кого, кроме вас, нет карты этой масти старше {card_gen}, и, насколько "
              "известно, {card_him} никто из соперников не перебьёт козырем: сыграйте "
              "{card_him} сейчас.",
    },
    "ai_cash_sure_own": {
        "en": "Nobody else has a higher card of its suit than the {card}, and neither opponent "
              "can trump it: the trick is your side's.",
        "ru": "Ни у кого, кроме вас, нет карты этой масти старше {card_gen}, и {card_him} не "
              "перебьёт козырем ни один соперник: взятка ваша.",
    },
    "ai_cash_top_own": {
        "en": "Nobody else has a higher card of its suit than the {card}: play it now.",
        "ru": "Ни у кого, кроме вас, нет карты этой масти старше {card_gen}: сыграйте "
              "{card_him} сейчас.",
    },
    "ai_cash_top_trump_own": {
        "en": "Nobody else has a higher trump than the {card}, and the opponents have no trumps "
              "left: it takes the trick.",
        "ru": "Ни у кого, кроме вас, нет козыря старше {card_gen}, а у соперников козырей нет: "
              "взятка ваша.",
    },
    "ai_lead_partner_ruff": {
        "en": "Your partner has run out of {suit}: lead the {card} so they can trump it.",
        "ru": "У партнёра кончились {suit}: зайдите с {card_gen}, пусть партнёр бьёт "
              "козырем.",
    },
    "ai_no_ten_before_ace": {
        "en": "The ace of that suit is still out and could catch the ten: lead the {card} "
              "instead.",
        "ru": "Туз этой масти ещё не вышел и может побить десятку: зайдите лучше с "
              "{card_gen}.",
    },
    "ai_avoid_ruff": {
        "en": "An opponent has run out of a suit you hold and could trump it: lead the {card} "
              "instead.",
        "ru": "У одного из соперников кончилась масть, которая есть у вас, и он может бить "
              "её козырем: зайдите лучше с {card_gen}.",
    },
    "ai_lead_low": {
        "en": "You have no sure winner: lead the cheap {card} and keep your points.",
        "ru": "Верных взяток нет: зайдите с {card_gen} — это дешёвая карта — и берегите очки.",
    },
    "ai_lead_least_plain": {
        "en": "You have no sure winner, and every plain card you hold is worth 10 or more: "
              "lead the {card}, the cheapest of them, and keep your trumps.",
        "ru": "Верных взяток нет, а каждая ваша некозырная карта стоит 10 очков или больше: "
              "зайдите с самой дешёвой из них — с {card_gen}, а козыри берегите.",
    },
    "ai_lead_least": {
        "en": "You have no sure winner, and every card you hold is worth 10 or more: lead the "
              "{card}, the cheapest of them.",
        "ru": "Верных взяток нет, а каждая ваша карта стоит 10 очков или больше: зайдите с "
              "самой дешёвой из них — с {card_gen}.",
    },
    # the same leads while the hand holds the highest trump still out: a sure trick whenever
    # it is played, so not "no sure winner" but "it can wait"
    "ai_lead_low_keep_top": {
        "en": "You hold the highest trump still out, which takes a trick whenever you play it, "
              "so there is no hurry: lead the cheap {card} and keep your points.",
        "ru": "У вас старший из оставшихся козырей, и когда бы им ни сыграли, взятка "
              "будет ваша, так что спешить некуда: зайдите с {card_gen} — это "
              "дешёвая карта — и берегите очки.",
    },
    "ai_lead_least_plain_keep_top": {
        "en": "You hold the highest trump still out, which takes a trick whenever you play it, "
              "and every plain card you hold is worth 10 or more: lead the {card}, the "
              "cheapest of them, and keep your trumps.",
        "ru": "У вас старший из оставшихся козырей, и когда бы им ни сыграли, взятка "
              "будет ваша, а каждая ваша некозырная карта стоит 10 очков или "
              "больше: зайдите с самой дешёвой из них — с {card_gen}, а козыри берегите.",
    },
    "ai_lead_least_keep_top": {
        "en": "You hold the highest trump still out, which takes a trick whenever you play it, "
              "and every card you hold is worth 10 or more: lead the {card}, the cheapest of "
              "them.",
        "ru": "У вас старший из оставшихся козырей, и когда бы им ни сыграли, взятка "
              "будет ваша, а каждая ваша карта стоит 10 очков или больше: зайдите "
              "с самой дешёвой из них — с {card_gen}.",
    },
    "ai_lead_top_trump": {
        "en": "You hold only trumps, and the {card} is the highest one still out: lead it and "
              "it surely takes the trick.",
        "ru": "У вас одни козыри, а {card} — старший из оставшихся козырей: зайдите с "
              "{card_gen}, и взятка ваша наверняка.",
    },
    "ai_feed_partner": {
        "en": "Your partner surely takes this trick: give them the {card}.",
        "ru": "Эту взятку точно возьмёт партнёр: отдайте партнёру {card_acc}.",
    },
    "ai_feed_partner_unless": {
        "en": "Your partner takes this trick unless an opponent after you is out of {suit} "
              "and beats it with a trump: give them the {card}.",
        "ru": "Эту взятку берёт партнёр, если только соперник после вас не окажется без "
              "{suit_gen} и не перебьёт её козырем: отдайте партнёру {card_acc}.",
    },
    "ai_feed_partner_open": {
        "en": "Your partner is winning this trick so far: give them the {card}.",
        "ru": "Пока взятку берёт партнёр: отдайте партнёру {card_acc}.",
    },
    "ai_partner_takes_nothing_to_give": {
        "en": "Your partner surely takes this trick, and none of the cards you may play "
              "carries points: play your emptiest card, the {card}.",
        "ru": "Эту взятку точно возьмёт партнёр, а очков в картах, которыми можно сыграть, "
              "нет: сыграйте самую пустую — {card_acc}.",
    },
    "ai_partner_takes_nothing_to_give_unless": {
        "en": "Your partner takes this trick unless an opponent after you is out of {suit} and "
              "beats it with a trump, and none of the cards you may play carries points: play "
              "your emptiest card, the {card}.",
        "ru": "Эту взятку берёт партнёр, если только соперник после вас не окажется без "
              "{suit_gen} и не перебьёт её козырем, а очков в картах, которыми можно сыграть, "
              "нет: сыграйте самую пустую — {card_acc}.",
    },
    "ai_partner_winning": {
        "en": "Your partner is winning this trick so far: play your emptiest card, the {card}.",
        "ru": "Пока взятку берёт партнёр: сыграйте самую пустую карту — {card_acc}.",
    },
    # the same rules when the card they choose carries points: it is the cheapest, not empty
    "ai_partner_winning_cheapest": {
        "en": "Your partner is winning this trick so far: play your cheapest card, the {card}.",
        "ru": "Пока взятку берёт партнёр: сыграйте самую дешёвую карту — {card_acc}.",
    },
    "ai_partner_may_lose": {
        "en": "Your partner is winning this trick so far, but an opponent after you may still "
              "beat it: don't spend a good card on it, play your emptiest card, the {card}.",
        "ru": "Пока взятку берёт партнёр, но соперник после вас ещё может её перебить: не "
              "тратьте на неё хорошую карту, сыграйте самую пустую — {card_acc}.",
    },
    "ai_partner_may_lose_cheapest": {
        "en": "Your partner is winning this trick so far, but an opponent after you may still "
              "beat it: don't spend a good card on it, play your cheapest card, the {card}.",
        "ru": "Пока взятку берёт партнёр, но соперник после вас ещё может её перебить: не "
              "тратьте на неё хорошую карту, сыграйте самую дешёвую — {card_acc}.",
    },
    "ai_give_emptiest": {
        "en": "The opponents take this trick: give them your emptiest card, the {card}.",
        "ru": "Эту взятку берут соперники: отдайте им самую пустую карту — {card_acc}.",
    },
    "ai_give_cheapest": {
        "en": "The opponents take this trick: give them your cheapest card, the {card}.",
        "ru": "Эту взятку берут соперники: отдайте им самую дешёвую карту — {card_acc}.",
    },
    "ai_cannot_beat": {
        "en": "You cannot beat the cards on the table: play your emptiest card, the {card}.",
        "ru": "Перебить карты на столе вам нечем: сыграйте самую пустую карту — {card_acc}.",
    },
    "ai_cannot_beat_cheapest": {
        "en": "You cannot beat the cards on the table: play your cheapest card, the {card}.",
        "ru": "Перебить карты на столе вам нечем: сыграйте самую дешёвую карту — {card_acc}.",
    },
    "ai_duck": {
        "en": "You cannot surely win this trick: play the {card} and save your points.",
        "ru": "Взять эту взятку наверняка не выйдет: сыграйте {card_acc} и сберегите очки.",
    },
    "ai_play_low": {
        "en": "Play the {card} and keep your points for later.",
        "ru": "Сыграйте {card_acc}, а очки приберегите.",
    },
    "ai_empty_trick": {
        "en": "There are no points in this trick: keep your high trump and play the {card}.",
        "ru": "Очков в этой взятке нет: приберегите старший козырь и сыграйте {card_acc}.",
    },
    "ai_take_trick": {
        "en": "The {card} wins this trick for your side: no opponent after you can beat it.",
        "ru": "{card} берёт взятку: никто из соперников после вас {card_him} не перебьёт.",
    },
    # the last card of the trick: nobody plays after it
    "ai_take_trick_last": {
        "en": "The {card} beats the cards on the table, and nobody plays after you: the trick "
              "is your side's.",
        "ru": "{card} бьёт карты на столе, а после вас во взятку никто не играет: взятка ваша.",
    },
    "ai_take_trick_unless": {
        "en": "The {card} wins this trick for your side unless an opponent after you is out of "
              "{suit} and beats it with a trump.",
        "ru": "{card} берёт взятку, если только соперник после вас не окажется без "
              "{suit_gen} и не перебьёт {card_him} козырем.",
    },
    "ai_take_trick_open": {
        "en": "The {card} beats the cards on the table: play it to try to take the trick.",
        "ru": "{card} бьёт карты на столе: сыграйте эту карту и попробуйте взять взятку.",
    },
    "ai_emptiest_beats": {
        "en": "Play the {card}: of your cards that beat the cards on the table so far, it is the "
              "emptiest.",
        "ru": "Сыграйте {card_acc}: из ваших карт, которые пока бьют карты на столе, {card_it} "
              "{card_emptiest}.",
    },
    "ai_cheapest_beats": {
        "en": "Play the {card}: of your cards that beat the cards on the table so far, it is the "
              "cheapest.",
        "ru": "Сыграйте {card_acc}: из ваших карт, которые пока бьют карты на столе, {card_it} "
              "{card_cheapest}.",
    },
    "ai_ruff_points": {
        "en": "There are {points} in this trick: trump it with the {card}.",
        "ru": "Во взятке {points}: бейте её козырем — {card_ins}.",
    },
    # the fight for the saving points, in the words of each kind of score table; the numbers
    # come from the preset's table (knowledge.save_stakes)
    "ai_fight_save": {
        "en": "The deal is lost, but if your side reaches {points}, the opponents write "
              "{mild}, not {harsh}: try to take this trick with the {card}.",
        "ru": "Раздачу не выиграть, но если ваша сторона наберёт {points}, соперники запишут "
              "{mild}, а не {harsh}: попробуйте взять взятку {card_ins}.",
    },
    "ai_fight_save_rows": {
        "en": "The deal is lost, but if your side reaches {points}, the opponents write "
              "{mild}, not {harsh}: try to take this trick with the {card}.",
        "ru": "Раздачу не выиграть, но если ваша сторона наберёт {points}, соперники запишут "
              "{mild}, а не {harsh}: попробуйте взять взятку {card_ins}.",
    },
    "ai_fight_save_penalty": {
        "en": "The deal is lost, but if your side reaches {points}, you are written {mild}, "
              "not {harsh}: try to take this trick with the {card}.",
        "ru": "Раздачу не выиграть, но если ваша сторона наберёт {points}, вам запишут {mild}, "
              "а не {harsh}: попробуйте взять взятку {card_ins}.",
    },
    # the same fights while the side's 6♣ may still catch the opponents' Q♣: not lost yet
    "ai_fight_save_catch": _FIGHT_SAVE_CATCH,
    # the same words, with rows ({mild}, {harsh}) in place of points written
    "ai_fight_save_rows_catch": _FIGHT_SAVE_CATCH,
    "ai_fight_save_penalty_catch": {
        "en": "Only your side's six of clubs catching the opponents' queen of clubs can still "
              "win this deal; failing that, if your side reaches {points}, you are written "
              "{mild}, not {harsh}: try to take this trick with the {card}.",
        "ru": "Выиграть раздачу теперь можно, только если шестёрка треф вашей стороны поймает "
              "даму треф соперников; иначе, если ваша сторона наберёт {points}, вам запишут "
              "{mild}, а не {harsh}: попробуйте взять взятку {card_ins}.",
    },
    "ai_catch_queen": {
        "en": "An opponent played the queen of clubs to this trick: the {card} catches it and "
              "the deal ends with {penalty} written against them.",
        "ru": "Соперник положил во взятку даму треф: {card} её ловит, раздача кончается, и им "
              "пишут {penalty}.",
    },
    "ai_guard_queen": {
        "en": "An opponent after you may still hold the six of clubs and catch your queen of "
              "clubs ({penalty} against you): keep the queen and play the {card}.",
        "ru": "У соперника после вас ещё может быть шестёрка треф — она поймает вашу даму "
              "треф (вам запишут {penalty}): придержите даму и сыграйте {card_acc}.",
    },
    "ai_careless": {
        "en": "Played without much thought: the {card}.",
        "ru": "Сыграно наобум: {card}.",
    },
    # the search's figures: {layouts} says how many layouts were solved and whether they were
    # all the possible ones or a sample (layouts_count; the Russian opens with its «в»)
    "ai_best_expected": {
        "en": "In {layouts}, the {card} scores best: on average {score} "
              "a deal on the match score in your side's favour, and your side ends the deal "
              "with {points} card points on average.",
        "ru": "{layouts} лучше всего {card}: по счёту партии это в среднем "
              "{score} за раздачу в пользу вашей стороны, а очков у вашей стороны к концу "
              "раздачи — {points}.",
    },
    "ai_best_expected_about": {
        "en": "In {layouts}, the {card} scores best: on average {score} "
              "a deal on the match score in your side's favour, and your side ends the deal "
              "with about {points} card points on average (each layout was solved only as far "
              "as the deal score needs).",
        "ru": "{layouts} лучше всего {card}: по счёту партии это в среднем "
              "{score} за раздачу в пользу вашей стороны, а очков у вашей стороны к концу "
              "раздачи — около {points} (каждый расклад решён лишь настолько, насколько это "
              "нужно для счёта раздачи).",
    },
    "ai_best_expected_score": {
        "en": "In {layouts}, the {card} scores best: on average {score} "
              "a deal on the match score in your side's favour.",
        "ru": "{layouts} лучше всего {card}: по счёту партии это в среднем "
              "{score} за раздачу в пользу вашей стороны.",
    },
    "ai_fallback": {
        "en": "No time to look deeper: the {card} by the rules of thumb.",
        "ru": "Некогда считать глубже: {card} — по простым правилам.",
    },
    "ai_call_trump": {
        "en": "Call {suit}: with them as trumps you hold {count}, the strongest hand.",
        "ru": "Назначьте козырями {suit}: тогда у вас {count} — самая сильная рука.",
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
    # {score} is a MatchGain: what is written for (or against) each side, in the preset's terms,
    # rounded and in words; both figures are averages over the layouts tried, said once before
    # them.  The words are a beginner's: the card was tried in so many ways the hidden cards may
    # lie (layouts_count), not "over 24 sampled layouts"
    "ai_advice_search": {
        "en": "This card was tried in {layouts}: on average your side ends the deal with "
              "{points}, and {score}.",
        "ru": "Эту карту проверили {layouts}: в среднем у вашей стороны к концу раздачи "
              "{points}, а {score}.",
    },
    # under the catch a solved line may end in a catch, whose card points are a stand-in
    "ai_advice_search_score": {
        "en": "This card was tried in {layouts}: on average {score}.",
        "ru": "Эту карту проверили {layouts}: в среднем {score}.",
    },
    # the rule-of-thumb player chose another card: {rule} is the rule in words (RULE_WORDS)
    "ai_advice_rule_differs": {
        "en": "The simple rule — {rule} — says the {rule_card}, but here the {card} is better.",
        "ru": "Простое правило — {rule} — указывает на {rule_card_acc}, но здесь лучше "
              "{card}.",
    },
    "ai_advice_rule_no_worse": {
        "en": "The simple rule — {rule} — says the {rule_card}; tried the same way, the {card} "
              "does at least as well.",
        "ru": "Простое правило — {rule} — указывает на {rule_card_acc}; в этих раскладах "
              "{card} не хуже.",
    },
    # ... and a rule without words of its own
    "ai_advice_rule_differs_unnamed": {
        "en": "A rule of thumb says the {rule_card}, but here the {card} is better.",
        "ru": "Простое правило указывает на {rule_card_acc}, но здесь лучше {card}.",
    },
    "ai_advice_rule_no_worse_unnamed": {
        "en": "A rule of thumb says the {rule_card}; tried the same way, the {card} does at "
              "least as well.",
        "ru": "Простое правило указывает на {rule_card_acc}; в этих раскладах {card} не хуже.",
    },
}


_RULES: dict[str, dict[str, str]] = {
    "pull_trumps": {"en": "with four trumps or more, lead the highest so the opponents must "
                          "play their trumps",
                    "ru": "с четырьмя козырями и больше ходите со старшего и вытягивайте козыри "
                          "соперников"},
    "cash": {"en": "lead the highest card still out in its suit and take the trick",
             "ru": "ходите со старшей из оставшихся карт масти и забирайте взятку"},
    "cash_own": {"en": "holding the top cards of a suit, lead one of them and take the trick",
                 "ru": "когда старшие карты масти у вас, ходите с одной из них и забирайте "
                       "взятку"},
    "lead_partner_ruff": {"en": "lead a suit your partner has run out of, so they can "
                                "trump it",
                          "ru": "ходите в масть, которой у партнёра нет, чтобы он бил козырем"},
    "no_ten_before_ace": {"en": "don't lead a ten while the ace of its suit is still out",
                          "ru": "не ходите с десятки, пока туз этой масти не вышел"},
    "avoid_ruff": {"en": "don't lead a suit an opponent can trump",
                   "ru": "не ходите в масть, которую соперник может побить козырем"},
    "lead_low": {"en": "with no sure winner, lead a cheap card and keep your points",
                 "ru": "без верной взятки ходите с дешёвой карты и берегите очки"},
    "lead_least_plain": {"en": "with no sure winner, lead your cheapest plain card and keep your "
                               "trumps",
                         "ru": "без верной взятки ходите с самой дешёвой некозырной карты, а "
                               "козыри берегите"},
    "lead_least": {"en": "with no sure winner, lead your cheapest card",
                   "ru": "без верной взятки ходите с самой дешёвой карты"},
    "lead_low_keep_top": {"en": "keep the highest trump for later and lead a cheap card",
                          "ru": "старший козырь приберегите на потом, а ходите с дешёвой карты"},
    "lead_least_plain_keep_top": {"en": "keep the highest trump for later and lead your cheapest "
                                        "plain card",
                                  "ru": "старший козырь приберегите на потом, а ходите с самой "
                                        "дешёвой некозырной карты"},
    "lead_least_keep_top": {"en": "keep the highest trump for later and lead your cheapest card",
                            "ru": "старший козырь приберегите на потом, а ходите с самой "
                                  "дешёвой карты"},
    "feed_partner": {"en": "give your points to a trick your partner takes",
                     "ru": "отдавайте очки во взятку, которую берёт партнёр"},
    "nothing_to_give": {"en": "when your partner takes the trick and you have no points to give, "
                              "play a card with no points",
                        "ru": "когда взятку берёт партнёр, а отдать очки нечем, играйте пустую "
                              "карту"},
    "partner_winning": {"en": "don't spend a good card on a trick your partner is winning",
                        "ru": "не тратьте хорошую карту на взятку, которую пока берёт партнёр"},
    "take_trick": {"en": "take the trick when no opponent after you can beat your card",
                   "ru": "берите взятку, если соперники после вас не перебьют вашу карту"},
    # the same words as the reason's (ai_take_trick_unless): {suit} is the suit led
    "take_trick_unless": {"en": "take the trick when your card wins unless an opponent after you "
                                "is out of {suit} and beats it with a trump",
                          "ru": "берите взятку, когда ваша карта её берёт, если только соперник "
                                "после вас не окажется без {suit_gen} и не перебьёт её козырем"},
    "take_trick_last": {"en": "when nobody plays after you, take the trick with a card that beats "
                              "the cards on the table",
                        "ru": "когда после вас во взятку никто не играет, забирайте её картой, "
                              "которая бьёт карты на столе"},
    "take_trick_open": {"en": "beat the cards on the table when you can",
                        "ru": "бейте карты на столе, когда можете"},
    "cheapest_beats": {"en": "beat the cards on the table with the cheapest card that can",
                       "ru": "бейте карты на столе самой дешёвой картой, которая их бьёт"},
    "give_cheapest": {"en": "give your cheapest card to the opponents' trick",
                      "ru": "во взятку соперников отдавайте самую дешёвую карту"},
    "cannot_beat": {"en": "play the cheapest card when you cannot win the trick",
                    "ru": "когда взятку не взять, играйте самую дешёвую карту"},
    "empty_trick": {"en": "don't spend a high trump on a trick with no points",
                    "ru": "не тратьте старший козырь на взятку без очков"},
    "play_low": {"en": "play a cheap card when you cannot surely win the trick",
                 "ru": "когда наверняка взять взятку не выйдет, играйте дешёвую карту"},
    "ruff_points": {"en": "trump a trick with 10 points or more in it",
                    "ru": "взятку, в которой 10 очков и больше, бейте козырем"},
    "fight_save": {"en": "when the deal is lost, fight for the points that save you",
                   "ru": "когда раздачу не выиграть, боритесь за очки, которые спасают"},
    "fight_save_catch": {"en": "when only catching the opponents' queen of clubs can still win "
                               "the deal, fight for the points that save you all the same",
                         "ru": "когда выиграть раздачу можно только поимкой дамы треф "
                               "соперников, всё равно боритесь за очки, которые спасают"},
    "catch_queen": {"en": "drop the six of clubs on the opponents' queen of clubs",
                    "ru": "кладите шестёрку треф на даму треф соперников"},
    "guard_queen": {"en": "keep your queen of clubs back while the six of clubs may catch it",
                    "ru": "придерживайте даму треф, пока её может поймать шестёрка треф"},
}
"""The rules of thumb in words (no card named), for the hint that quotes one; a rule that
speaks of the suit led says it as its reason does (``{suit}``, ``{suit_gen}``: see
:func:`rule_words`)."""

_SUIT_LED: dict[str, dict[str, str]] = {
    "suit": {"en": "the suit led", "ru": "масть, с которой зашли"},
    "suit_gen": {"en": "the suit led", "ru": "масти, с которой зашли,"},
}
"""The suit led in a rule's words when the reason does not name it (the Russian clause closes
with its comma: «без масти, с которой зашли, и не перебьёт»)."""

_RULE_OF: dict[str, str] = {
    "cash_winner": "cash", "cash_sure": "cash", "cash_top": "cash", "cash_top_trump": "cash",
    "lead_top_trump": "cash",
    "feed_partner_unless": "feed_partner", "feed_partner_open": "feed_partner",
    "partner_takes_nothing_to_give": "nothing_to_give",
    "partner_takes_nothing_to_give_unless": "nothing_to_give",
    "partner_may_lose": "partner_winning", "partner_winning_cheapest": "partner_winning",
    "partner_may_lose_cheapest": "partner_winning",
    "emptiest_beats": "cheapest_beats", "give_emptiest": "give_cheapest",
    "cannot_beat_cheapest": "cannot_beat", "duck": "play_low",
    "fight_save_rows": "fight_save", "fight_save_penalty": "fight_save",
    "cash_winner_own": "cash_own", "cash_sure_own": "cash_own", "cash_top_own": "cash_own",
    "cash_top_trump_own": "cash_own",
    "fight_save_rows_catch": "fight_save_catch", "fight_save_penalty_catch": "fight_save_catch",
}
"""The reasons that apply one rule of :data:`_RULES` under another name."""

_CHEAPEST: dict[str, str] = {
    "give_emptiest": "give_cheapest", "cannot_beat": "cannot_beat_cheapest",
    "partner_winning": "partner_winning_cheapest", "partner_may_lose": "partner_may_lose_cheapest",
    "emptiest_beats": "cheapest_beats",
}
"""The reasons that call the card chosen the emptiest, and their words for a card with points:
a king of 4 points is the cheapest card, not an empty one."""


def rule_words(why: Message | None) -> Phrase | None:
    """The rule of thumb behind the reason ``why`` in words, or ``None`` when it has none (the
    only card, a careless one).

    >>> from kozel_tutor.cards import Card
    >>> rule_words(reason("cannot_beat", card=Card.parse("KD"))).in_lang("en")
    'play the cheapest card when you cannot win the trick'

    A rule about the suit led names the suit the reason names:

    >>> from kozel_tutor.cards import Suit
    >>> why = reason("take_trick_unless", card=Card.parse("QS"), suit=Suit.SPADES)
    >>> rule_words(why).in_lang("ru").endswith("не окажется без пик и не перебьёт её козырем")
    True
    """
    if why is None:
        return None
    name = why.key.removeprefix("ai_")
    words = _RULES.get(_RULE_OF.get(name, name))
    if words is None:
        return None
    suit = why.params.get("suit")

    def said(lang: str) -> str:
        if isinstance(suit, Suit):
            return words[lang].format(suit=suit.name_in(lang), suit_gen=suit.genitive_in(lang))
        return words[lang].format(**{key: text[lang] for key, text in _SUIT_LED.items()})

    return Phrase(said("en"), said("ru"))


_GAIN_WORDS: dict[str, dict[str, str]] = {
    # a score written for the winners (standard points, classic rows): bigger is better.  {n} is
    # the rounded figure with its noun ("2 points", «2 очка», "1.5 rows", «1,5 пары»), {about}
    # "about " / «примерно » unless the average is exactly that figure; under 1 the words say
    # "a little" and the figure follows in brackets
    "written_ours": {"en": "your side writes {about}{n} more than the opponents on the match "
                           "score",
                     "ru": "по счёту партии ваша сторона запишет {about}на {n} больше, чем "
                           "соперники"},
    "written_ours_little": {"en": "your side writes a little more than the opponents on the "
                                  "match score ({about}{n} more)",
                            "ru": "по счёту партии ваша сторона запишет чуть больше, чем "
                                  "соперники ({about}на {n})"},
    "written_theirs": {"en": "the opponents write {about}{n} more than your side on the match "
                             "score",
                       "ru": "по счёту партии соперники запишут {about}на {n} больше, чем вы"},
    "written_theirs_little": {"en": "the opponents write a little more than your side on the "
                                    "match score ({about}{n} more)",
                              "ru": "по счёту партии соперники запишут чуть больше, чем вы "
                                    "({about}на {n})"},
    "written_even": {"en": "both sides write {about}the same on the match score",
                     "ru": "по счёту партии обе стороны запишут {about}поровну"},
    # penalty points written against the losers (nizhny, kozly24): bigger is worse; {n} is the
    # bare figure, the noun is in the words ({points} {are}: "1 more penalty point is written")
    "penalty_ours": {"en": "{about}{n} more penalty {points} {are} written against the opponents "
                           "than against you",
                     "ru": "штрафных очков соперникам запишут {about}на {n} больше, чем вам"},
    "penalty_ours_little": {"en": "slightly more penalty points are written against the "
                                  "opponents than against you ({about}{n} more)",
                            "ru": "штрафных очков соперникам запишут чуть больше, чем вам "
                                  "({about}на {n})"},
    "penalty_theirs": {"en": "{about}{n} more penalty {points} {are} written against you than "
                             "against the opponents",
                       "ru": "штрафных очков вам запишут {about}на {n} больше, чем соперникам"},
    "penalty_theirs_little": {"en": "slightly more penalty points are written against you than "
                                    "against the opponents ({about}{n} more)",
                              "ru": "штрафных очков вам запишут чуть больше, чем соперникам "
                                    "({about}на {n})"},
    "penalty_even": {"en": "{about}as many penalty points are written against you as against "
                           "the opponents",
                     "ru": "штрафных очков вам и соперникам запишут {about}поровну"},
}
"""The match score's gain in words.  The figure is an average over the layouts the search
solved; the hint's sentence says so once, before it («Эту карту проверили в 24 случайных
раскладах скрытых карт: в среднем у вашей стороны к концу раздачи 62 очка, а по счёту партии
…»)."""

_ABOUT: dict[str, str] = {"en": "about ", "ru": "примерно "}
"""Said before a rounded figure that is not the average exactly."""


@dataclass(frozen=True)
class MatchGain(Number):
    """What a deal is worth on the match score to the side it is said to, on average
    (:func:`.pimc.deal_utility`: above 0 is good for that side), in words that fit the score:
    written *for* the winners in the standard game (points) and the classic one (``rows``),
    *against* the losers under penalty scoring (``nizhny``, ``kozly24``), where the bigger
    score is the worse one.  A score a deal wipes (``classic``'s lyusya, ``kozly24``'s sweep)
    counts as that much written the other way, as :func:`.pimc.deal_utility` counts it.

    The figure is a beginner's: rounded to ``digits`` decimals with no ".0" ("2", not "2.0"),
    "about" unless the average is exactly that, and under 1 "a little more" with the figure in
    brackets.

    >>> MatchGain(2.03).in_lang("en")
    'your side writes about 2 points more than the opponents on the match score'
    >>> MatchGain(-1.56).in_lang("ru")
    'по счёту партии соперники запишут примерно на 1,6 очка больше, чем вы'
    >>> MatchGain(2.0, rows=True).in_lang("ru")
    'по счёту партии ваша сторона запишет на 2 пары больше, чем соперники'
    >>> MatchGain(0.43).in_lang("en")
    'your side writes a little more than the opponents on the match score (about 0.4 points more)'
    >>> MatchGain(2.5, penalty=True).in_lang("en")
    '2.5 more penalty points are written against the opponents than against you'
    >>> MatchGain(-0.5, penalty=True).in_lang("ru")
    'штрафных очков вам запишут чуть больше, чем соперникам (на 0,5)'
    >>> MatchGain(0.02).in_lang("ru")
    'по счёту партии обе стороны запишут примерно поровну'
    """

    penalty: bool = False
    rows: bool = False

    def in_lang(self, lang: str) -> str:
        shown = round(abs(self.value), self.digits)
        about = "" if abs(abs(self.value) - shown) < 1e-9 else _ABOUT[lang]
        score = "penalty" if self.penalty else "written"
        if not shown:
            return pick(_GAIN_WORDS, f"{score}_even", lang, about=about)
        side = "ours" if self.value > 0 else "theirs"
        little = "_little" if shown < 1 else ""
        figure = Number(shown, self.digits).in_lang(lang)
        if "." in figure or "," in figure:
            figure = figure.rstrip("0").rstrip(".,")   # "2", not "2.0"; "1.5" stays
        whole = shown == int(shown)
        one = whole and int(shown) == 1
        noun = ROWS if self.rows else POINTS
        if self.penalty:
            amount = figure
        elif lang == "ru":      # a fraction takes the genitive singular: «1,5 очка», «0,5 пары»
            amount = f"{figure} {plural_ru(int(shown), *noun.ru) if whole else noun.ru[1]}"
        else:
            amount = f"{figure} {noun.en[0] if one else noun.en[1]}"
        return pick(_GAIN_WORDS, f"{score}_{side}{little}", lang, n=amount, about=about,
                    points="point" if one else "points", are="is" if one else "are")


def trumps_count(n: int) -> Count:
    """``n`` trumps: "4 trumps", «4 козыря»."""
    return Count(n, ("trump", "trumps"), ("козырь", "козыря", "козырей"))


def layouts_count(solved: int, *, drawn: int | None = None, every: bool = False) -> Phrase:
    """How many layouts of the hidden cards a search solved, in a beginner's words: ``solved``
    of the ``drawn`` it drew (all of them when None), which were ``every`` layout that fits
    what the seat has seen, or only some picked at random.  The English comes without its
    preposition ("tried in …", "in …"), the Russian with its «в».

    >>> layouts_count(24).in_lang("en"), layouts_count(21).in_lang("ru")
    ('24 ways the hidden cards may lie, picked at random', 'в 21 случайном раскладе скрытых карт')
    >>> layouts_count(60, every=True).in_lang("ru")
    'во всех возможных раскладах скрытых карт (их 60)'
    >>> layouts_count(1, every=True).in_lang("en")
    'the only way the hidden cards can lie'
    >>> layouts_count(2, drawn=21).in_lang("ru")
    'в 2 из 21 случайного расклада скрытых карт (на остальные не хватило времени)'
    >>> layouts_count(6, drawn=24).in_lang("en")
    '6 of 24 ways the hidden cards may lie, picked at random (time ran out for the rest)'
    """
    drawn = solved if drawn is None else drawn
    kind = "possible" if every else "sampled"
    if solved < drawn:
        en = pick(_LAYOUTS, f"{kind}_some", "en", n=solved, of=drawn)
        ru = pick(_LAYOUTS, f"{kind}_some", "ru", n=solved, of=drawn,
                  layouts=plural_ru(drawn, *_LAYOUTS_OF_RU[kind]))
        return Phrase(en, ru)
    if every:
        key = "possible_one" if solved == 1 else "possible_all"
        return Phrase(pick(_LAYOUTS, key, "en", n=solved), pick(_LAYOUTS, key, "ru", n=solved))
    return Phrase(pick(_LAYOUTS, "sampled_all", "en", n=solved,
                       ways="way" if solved == 1 else "ways"),
                  pick(_LAYOUTS, "sampled_all", "ru", n=solved,
                       layouts=plural_ru(solved, "случайном раскладе", "случайных раскладах",
                                         "случайных раскладах")))


_LAYOUTS: dict[str, dict[str, str]] = {
    "sampled_all": {"en": "{n} {ways} the hidden cards may lie, picked at random",
                    "ru": "в {n} {layouts} скрытых карт"},
    "sampled_some": {"en": "{n} of {of} ways the hidden cards may lie, picked at random (time "
                           "ran out for the rest)",
                     "ru": "в {n} из {of} {layouts} скрытых карт (на остальные не хватило "
                           "времени)"},
    "possible_all": {"en": "all {n} ways the hidden cards may lie",
                     "ru": "во всех возможных раскладах скрытых карт (их {n})"},
    "possible_one": {"en": "the only way the hidden cards can lie",
                     "ru": "в единственном возможном раскладе скрытых карт"},
    "possible_some": {"en": "{n} of the {of} ways the hidden cards may lie (time ran out for "
                            "the rest)",
                      "ru": "в {n} из {of} {layouts} скрытых карт (на остальные не хватило "
                            "времени)"},
}
"""The words of a search's layouts (:func:`layouts_count`): English after "in", Russian with
its «в»."""

_LAYOUTS_OF_RU: dict[str, tuple[str, str, str]] = {
    "sampled": ("случайного расклада", "случайных раскладов", "случайных раскладов"),
    "possible": ("возможного расклада", "возможных раскладов", "возможных раскладов"),
}
"""«из 21 случайного расклада», «из 24 случайных раскладов»: after «из» (genitive)."""


def register_messages() -> None:
    """Merge the AI's keys into the shared table (idempotent)."""
    for key, texts in AI_MESSAGES.items():
        MESSAGES.setdefault(key, texts)


_CARD_PARAMS = ("card", "rule_card")
"""The parameters that name a card, declined for the Russian texts (:func:`card_forms`)."""

_CASES: dict[str, Case] = {"acc": "accusative", "gen": "genitive", "ins": "instrumental"}

_AGREEING_RU: dict[str, tuple[str, str]] = {
    "it": ("он", "она"), "him": ("его", "её"),
    "cheapest": ("самый дешёвый", "самая дешёвая"), "emptiest": ("самый пустой", "самая пустая"),
}
"""Words that agree with the card: the masculine form (валет, король, туз), the feminine."""


def card_forms(name: str, card: Card) -> dict[str, Phrase]:
    """The parameters a text may use for the card parameter ``name``: its cases
    (``{name}_acc``, ``{name}_gen``, ``{name}_ins``) and the words that agree with it
    (``{name}_it``, ...: Russian only).

    >>> forms = card_forms("card", Card.parse("KS"))
    >>> forms["card_acc"].in_lang("ru"), forms["card_it"].in_lang("ru")
    ('короля пик', 'он')
    """
    forms = {f"{name}_{suffix}": card_phrase(card, case) for suffix, case in _CASES.items()}
    forms.update({f"{name}_{word}": Phrase("", agree_ru(card, *ru))
                  for word, ru in _AGREEING_RU.items()})
    return forms


def reason(name: str, **params: object) -> Message:
    """The message ``ai_<name>`` with ``params`` and the Russian forms of the cards they name
    (:func:`card_forms`); a rule that plays its emptiest card says "cheapest" when that
    ``card`` carries points (:data:`_CHEAPEST`).

    >>> from kozel_tutor.cards import Card
    >>> reason("give_emptiest", card=Card.parse("KD")).text("en")
    'The opponents take this trick: give them your cheapest card, the king of diamonds.'
    >>> reason("give_emptiest", card=Card.parse("6D")).text("ru")
    'Эту взятку берут соперники: отдайте им самую пустую карту — шестёрку бубен.'
    """
    card = params.get("card")
    if name in _CHEAPEST and isinstance(card, Card) and card.points:
        name = _CHEAPEST[name]
    for key in _CARD_PARAMS:
        value = params.get(key)
        if isinstance(value, Card):
            params = {**card_forms(key, value), **params}
    return Message("ai_" + name, params)


register_messages()
