"""One paragraph per preset, in Russian and English, on what differs from the standard game.

The app's variant picker shows these; ``docs/variants.md`` holds the same text.

>>> sorted(VARIANT_SUMMARIES["nizhny"])
['en', 'ru']
"""

from __future__ import annotations

from ..i18n import check_lang

__all__ = ["VARIANT_SUMMARIES", "variant_summary"]

VARIANT_SUMMARIES: dict[str, dict[str, str]] = {
    "standard": {
        "en": (
            "The standard game: 36 cards (or 32), clubs are trumps under the eight queens and "
            "jacks, the player left of the dealer leads. The winners of a deal write 2, 4 if the "
            "losers stayed at 30 or below, 6 if they took no trick; 60–60 is eggs and doubles the "
            "next deal. The first side to 12 (or 6, in a short match) wins; the others are the "
            "goats."
        ),
        "ru": (
            "Обычная игра: 36 карт (или 32), козыри — трефы, над ними восемь дам и валетов, "
            "первым ходит игрок слева от сдающего. Выигравшие раздачу пишут 2, 4 — если "
            "проигравшие не набрали больше 30, 6 — если они не взяли ни одной взятки; 60 на 60 — "
            "«яйца», следующая раздача идёт вдвойне. Кто первым наберёт 12 (в короткой партии — "
            "6), тот выиграл, остальные — козлы."
        ),
    },
    "classic": {
        "en": (
            "The tablo game with boasting. 32 cards, diamonds are trumps; the four sixes are kept "
            "as scoreboards and count rows: 61–89 is one row, 90 or more two, all eight tricks "
            "(lyusya) wipe the losers' tablo; after eggs the next winner gets an extra row. Six "
            "rows win. The holder of the 7♦ leads first; later the winners of the last deal pick "
            "their leader, who may ask for a special deal: pants, double pants or mirror. You may "
            "not throw away the ace of a suit not led yet unless nothing else can be played; a "
            "player with a single trump may pass it face down to the partner; a hand of 12 points "
            "or less or with all four nines, or a side without queens (or with the Q♦ alone), may "
            "demand a redeal."
        ),
        "ru": (
            "Игра на табло с хвалёнками. 32 карты, козыри — бубны; четыре шестёрки служат табло и "
            "считают пары: 61–89 — одна пара, 90 и больше — две, все восемь взяток («люся») "
            "обнуляют табло проигравших; после «яиц» выигравший следующую раздачу получает "
            "дополнительную пару. Шесть пар — победа. Первым ходит тот, у кого семёрка бубен; "
            "дальше ходит сторона, выигравшая прошлую раздачу, и может хвалиться: штаны, двойные "
            "штаны или зеркало. Нельзя сносить туза масти, в которую ещё не заходили, если есть "
            "чем ещё сыграть; единственный козырь можно втёмную отдать партнёру; пересдачи может "
            "потребовать игрок, у которого 12 очков или меньше либо все четыре девятки, а также "
            "сторона без дам (или с одной бубновой дамой)."
        ),
    },
    "nizhny": {
        "en": (
            "The Nizhny Novgorod game. 36 cards, clubs are trumps, and the 6♣ (shamok) is the "
            "highest trump, above the Q♣ (shamka). You may lead a trump only when you hold "
            "nothing else. The first deal starts with the A♦. Penalty points are written to the "
            "losers: 2, 4 for 30 or fewer, 6 for no points at all; eggs double the next deal. If "
            "the 6♣ catches the Q♣ of the other side in one trick, the deal ends and the Q♣ side "
            "is written 4. Whoever reaches 12 first loses."
        ),
        "ru": (
            "Нижегородский козёл. 36 карт, козыри — трефы, а шестёрка треф («шамок») — старший "
            "козырь, выше дамы треф («шамки»). С козыря можно заходить, только если других карт "
            "нет. Первая раздача начинается с туза бубен. Штрафные очки пишут проигравшим: 2, "
            "4 — если 30 или меньше, 6 — если ни одного очка; «яйца» удваивают следующую раздачу. "
            "Если в одной взятке шамок поймает шамку соперников, раздача кончается, и стороне с "
            "дамой треф пишут 4. Кто первым наберёт 12, тот проиграл."
        ),
    },
    "kozly24": {
        "en": (
            "The 24-card game: A, 10, K, Q, J and 6 of each suit, six cards each, dealt one at a "
            "time. The 6♣ is the highest trump, then the queens and jacks, then A♣ 10♣ K♣; plain "
            "suits rank A 10 K 6. The first deal starts with the A♦. The losers are written 2, or "
            "4 below 30; 60–60 is eggs and doubles the next deal; taking every trick erases your "
            "own points (in the first deal it writes 12 on the opponents). If the 6♣ catches the "
            "Q♣, the queen's side is written 4. From the second deal a lone trump may be swapped "
            "with the partner and a side without a queen may call a redeal. Whoever reaches 12 "
            "first loses."
        ),
        "ru": (
            "Козёл на 24 картах: туз, десятка, король, дама, валет и шестёрка каждой масти, по "
            "шесть карт, сдают по одной. Старший козырь — шестёрка треф, дальше дамы и валеты, "
            "потом туз, десятка и король треф; в простых мастях: туз, десятка, король, шестёрка. "
            "Первая раздача начинается с туза бубен. Проигравшим пишут 2, а если у них меньше 30 "
            "очков — 4; 60 на 60 — «яйца», следующая раздача идёт вдвойне; кто взял все взятки, "
            "списывает свои очки (в первой раздаче — пишет соперникам 12). Если шестёрка "
            "треф поймает даму треф, стороне с дамой пишут 4. Со второй раздачи единственный "
            "козырь можно поменять с партнёром, а сторона без дам может потребовать пересдачи. Кто "
            "первым наберёт 12, тот проиграл."
        ),
    },
}


def variant_summary(name: str, lang: str = "en") -> str:
    """The summary of preset ``name`` in ``lang`` (``ru`` or ``en``)."""
    try:
        texts = VARIANT_SUMMARIES[name]
    except KeyError:
        raise ValueError(f"no summary for rules {name!r} (known: {', '.join(VARIANT_SUMMARIES)})"
                         ) from None
    return texts[check_lang(lang)]
