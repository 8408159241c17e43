"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013) for learners and puzzles.

Every puzzle attempt is a game between the learner and the puzzle: the learner scores 1 for the
right card (less for hints), the puzzle the rest.  Each attempt is its own rating period, as
puzzle sites do, so a rating moves right after each answer.

>>> player = Rating(1500, 200, 0.06)
>>> new = update(player, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
...                       (Rating(1700, 300), 0.0)])
>>> round(new.rating, 2), round(new.rd, 2), round(new.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["DEFAULT_VOLATILITY", "TAU", "Rating", "expected_score", "update"]

SCALE = 173.7178
"""The Glicko-2 scale factor between the rating scale and the internal one."""

TAU = 0.5
"""How fast volatility may change (Glickman suggests 0.3 to 1.2)."""

DEFAULT_VOLATILITY = 0.06
_EPSILON = 1e-6
MIN_RD = 30.0
MAX_RD = 350.0


@dataclass(frozen=True)
class Rating:
    """A rating, its deviation (uncertainty) and volatility."""

    rating: float = 1500.0
    rd: float = MAX_RD
    volatility: float = DEFAULT_VOLATILITY

    @property
    def mu(self) -> float:
        return (self.rating - 1500.0) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE

    @classmethod
    def from_internal(cls, mu: float, phi: float, volatility: float) -> Rating:
        rd = min(MAX_RD, max(MIN_RD, phi * SCALE))
        return cls(mu * SCALE + 1500.0, rd, volatility)


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance ``player`` beats ``opponent`` (for a puzzle: solves it)."""
    return _e(player.mu, opponent.mu, opponent.phi)


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period with ``games`` = (opponent, score 0..1).

    No games only widens the deviation (the player may have changed meanwhile).
    """
    mu, phi, sigma = player.mu, player.phi, player.volatility
    if not games:
        return Rating.from_internal(mu, math.sqrt(phi * phi + sigma * sigma), sigma)
    for _, score in games:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a game score must be between 0 and 1, not {score}")
    v_inv = 0.0
    delta_sum = 0.0
    for opponent, score in games:
        g = _g(opponent.phi)
        e = _e(mu, opponent.mu, opponent.phi)
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    sigma_new = _new_volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating.from_internal(mu_new, phi_new, sigma_new)


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of Glicko-2: the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)
    d2, p2 = delta * delta, phi * phi

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (d2 - p2 - v - ex) / (2.0 * (p2 + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if d2 > p2 + v:
        big_b = math.log(d2 - p2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(100):
        if abs(big_b - big_a) <= _EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)
