/* kz_engine.c - alpha-beta over single cards with a transposition table of trick boundaries.
 *
 * - Fail-soft alpha-beta on the future points of NS, driven by null-window tests: for each
 *   card a first probe at a guess (the value of the card before), then galloping steps, then
 *   bisection (narrow()).  Threshold questions (>= 61? every trick?) are a single probe.
 * - A bounded transposition table (one cache line per bucket of three, replacement by search
 *   generation then depth) of trick-boundary positions with a lower and an upper bound and the
 *   best lead.  Its exact 128-bit key compacts runs of equal-point neighbours (9 8 7 6, the
 *   queens, the jacks), so positions that differ only in which of such cards were played share
 *   an entry.  In the first tricks the last card of a trick fetches all the entries it may
 *   lead to at once and cuts at once when one of them settles the node (enhanced
 *   transposition cutoff).
 * - Cards of one hand that are neighbours among the live cards of their suit and are worth the
 *   same are searched once.
 * - Quick bounds: trumps above every trump of the other side are sure points.  The last two
 *   tricks are searched by a small alpha-beta minimax within the caller's window, without the
 *   table (a cache of their exact values, tried before, stalled on memory more than it saved).
 * - Move order: the table's best lead; then the card that last cut off in a like node (a
 *   lead by cards left; a card to a trick by cards left and the card winning it); else a
 *   greedy simulation of the trick (leads), or win-cheaply / give-points-to-partner /
 *   throw-the-emptiest rules (follows).  The remembered cards took 30% off the nodes of 30
 *   full deals.  The table's or the remembered card is searched before the other cards are scored, and usually cuts off alone (12% fewer
 *   instructions).
 * - The catch (6 and queen of clubs from opposite sides in one trick) ends the deal at a fixed
 *   score, as kozel_tutor.solver.core.caught_points defines; while it can happen the bounds
 *   widen and the key holds the points NS took.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE   /* MAP_ANONYMOUS under -std=c11 */
#endif
#include "kz_engine.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#if defined(_MSC_VER)
#include <intrin.h>
static inline int kz_popcount(uint64_t m) { return (int)__popcnt64(m); }
static inline int kz_low(uint64_t m) { unsigned long i; _BitScanForward64(&i, m); return (int)i; }
static inline int kz_high(uint64_t m) { unsigned long i; _BitScanReverse64(&i, m); return (int)i; }
#else
#define kz_popcount(m) __builtin_popcountll(m)
#define kz_low(m) __builtin_ctzll(m)
#define kz_high(m) (63 - __builtin_clzll(m))
#endif

#define BIT(b) ((uint64_t)1 << (b))

/* Counters for tuning (off in the built module): compile with -DKZ_STATS to fill kz_stats. */
#ifdef KZ_TRACE
#include <stdio.h>   /* -DKZ_TRACE: every probe of narrow() on stderr */
#endif
#ifdef KZ_STATS
typedef struct {
    uint64_t lead[10], follow[10];   /* nodes by cards in the leader's hand */
    uint64_t tt_cut, tt_hit, tt_miss, sure_cut, etc_cut, end2, probes;
    uint64_t ncut[10], nsure[10], nmiss[10], nhit[10], fcut[4], lcut[4], fmulti, lexp;
} kz_stats_t;
kz_stats_t kz_stats;
#define KZ_COUNT(x) (kz_stats.x++)
#else
#define KZ_COUNT(x) ((void)0)
#endif
#define CHECK_EVERY 2048     /* nodes between two looks at the clock */
#define MAX_MOVES 40
#define SIMULATE_FROM 5      /* order leads by a simulated trick from this many cards on */
#define ETC_FROM 6           /* the enhanced transposition cutoff from this many cards in the last
                                hand on: below, the keys and lookups cost more than the nodes
                                they save (30 deals, min CPU of three: -3.5% and -10% against 4
                                cards, though 10% more nodes) */

/* kz_compact[r][x]: the bits of x (a subset of r) packed to the bottom, in order (pext). */
static const uint8_t kz_compact[16][16] = {
    { 0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0},
    { 0,  1,  0,  1,  0,  1,  0,  1,  0,  1,  0,  1,  0,  1,  0,  1},
    { 0,  0,  1,  1,  0,  0,  1,  1,  0,  0,  1,  1,  0,  0,  1,  1},
    { 0,  1,  2,  3,  0,  1,  2,  3,  0,  1,  2,  3,  0,  1,  2,  3},
    { 0,  0,  0,  0,  1,  1,  1,  1,  0,  0,  0,  0,  1,  1,  1,  1},
    { 0,  1,  0,  1,  2,  3,  2,  3,  0,  1,  0,  1,  2,  3,  2,  3},
    { 0,  0,  1,  1,  2,  2,  3,  3,  0,  0,  1,  1,  2,  2,  3,  3},
    { 0,  1,  2,  3,  4,  5,  6,  7,  0,  1,  2,  3,  4,  5,  6,  7},
    { 0,  0,  0,  0,  0,  0,  0,  0,  1,  1,  1,  1,  1,  1,  1,  1},
    { 0,  1,  0,  1,  0,  1,  0,  1,  2,  3,  2,  3,  2,  3,  2,  3},
    { 0,  0,  1,  1,  0,  0,  1,  1,  2,  2,  3,  3,  2,  2,  3,  3},
    { 0,  1,  2,  3,  0,  1,  2,  3,  4,  5,  6,  7,  4,  5,  6,  7},
    { 0,  0,  0,  0,  1,  1,  1,  1,  2,  2,  2,  2,  3,  3,  3,  3},
    { 0,  1,  0,  1,  2,  3,  2,  3,  4,  5,  4,  5,  6,  7,  6,  7},
    { 0,  0,  1,  1,  2,  2,  3,  3,  4,  4,  5,  5,  6,  6,  7,  7},
    { 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15},
};

/* ---------------------------------------------------------------------------------------- */
/* Rules tables                                                                               */

int kz_rules_finish(kz_rules *r)
{
    int n = r->ncards;
    if (n < 1 || n > 36)
        return -1;
    memset(r->suit_mask, 0, sizeof r->suit_mask);
    for (int b = 0; b < n; b++) {
        if (r->suit[b] > KZ_TRUMP)
            return -1;
        if (b > 0 && r->suit[b] < r->suit[b - 1])
            return -1;   /* suits must be contiguous runs, the trumps last */
        r->suit_mask[r->suit[b]] |= BIT(b);
    }
    r->deck_mask = BIT(n) - 1;
    for (int s = 0; s < 5; s++)
        r->can_win[s] = r->suit_mask[s] | r->suit_mask[KZ_TRUMP];
    r->suits_aces = 0;
    for (int s = 0; s < 4; s++) {
        if (r->ace[s] & ~r->suit_mask[s])
            r->ace[s] = 0;
        if (!(r->flags & KZ_ACE_DUMP_BAN))
            r->ace[s] = 0;
        r->suits_aces |= r->ace[s];
    }
    for (int led = 0; led < 16; led++) {
        uint64_t m = 0;
        for (int s = 0; s < 4; s++)
            if (!(led >> s & 1))
                m |= r->ace[s];
        r->unled_aces[led] = m;
    }
    r->singles = 0;
    r->catch_mask = 0;
    if (r->flags & KZ_CATCH) {
        if (r->catch_six < 0 || r->catch_six >= n || r->catch_queen < 0 ||
            r->catch_queen >= n || r->catch_six == r->catch_queen || r->catch_points < 0 ||
            r->catch_points > 60)
            return -1;
        r->catch_mask = BIT(r->catch_six) | BIT(r->catch_queen);
        r->singles = r->catch_mask;
    }
    /* chunks of 2..4 neighbours of one suit and equal points (the catch cards stand alone) */
    r->nchunks = 0;
    r->chunk_step = 0;
    memset(r->chunk_of, -1, sizeof r->chunk_of);
    for (int b = 0; b < n;) {
        int e = b + 1;
        while (e < n && r->suit[e] == r->suit[b] && r->points[e] == r->points[b] && e - b < 4 &&
               !((r->singles >> e | r->singles >> b) & 1))
            e++;
        if (e - b >= 2) {
            int i = r->nchunks++;
            r->chunk_lo[i] = (uint8_t)b;
            r->chunk_len[i] = (uint8_t)(e - b);
            for (int x = b; x < e; x++)
                r->chunk_of[x] = (int8_t)i;
            r->chunk_step |= (BIT(e - 1) - 1) & ~(BIT(b) - 1);
        }
        b = e;
    }
    r->suit_next = r->alike_next = 0;
    for (int b = 0; b + 1 < n; b++) {
        if (r->suit[b + 1] != r->suit[b])
            continue;
        r->suit_next |= BIT(b);
        if (r->points[b + 1] == r->points[b] && !((r->singles >> b | r->singles >> (b + 1)) & 1))
            r->alike_next |= BIT(b);
    }
    r->npoint_groups = 0;
    for (int b = 0; b < n; b++) {
        int v = r->points[b], g;
        if (!v)
            continue;
        for (g = 0; g < r->npoint_groups; g++)
            if (r->point_value[g] == v)
                break;
        if (g == r->npoint_groups) {
            if (g == 8)
                return -1;
            r->npoint_groups++;
            r->point_value[g] = v;
            r->point_mask[g] = 0;
        }
        r->point_mask[g] |= BIT(b);
    }
    r->point_cards = 0;
    for (int g = 0; g < r->npoint_groups; g++) {
        r->point_cards |= r->point_mask[g];
        for (int j = g; j > 0 && r->point_value[j - 1] > r->point_value[j]; j--) {
            int v = r->point_value[j];
            uint64_t m = r->point_mask[j];
            r->point_value[j] = r->point_value[j - 1];
            r->point_mask[j] = r->point_mask[j - 1];
            r->point_value[j - 1] = v;
            r->point_mask[j - 1] = m;
        }
    }
    uint64_t h = 1469598103934665603ULL;
#define MIX(x) (h = (h ^ (uint64_t)(x)) * 1099511628211ULL)
    MIX(n);
    MIX(r->flags);
    for (int b = 0; b < n; b++) {
        MIX(r->suit[b]);
        MIX(r->points[b]);
    }
    for (int s = 0; s < 4; s++)
        MIX(r->ace[s]);
    MIX(r->catch_mask);
    MIX(r->catch_six);
    MIX(r->catch_points);
#undef MIX
    r->fingerprint = h ? h : 1;
    return 0;
}

static int mask_points(const kz_rules *r, uint64_t m)
{
    int total = 0;
    for (int g = 0; g < r->npoint_groups; g++)
        total += r->point_value[g] * kz_popcount(m & r->point_mask[g]);
    return total;
}

/* ---------------------------------------------------------------------------------------- */
/* Transposition table                                                                        */

/* One bucket is one cache line: three entries, each a 128-bit key, two bounds, the best lead
 * and a byte of replacement data (depth in the low nibble, search generation in the high). */
#define KZ_WAYS 3

typedef struct {
    uint64_t k0[KZ_WAYS];
    uint64_t k1[KZ_WAYS];
    int8_t lo[KZ_WAYS], hi[KZ_WAYS];   /* values lie in -120..120 */
    uint8_t move[KZ_WAYS], meta[KZ_WAYS];
    uint32_t spare;
} kz_bucket;

struct kz_tt {
    kz_bucket *buckets;
    uint64_t nbuckets;
    size_t bytes;
    void *mapping;      /* what to give back to the system */
    size_t mapped;
    unsigned gen;
    uint64_t fingerprint;
};

#if defined(__linux__)
/* Faults the table in now, not in the middle of the first searches (64 MB: 0.18 s here).
 * No MADV_HUGEPAGE: on the virtual machines we run on, faulting in 2 MB pages took 1.2 s for
 * 64 MB against 0.18 s for small pages, and the searches were no faster with them (30 deals,
 * 21.4 s against 21.5 s of CPU). */
static void tt_touch(void *p, size_t bytes)
{
    volatile char *c = (volatile char *)p;
    for (size_t i = 0; i < bytes; i += 4096)
        c[i] = 0;
}
static void *tt_alloc(size_t bytes, void **mapping, size_t *mapped)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    tt_touch(p, bytes);   /* anonymous memory comes zeroed and page-aligned */
    *mapping = p;
    *mapped = bytes;
    return p;
}
static void tt_release(void *mapping, size_t mapped) { munmap(mapping, mapped); }
static void tt_zero(kz_tt *tt) { memset(tt->mapping, 0, tt->mapped); }   /* pages stay in */
#else
static void *tt_alloc(size_t bytes, void **mapping, size_t *mapped)
{
    void *p = calloc(bytes + 64, 1);
    if (!p)
        return NULL;
    *mapping = p;
    *mapped = bytes + 64;
    return (void *)(((uintptr_t)p + 63) & ~(uintptr_t)63);
}
static void tt_release(void *mapping, size_t mapped) { (void)mapped; free(mapping); }
static void tt_zero(kz_tt *tt) { memset(tt->mapping, 0, tt->mapped); }
#endif

kz_tt *kz_tt_new(size_t bytes)
{
    kz_tt *tt = (kz_tt *)calloc(1, sizeof *tt);
    if (!tt)
        return NULL;
    uint64_t buckets = bytes / sizeof(kz_bucket);
    if (buckets < 16)
        buckets = 16;
    if (buckets > 0xFFFFFFFFu)
        buckets = 0xFFFFFFFFu;
    tt->nbuckets = buckets;
    tt->bytes = (size_t)buckets * sizeof(kz_bucket);
    tt->buckets = (kz_bucket *)tt_alloc(tt->bytes, &tt->mapping, &tt->mapped);
    if (!tt->buckets) {
        free(tt);
        return NULL;
    }
    return tt;
}

void kz_tt_free(kz_tt *tt)
{
    if (tt) {
        tt_release(tt->mapping, tt->mapped);
        free(tt);
    }
}

void kz_tt_clear(kz_tt *tt)
{
    tt_zero(tt);
    tt->gen = 0;
}

size_t kz_tt_bytes(const kz_tt *tt) { return tt->bytes; }

static inline kz_bucket *tt_bucket(const kz_tt *tt, uint64_t k0, uint64_t k1)
{
    uint64_t h = (k0 ^ (k1 * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 31;
    h *= 0x94D049BB133111EBULL;
    h ^= h >> 29;
    return tt->buckets + (((h >> 32) * tt->nbuckets) >> 32);
}

static int tt_find(const kz_bucket *b, uint64_t k0, uint64_t k1)
{
    for (int i = 0; i < KZ_WAYS; i++)
        if (b->k0[i] == k0 && b->k1[i] == k1)
            return i;
    return -1;
}

static void tt_store(kz_tt *tt, uint64_t k0, uint64_t k1, int lo, int hi, int move, int depth)
{
    kz_bucket *b = tt_bucket(tt, k0, k1);
    unsigned gen = tt->gen & 15;
    int i = tt_find(b, k0, k1);
    if (i >= 0) {
        if (lo < b->lo[i])
            lo = b->lo[i];
        if (hi > b->hi[i])
            hi = b->hi[i];
        if (lo > hi)   /* cannot happen with consistent bounds; keep the newer facts */
            hi = lo;
        if (move == 255)
            move = b->move[i];
    } else {
        /* replace an empty entry, else one from an older search, else the shallowest */
        int worst = 1 << 30;
        for (int j = 0; j < KZ_WAYS; j++) {
            int prio;
            if (b->k0[j] == 0 && b->k1[j] == 0)
                prio = -1;
            else
                prio = ((unsigned)(b->meta[j] >> 4) == gen ? 16 : 0) + (b->meta[j] & 15);
            if (prio < worst) {
                worst = prio;
                i = j;
            }
        }
        b->k0[i] = k0;
        b->k1[i] = k1;
    }
    b->lo[i] = (int8_t)(lo < -128 ? -128 : lo > 127 ? 127 : lo);
    b->hi[i] = (int8_t)(hi < -128 ? -128 : hi > 127 ? 127 : hi);
    b->move[i] = (uint8_t)move;
    b->meta[i] = (uint8_t)((gen << 4) | (depth > 15 ? 15 : depth));
}

static inline void tt_prefetch(const kz_tt *tt, uint64_t k0, uint64_t k1)
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(tt_bucket(tt, k0, k1));
#else
    (void)tt; (void)k0; (void)k1;
#endif
}

/* ---------------------------------------------------------------------------------------- */
/* Search                                                                                     */

typedef struct {
    const kz_rules *r;
    kz_tt *tt;
    uint64_t hand[4];
    uint64_t tmask;          /* cards in the current trick */
    int leader, nplayed;
    int tcard[4];
    int win_seat, win_card, tpoints, led_suit;
    int led;                 /* plain suits led, the current trick's included */
    int hand_points;         /* points still in the hands */
    int mode;                /* 0 card points, 1 tricks */
    int ns_taken;            /* points NS took before this node (the catch's value needs it) */
    int catch_fail;          /* tricks mode: the NS value of a catch (the asked side failed) */
    int ended;               /* a catch ended the deal at the root line (push) */
    int end_value;
    int have_key;            /* the next lead node's key, computed (and prefetched) by its parent */
    uint64_t next_k0, next_k1;
    /* Move-order memory (memory_slot): by the number of cards left in the hands (which also
     * says who is on play in the trick), the last lead that cut off, and for each card winning
     * the trick so far the last card played to it that cut off.  Card + 1, 0 for none. */
    uint8_t memory[(KZ_MAX_CARDS + 1) * (KZ_MAX_CARDS + 1)];
    uint64_t nodes, next_check;
    double deadline;
    kz_counter *cancel;
    long cancel_seen;
    jmp_buf *abort_to;
} Ctx;

typedef struct {
    int seat, card, leader, nplayed, win_seat, win_card, tpoints, led_suit, led, ns_taken, ended;
    int tcard[4];
    uint64_t tmask;
} Undo;

static double now_seconds(void)
{
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void check_abort(Ctx *c)
{
    c->next_check = c->nodes + CHECK_EVERY;
    if ((c->cancel && kz_counter_load(c->cancel) != c->cancel_seen) ||
        (c->deadline > 0 && now_seconds() > c->deadline))
        longjmp(*c->abort_to, 1);
}

static inline int beats(const kz_rules *r, int card, int win_card, int led_suit)
{
    return card > win_card && (r->can_win[led_suit] >> card & 1);
}

/* Whether the catch can still happen: both its cards are in the hands or the trick. */
static inline int catch_live(const Ctx *c)
{
    uint64_t cm = c->r->catch_mask;
    return cm && ((c->hand[0] | c->hand[1] | c->hand[2] | c->hand[3] | c->tmask) & cm) == cm;
}

/* After the fourth card (tcard[] from the leader): the side caught, or -1.  Not inlined: the
 * compiler hoisted its wide load of tcard[] above the catch test into every trick's last card,
 * where it stalled on the store of that card (3% of the time under rules without a catch). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int caught_side(const Ctx *c)
{
    const kz_rules *r = c->r;
    if (!r->catch_mask || (c->tmask & r->catch_mask) != r->catch_mask)
        return -1;
    int six = -1, queen = -1;
    for (int i = 0; i < 4; i++) {
        if (c->tcard[i] == r->catch_six)
            six = (c->leader + i) & 1;
        else if (c->tcard[i] == r->catch_queen)
            queen = (c->leader + i) & 1;
    }
    return six != queen ? queen : -1;
}

/* NS future points when a catch of `caught` ends the deal now (this trick not counted). */
static inline int catch_value(const Ctx *c, int caught)
{
    if (c->mode)
        return c->catch_fail;
    int final = caught == 0 ? c->r->catch_points : 120 - c->r->catch_points;
    return final - c->ns_taken;
}

/* The widest bounds on NS future points: 0..total, wider while a catch can happen. */
static inline void base_bounds(const Ctx *c, int total, int *lo, int *hi)
{
    *lo = 0;
    *hi = total;
    if (catch_live(c)) {
        if (c->mode) {
            if (c->catch_fail < *lo)
                *lo = c->catch_fail;
            if (c->catch_fail > *hi)
                *hi = c->catch_fail;
        } else {
            *lo = -c->ns_taken;
            if (120 - c->ns_taken > *hi)
                *hi = 120 - c->ns_taken;
        }
    }
}

static inline uint64_t legal_moves(const Ctx *c, int p)
{
    const kz_rules *r = c->r;
    uint64_t h = c->hand[p];
    if (c->nplayed == 0) {
        if (r->flags & KZ_NO_TRUMP_LEAD_WITH_PLAIN) {
            uint64_t plain = h & ~r->suit_mask[KZ_TRUMP];
            if (plain)
                return plain;
        }
        return h;
    }
    uint64_t f = h & r->suit_mask[c->led_suit];
    if (f)
        return f;
    if (r->flags & KZ_ACE_DUMP_BAN) {
        uint64_t ok = h & ~r->unled_aces[c->led];
        if (ok)
            return ok;
    }
    return h;
}

/* one card of each run of equivalent legal cards (the highest) */
static inline uint64_t representatives(const Ctx *c, uint64_t legal)
{
    const kz_rules *r = c->r;
    uint64_t live = c->hand[0] | c->hand[1] | c->hand[2] | c->hand[3] | c->tmask;
    /* the next card up is live: it is that card (dropped when legal too and alike) */
    uint64_t drop = legal & (legal >> 1) & r->alike_next;
    /* the next card up is gone: look for the next live one */
    for (uint64_t m = legal & ~(live >> 1) & r->suit_next; m; m &= m - 1) {
        int b = kz_low(m);
        uint64_t above = live & r->suit_mask[r->suit[b]] & ~(BIT(b + 1) - 1);
        if (above) {
            int nb = kz_low(above);
            if ((legal >> nb & 1) && r->points[nb] == r->points[b] &&
                !((r->singles >> nb | r->singles >> b) & 1))
                drop |= BIT(b);
        }
    }
    return legal & ~drop;
}

static inline int min_points_card(const kz_rules *r, uint64_t m)
{
    int best = kz_low(m), bp = r->points[best];
    for (m &= m - 1; m && bp; m &= m - 1) {
        int b = kz_low(m);
        if (r->points[b] < bp) {
            best = b;
            bp = r->points[b];
        }
    }
    return best;
}

static inline int max_points_card(const kz_rules *r, uint64_t m)
{
    int best = kz_low(m), bp = r->points[best];
    for (m &= m - 1; m; m &= m - 1) {
        int b = kz_low(m);
        if (r->points[b] > bp) {
            best = b;
            bp = r->points[b];
        }
    }
    return best;
}

/* A greedy guess at the trick a lead makes: each player after the leader wins it as cheaply
 * as they can if the other side holds it, gives points to their side's trick, else plays
 * their emptiest card.  Returns the points of the trick, negative when the other side wins. */
static int simulate_lead(const Ctx *c, int p, int b)
{
    const kz_rules *r = c->r;
    int ls = r->suit[b];
    int ws = p, wc = b, pts = r->points[b];
    uint64_t trumps = r->suit_mask[KZ_TRUMP];
    for (int j = 1; j < 4; j++) {
        int q = (p + j) & 3;
        uint64_t h = c->hand[q];
        uint64_t f = h & r->suit_mask[ls];
        int friendly = (ws & 1) == (q & 1);
        int x;
        if (f) {
            uint64_t better = f & ~(BIT(wc + 1) - 1);
            if (!friendly && better)
                x = kz_low(better);
            else if (friendly)
                x = max_points_card(r, f);
            else
                x = min_points_card(r, f);
        } else {
            uint64_t t = h & trumps;
            uint64_t better = t & ~(BIT(wc + 1) - 1);
            if (!friendly && better)
                x = kz_low(better);
            else if (friendly && (h & ~trumps))
                x = max_points_card(r, h & ~trumps);
            else
                x = min_points_card(r, h);
        }
        if (beats(r, x, wc, ls)) {
            ws = q;
            wc = x;
        }
        pts += r->points[x];
    }
    return ((ws & 1) == (p & 1)) ? pts + 1 : -pts - 1;
}

/* This node's place in Ctx.memory: cards left, then the card winning the trick (a lead: the
 * last column). */
static inline int memory_slot(const Ctx *c)
{
    int left = kz_popcount(c->hand[0] | c->hand[1] | c->hand[2] | c->hand[3]);
    return left * (KZ_MAX_CARDS + 1) + (c->nplayed ? c->win_card : KZ_MAX_CARDS);
}

/* Remembers the card that cut off at this node for the nodes like it. */
static inline void remember_cut(Ctx *c, int b) { c->memory[memory_slot(c)] = (uint8_t)(b + 1); }

/* Move ordering: a score per card, higher first.  The table's best lead comes first, then the
 * card that cut off at the last node like this one (the same number of cards left, and for a
 * card to a trick the same card winning it), then the rules below. */
static int order_moves(const Ctx *c, int p, uint64_t reps, int first, int *out)
{
    const kz_rules *r = c->r;
    int score[MAX_MOVES];
    int n = 0;
    int k = c->nplayed;
    int remembered = c->memory[memory_slot(c)] - 1;
    if (k == 0) {
        int o1 = (p + 1) & 3, o2 = (p + 3) & 3, partner = p ^ 2;
        uint64_t trumps = r->suit_mask[KZ_TRUMP];
        for (uint64_t m = reps; m; m &= m - 1) {
            int b = kz_low(m);
            int s = r->suit[b];
            uint64_t sm = r->suit_mask[s];
            int opp_beats = 0;
            for (int i = 0; i < 2; i++) {
                uint64_t h = c->hand[i ? o2 : o1];
                uint64_t f = h & sm;
                if (f ? kz_high(f) > b : (s != KZ_TRUMP && (h & trumps)))
                    opp_beats = 1;
            }
            int sc;
            if (kz_popcount(c->hand[p]) >= SIMULATE_FROM) {
                sc = 4000 + 16 * simulate_lead(c, p, b) - b;
            } else if (!opp_beats) {
                sc = 3000 + 16 * r->points[b] - b;
            } else {
                uint64_t f = c->hand[partner] & sm;
                int partner_high = f && kz_high(f) > b;
                sc = (partner_high ? 2000 : 1000) - 16 * r->points[b] - b;
            }
            out[n] = b;
            score[n++] = sc;
        }
    } else {
        int partner_wins = c->win_seat == (p ^ 2);
        int wc = c->win_card;
        /* the highest card an opponent still to play after p could beat: its top card of the
         * led suit, else its top trump (trumps lie above every plain card) */
        int thr = -1;
        uint64_t led_mask = r->suit_mask[c->led_suit], trumps = r->suit_mask[KZ_TRUMP];
        for (int j = k + 1; j < 4; j++) {
            int q = (c->leader + j) & 3;
            if ((q & 1) == (p & 1))
                continue;
            uint64_t h = c->hand[q];
            uint64_t f = (h & led_mask) ? h & led_mask : h & trumps;
            if (f && kz_high(f) > thr)
                thr = kz_high(f);
        }
        int safe_now = thr < wc;
        for (uint64_t m = reps; m; m &= m - 1) {
            int b = kz_low(m);
            int pts = r->points[b];
            int sc;
            if (partner_wins && safe_now)
                sc = 2000 + 16 * pts - b;          /* give points to the partner's trick */
            else if (beats(r, b, wc, c->led_suit))
                sc = thr < b ? 3000 + 16 * pts - b : 1500 - 16 * pts - b;
            else
                sc = (partner_wins ? 1200 : 1000) - 16 * pts - b;
            out[n] = b;
            score[n++] = sc;
        }
    }
    for (int i = 0; i < n; i++) {
        if (out[i] == first)
            score[i] = 1 << 30;
        else if (out[i] == remembered)
            score[i] = 1 << 29;
    }
    for (int i = 1; i < n; i++) {
        int b = out[i], sc = score[i], j = i - 1;
        while (j >= 0 && score[j] < sc) {
            out[j + 1] = out[j];
            score[j + 1] = score[j];
            j--;
        }
        out[j + 1] = b;
        score[j + 1] = sc;
    }
    return n;
}

/* The moves of a node with a choice: when `pre` (the table's or the remembered card) is one
 * of them and `lazy`, that card alone, the others left in *rest to be ordered only if it does
 * not cut off (it usually does); else all of them in order. */
static int first_moves(const Ctx *c, int p, uint64_t reps, int first, int pre, int lazy,
                       int *moves, uint64_t *rest)
{
    if (lazy && pre >= 0 && (reps >> pre & 1) && (reps & (reps - 1))) {
        moves[0] = pre;
        *rest = reps & ~BIT(pre);
        return 1;
    }
    return order_moves(c, p, reps, first, moves);
}

/* The plain suits led whose ace is still among the cards R: all that the ace-dump ban reads
 * of the suits led, so the only part of them a position's key needs. */
static inline uint64_t led_with_ace_out(const Ctx *c, uint64_t R)
{
    const kz_rules *r = c->r;
    uint64_t led = 0;
    if (r->flags & KZ_ACE_DUMP_BAN) {
        for (int s = 0; s < 4; s++)
            if ((c->led >> s & 1) && (R & r->ace[s]))
                led |= 1u << s;
    }
    return led;
}

static inline void make_key(const Ctx *c, uint64_t *k0, uint64_t *k1)
{
    const kz_rules *r = c->r;
    uint64_t R = c->hand[0] | c->hand[1] | c->hand[2] | c->hand[3];
    uint64_t A = c->hand[1] | c->hand[3];
    uint64_t B = c->hand[2] | c->hand[3];
    /* a chunk needs packing when one of its cards is gone and the next one up is not */
    uint64_t gaps = ~R & (R >> 1) & r->chunk_step;
    while (gaps) {
        int i = r->chunk_of[kz_low(gaps)];
        int lo = r->chunk_lo[i];
        unsigned m = (1u << r->chunk_len[i]) - 1;
        unsigned rr = (unsigned)(R >> lo) & m;
        unsigned aa = (unsigned)(A >> lo) & m, bb = (unsigned)(B >> lo) & m;
        uint64_t clear = ~((uint64_t)m << lo);
        R = (R & clear) | ((uint64_t)kz_compact[rr][rr] << lo);
        A = (A & clear) | ((uint64_t)kz_compact[rr][aa] << lo);
        B = (B & clear) | ((uint64_t)kz_compact[rr][bb] << lo);
        gaps &= clear;
    }
    uint64_t led = led_with_ace_out(c, R);
    *k0 = R | (A << 36);
    uint64_t catch_info = 0;
    if (r->catch_mask && catch_live(c))
        catch_info = c->mode ? (uint64_t)(c->catch_fail > 0 ? 2 : 1) : (uint64_t)(c->ns_taken + 1);
    *k1 = (A >> 28) | (B << 8) | ((uint64_t)c->leader << 44) | (led << 46) |
          ((uint64_t)c->mode << 50) | (catch_info << 52);
}

/* the stored lead is a compacted bit: map it to the leader's real card, and back */
static int move_to_canon(const Ctx *c, int b)
{
    const kz_rules *r = c->r;
    int i = r->chunk_of[b];
    if (i < 0)
        return b;
    int lo = r->chunk_lo[i];
    uint64_t R = c->hand[0] | c->hand[1] | c->hand[2] | c->hand[3];
    uint64_t below = R & (BIT(b) - 1) & ~(BIT(lo) - 1);
    return lo + kz_popcount(below);
}

static int canon_to_move(const Ctx *c, int cb)
{
    const kz_rules *r = c->r;
    int i = r->chunk_of[cb];
    if (i < 0)
        return cb;
    int lo = r->chunk_lo[i];
    unsigned m = (1u << r->chunk_len[i]) - 1;
    uint64_t R = c->hand[0] | c->hand[1] | c->hand[2] | c->hand[3];
    uint64_t rr = (R >> lo) & m;
    for (int j = cb - lo; j > 0 && rr; j--)
        rr &= rr - 1;
    return rr ? lo + kz_low(rr) : -1;
}

static int search_lead(Ctx *c, int alpha, int beta);

/* The last two tricks by alpha-beta minimax (at most 16 lines), fail-soft like the search. */
static int end2_follow(Ctx *c, int k, int ws, int wc, int tp, int alpha, int beta)
{
    const kz_rules *r = c->r;
    int p = (c->leader + k) & 3;
    uint64_t legal = legal_moves(c, p);
    int maxi = !(p & 1);
    int best = maxi ? -(1 << 20) : 1 << 20;
    for (uint64_t m = legal; m; m &= m - 1) {
        int b = kz_low(m);
        int nws = ws, nwc = wc;
        if (beats(r, b, wc, c->led_suit)) {
            nws = p;
            nwc = b;
        }
        int ntp = tp + r->points[b];
        int v;
        if (k == 3) {
            /* the last trick: every hand holds one card (read one hand at a time: a copy of all
             * four by wide loads stalled on the store to this hand just before) */
            int L = nws;
            uint64_t hp = c->hand[p] ^ BIT(b);
            int lc = kz_low(L == p ? hp : c->hand[L]);
            int lws = L, lwc = lc, ls = r->suit[lc], ltp = r->points[lc];
            for (int i = 1; i < 4; i++) {
                int q = (L + i) & 3;
                int x = kz_low(q == p ? hp : c->hand[q]);
                if (beats(r, x, lwc, ls)) {
                    lws = q;
                    lwc = x;
                }
                ltp += r->points[x];
            }
            if (c->mode) {
                ntp = 1;
                ltp = 1;
            }
            v = ((nws & 1) ? 0 : ntp) + ((lws & 1) ? 0 : ltp);
        } else {
            c->hand[p] ^= BIT(b);
            v = end2_follow(c, k + 1, nws, nwc, ntp, alpha, beta);
            c->hand[p] ^= BIT(b);
        }
        if (maxi) {
            if (v > best) {
                best = v;
                if (v >= beta)
                    break;
                if (v > alpha)
                    alpha = v;
            }
        } else if (v < best) {
            best = v;
            if (v <= alpha)
                break;
            if (v < beta)
                beta = v;
        }
    }
    return best;
}

static int end2_search(Ctx *c, int alpha, int beta)
{
    const kz_rules *r = c->r;
    int L = c->leader;
    uint64_t legal = legal_moves(c, L);
    int maxi = !(L & 1);
    int best = maxi ? -(1 << 20) : 1 << 20;
    int saved_led = c->led;
    for (uint64_t m = legal; m; m &= m - 1) {
        int b = kz_low(m);
        int s = r->suit[b];
        c->hand[L] ^= BIT(b);
        c->led_suit = s;
        if (s < KZ_TRUMP)
            c->led = saved_led | (1 << s);
        c->nplayed = 1;
        int v = end2_follow(c, 1, L, b, r->points[b], alpha, beta);
        c->nplayed = 0;
        c->led = saved_led;
        c->hand[L] ^= BIT(b);
        if (maxi) {
            if (v > best) {
                best = v;
                if (v >= beta)
                    break;
                if (v > alpha)
                    alpha = v;
            }
        } else if (v < best) {
            best = v;
            if (v <= alpha)
                break;
            if (v < beta)
                beta = v;
        }
    }
    return best;
}

/* The points of the k cheapest cards of h (k <= cards in h). */
static inline int cheapest_points(const kz_rules *r, uint64_t h, int k)
{
    k -= kz_popcount(h & ~r->point_cards);
    int total = 0;
    for (int g = 0; k > 0; g++) {
        int n = kz_popcount(h & r->point_mask[g]);
        if (n > k)
            n = k;
        total += n * r->point_value[g];
        k -= n;
    }
    return total;
}

/* Points (or tricks) one side is sure of.  Its trumps above every trump of the other side win
 * whatever trick they fall in.  The hand holding most of them, s, wins at least s tricks, and
 * into those each opponent plays s cards and the partner s cards (its own sure trumps among
 * them or not): at least their cheapest.  Narrows [*lo, *hi] for NS. */
static inline void sure_bounds(const Ctx *c, int total, int *lo, int *hi)
{
    const kz_rules *r = c->r;
    uint64_t ns = c->hand[0] | c->hand[2], ew = c->hand[1] | c->hand[3];
    uint64_t tr = (ns | ew) & r->suit_mask[KZ_TRUMP];
    if (!tr)
        return;
    int top = kz_high(tr);
    int ns_top = (int)(ns >> top & 1);
    uint64_t other = (ns_top ? ew : ns) & tr;
    uint64_t sure = other ? tr & ~(BIT(kz_high(other) + 1) - 1) : tr;
    int a = ns_top ? 0 : 1;
    int sa = kz_popcount(sure & c->hand[a]), sb = kz_popcount(sure & c->hand[a + 2]);
    if (sb > sa) {
        int t = sa;
        sa = sb;
        sb = t;
        a += 2;
    }
    int v;
    if (c->mode) {
        v = sa;   /* two sure trumps of partners may fall in one trick: count one hand's */
    } else {
        uint64_t pb = c->hand[a ^ 2];
        v = mask_points(r, sure) + cheapest_points(r, pb & ~sure, sa - sb) +
            cheapest_points(r, c->hand[(a + 1) & 3], sa) + cheapest_points(r, c->hand[(a + 3) & 3], sa);
    }
    if (ns_top) {
        if (v > *lo)
            *lo = v;
    } else if (total - v < *hi) {
        *hi = total - v;
    }
}

static int last_trick(const Ctx *c)
{
    const kz_rules *r = c->r;
    int L = c->leader;
    int wc = kz_low(c->hand[L]), ws = L;
    int ls = r->suit[wc];
    int tp = r->points[wc];
    int six = -1, queen = -1;
    for (int i = 0; i < 4; i++) {
        int p = (L + i) & 3;
        int b = kz_low(c->hand[p]);
        if (r->catch_mask) {
            if (b == r->catch_six)
                six = p & 1;
            else if (b == r->catch_queen)
                queen = p & 1;
        }
        if (i == 0)
            continue;
        if (beats(r, b, wc, ls)) {
            wc = b;
            ws = p;
        }
        tp += r->points[b];
    }
    if (six >= 0 && queen >= 0 && six != queen)
        return catch_value(c, queen);
    int g = c->mode ? 1 : tp;
    return (ws & 1) ? 0 : g;
}

static int search_follow(Ctx *c, int alpha, int beta);

/* A child's value within (a, bt), ``gained`` points added on the way to it.  The first child
 * gets the whole window; a later one is scouted with a null window on the side the mover
 * needs (principal variation search) and searched again only if it lands inside. */
static inline int scout(Ctx *c, int (*child)(Ctx *, int, int), int gained, int first, int maxi,
                        int a, int bt)
{
    int v;
    if (first || bt - a <= 1)
        return gained + child(c, a - gained, bt - gained);
    if (maxi) {
        v = gained + child(c, a - gained, a + 1 - gained);
        if (v > a && v < bt)
            v = gained + child(c, v - 1 - gained, bt - gained);
    } else {
        v = gained + child(c, bt - 1 - gained, bt - gained);
        if (v < bt && v > a)
            v = gained + child(c, a - gained, v + 1 - gained);
    }
    return v;
}

/* a card played to a started trick */
static int search_follow(Ctx *c, int alpha, int beta)
{
    const kz_rules *r = c->r;
    if (++c->nodes >= c->next_check)
        check_abort(c);
    int k = c->nplayed;
    int p = (c->leader + k) & 3;
    KZ_COUNT(follow[kz_popcount(c->hand[c->leader])]);
    uint64_t legal = legal_moves(c, p), rest = 0;
    int moves[MAX_MOVES];
    int nm;
    if (!(legal & (legal - 1))) {
        moves[0] = kz_low(legal);
        nm = 1;
    } else {
        uint64_t reps = representatives(c, legal);
        if (!(reps & (reps - 1))) {
            moves[0] = kz_low(reps);
            nm = 1;
        } else {
            KZ_COUNT(fmulti);
            /* not where the enhanced transposition cutoff reads every move */
            int lazy = !(k == 3 && kz_popcount(c->hand[p]) >= ETC_FROM);
            nm = first_moves(c, p, reps, -1, c->memory[memory_slot(c)] - 1, lazy, moves, &rest);
        }
    }
    int maxi = !(p & 1);
    int best = maxi ? -1000 : 1000;
    int a = alpha, bt = beta;
    int ws = c->win_seat, wc = c->win_card, tp = c->tpoints, ls = c->led_suit;
    /* the last card of a trick: fetch the table entries of all the positions it may lead to
     * at once, so their cache misses overlap */
    uint64_t kk0[MAX_MOVES], kk1[MAX_MOVES];
    int prefetched = 0;
    if (k == 3 && nm > 1 && kz_popcount(c->hand[p]) >= ETC_FROM && !(r->catch_mask && catch_live(c))) {
        int saved_leader = c->leader;
        for (int i = 0; i < nm; i++) {
            int b = moves[i];
            c->hand[p] ^= BIT(b);
            c->leader = beats(r, b, wc, ls) ? p : ws;
            make_key(c, &kk0[i], &kk1[i]);
            tt_prefetch(c->tt, kk0[i], kk1[i]);
            c->hand[p] ^= BIT(b);
        }
        c->leader = saved_leader;
        prefetched = 1;
        /* enhanced transposition cutoff: a stored bound of one outcome may settle the node */
        for (int i = 0; i < nm; i++) {
            const kz_bucket *bk = tt_bucket(c->tt, kk0[i], kk1[i]);
            int e = tt_find(bk, kk0[i], kk1[i]);
            if (e < 0)
                continue;
            int b = moves[i];
            int w = beats(r, b, wc, ls) ? p : ws;
            int gns = (w & 1) ? 0 : (c->mode ? 1 : tp + r->points[b]);
            if (maxi && bk->lo[e] + gns >= beta) {
                KZ_COUNT(etc_cut);
                return bk->lo[e] + gns;
            }
            if (!maxi && bk->hi[e] + gns <= alpha) {
                KZ_COUNT(etc_cut);
                return bk->hi[e] + gns;
            }
        }
    }
    for (int i = 0; i < nm; i++) {
        int b = moves[i];
        uint64_t bit = BIT(b);
        int pts = r->points[b];
        c->hand[p] ^= bit;
        c->tmask |= bit;
        c->tcard[k] = b;
        c->hand_points -= pts;
        if (beats(r, b, wc, c->led_suit)) {
            c->win_seat = p;
            c->win_card = b;
        }
        c->tpoints = tp + pts;
        int v;
        int caught = k == 3 && r->catch_mask ? caught_side(c) : -1;
        if (caught >= 0) {
            v = catch_value(c, caught);
        } else if (k == 3) {
            int w = c->win_seat;
            int g = c->mode ? 1 : c->tpoints;
            int gns = (w & 1) ? 0 : g;
            int saved_leader = c->leader;
            uint64_t saved_tmask = c->tmask;
            c->leader = w;
            c->nplayed = 0;
            c->tmask = 0;
            if (prefetched) {
                c->have_key = 1;
                c->next_k0 = kk0[i];
                c->next_k1 = kk1[i];
            }
            int saved_cards[4] = {0, 0, 0, 0};   /* the catch reads this trick's cards again */
            if (r->catch_mask)
                memcpy(saved_cards, c->tcard, sizeof saved_cards);
            c->ns_taken += gns;
            v = scout(c, search_lead, gns, i == 0, maxi, a, bt);
            c->ns_taken -= gns;
            if (r->catch_mask)
                memcpy(c->tcard, saved_cards, sizeof saved_cards);
            c->leader = saved_leader;
            c->nplayed = 3;
            c->tmask = saved_tmask;
            c->led_suit = ls;
        } else {
            c->nplayed = k + 1;
            v = scout(c, search_follow, 0, i == 0, maxi, a, bt);
            c->nplayed = k;
        }
        c->win_seat = ws;
        c->win_card = wc;
        c->tpoints = tp;
        c->hand_points += pts;
        c->tmask ^= bit;
        c->hand[p] ^= bit;
        if (maxi) {
            if (v > best) {
                best = v;
                if (v > a) {
                    a = v;
                    if (a >= bt) {
                        KZ_COUNT(fcut[i < 3 ? i : 3]);
                        remember_cut(c, b);
                        break;
                    }
                }
            }
        } else {
            if (v < best) {
                best = v;
                if (v < bt) {
                    bt = v;
                    if (a >= bt) {
                        KZ_COUNT(fcut[i < 3 ? i : 3]);
                        remember_cut(c, b);
                        break;
                    }
                }
            }
        }
        if (rest) {
            nm = 1 + order_moves(c, p, rest, -1, moves + 1);
            rest = 0;
        }
    }
    return best;
}

/* a trick boundary: the leader leads */
static int search_lead(Ctx *c, int alpha, int beta)
{
    const kz_rules *r = c->r;
    if (++c->nodes >= c->next_check)
        check_abort(c);
    int have_key = c->have_key;
    c->have_key = 0;
    int L = c->leader;
    int n = kz_popcount(c->hand[L]);
    KZ_COUNT(lead[n]);
    int live = r->catch_mask && catch_live(c);
    if (n <= 2 && !(n == 2 && live)) {
        if (n == 2) {
            KZ_COUNT(end2);
            return end2_search(c, alpha, beta);
        }
        return n ? last_trick(c) : 0;
    }
    int total = c->mode ? n : c->hand_points;
    int lo, hi;
    base_bounds(c, total, &lo, &hi);
    if (!live)
        sure_bounds(c, total, &lo, &hi);
    if (lo >= beta || hi <= alpha) {
        KZ_COUNT(sure_cut);
        KZ_COUNT(nsure[n]);
        return lo >= beta ? lo : hi;
    }
    uint64_t k0, k1;
    int first = -1;
    if (have_key) {
        k0 = c->next_k0;
        k1 = c->next_k1;
    } else {
        make_key(c, &k0, &k1);
    }
    const kz_bucket *bk = tt_bucket(c->tt, k0, k1);
    int e = tt_find(bk, k0, k1);
    if (e >= 0) {
        if (bk->lo[e] > lo)
            lo = bk->lo[e];
        if (bk->hi[e] < hi)
            hi = bk->hi[e];
        if (lo >= beta || hi <= alpha || lo == hi) {
            KZ_COUNT(tt_cut);
            KZ_COUNT(ncut[n]);
            return lo >= beta ? lo : hi;
        }
        KZ_COUNT(tt_hit);
        KZ_COUNT(nhit[n]);
        if (bk->move[e] != 255)
            first = canon_to_move(c, bk->move[e]);
    }
    if (e < 0)
        KZ_COUNT(tt_miss);
    if (e < 0)
        KZ_COUNT(nmiss[n]);
    if (lo >= beta)
        return lo;
    if (hi <= alpha)
        return hi;
    int a = alpha > lo ? alpha : lo;
    int bt = beta < hi ? beta : hi;
    int a0 = a, b0 = bt;

    uint64_t legal = legal_moves(c, L);
    uint64_t reps = representatives(c, legal), rest = 0;
    int moves[MAX_MOVES];
    int pre = first >= 0 && (reps >> first & 1) ? first : c->memory[memory_slot(c)] - 1;
    int nm = first_moves(c, L, reps, first, pre, 1, moves, &rest);
    KZ_COUNT(lexp);
    int maxi = !(L & 1);
    int best = maxi ? -1000 : 1000, best_move = -1;
    int saved_led = c->led;
    for (int i = 0; i < nm; i++) {
        int b = moves[i];
        uint64_t bit = BIT(b);
        int pts = r->points[b];
        int s = r->suit[b];
        c->hand[L] ^= bit;
        c->tmask = bit;
        c->tcard[0] = b;
        c->win_seat = L;
        c->win_card = b;
        c->tpoints = pts;
        c->hand_points -= pts;
        c->led_suit = s;
        if (s < KZ_TRUMP)
            c->led = saved_led | (1 << s);
        c->nplayed = 1;
        int v;
        v = scout(c, search_follow, 0, i == 0, maxi, a, bt);
        c->nplayed = 0;
        c->led = saved_led;
        c->hand_points += pts;
        c->tmask = 0;
        c->hand[L] ^= bit;
        if (maxi) {
            if (v > best) {
                best = v;
                best_move = b;
                if (v > a) {
                    a = v;
                    if (a >= bt) {
                        KZ_COUNT(lcut[i < 3 ? i : 3]);
                        remember_cut(c, b);
                        break;
                    }
                }
            }
        } else {
            if (v < best) {
                best = v;
                best_move = b;
                if (v < bt) {
                    bt = v;
                    if (a >= bt) {
                        KZ_COUNT(lcut[i < 3 ? i : 3]);
                        remember_cut(c, b);
                        break;
                    }
                }
            }
        }
        if (rest) {
            nm = 1 + order_moves(c, L, rest, -1, moves + 1);
            rest = 0;
        }
    }
    {
        int nlo = lo, nhi = hi;
        if (best <= a0) {
            if (best < nhi)
                nhi = best;
        } else if (best >= b0) {
            if (best > nlo)
                nlo = best;
        } else {
            nlo = nhi = best;
        }
        tt_store(c->tt, k0, k1, nlo, nhi, best_move >= 0 ? move_to_canon(c, best_move) : 255, n);
    }
    return best;
}

static int search(Ctx *c, int alpha, int beta)
{
    if (c->ended)
        return c->end_value;
    return c->nplayed == 0 ? search_lead(c, alpha, beta) : search_follow(c, alpha, beta);
}

/* ---------------------------------------------------------------------------------------- */
/* Playing cards at the root (with undo), and the drivers                                     */

/* plays card b for the player to move; returns the points NS took if the trick ended */
static int push(Ctx *c, int b, Undo *u)
{
    const kz_rules *r = c->r;
    int k = c->nplayed;
    int p = (c->leader + k) & 3;
    u->seat = p;
    u->card = b;
    u->leader = c->leader;
    u->nplayed = k;
    u->win_seat = c->win_seat;
    u->win_card = c->win_card;
    u->tpoints = c->tpoints;
    u->led_suit = c->led_suit;
    u->led = c->led;
    u->tmask = c->tmask;
    u->ns_taken = c->ns_taken;
    u->ended = c->ended;
    memcpy(u->tcard, c->tcard, sizeof u->tcard);
    uint64_t bit = BIT(b);
    c->hand[p] ^= bit;
    c->hand_points -= r->points[b];
    if (k == 0) {
        c->tmask = bit;
        c->win_seat = p;
        c->win_card = b;
        c->tpoints = r->points[b];
        c->led_suit = r->suit[b];
        if (c->led_suit < KZ_TRUMP)
            c->led |= 1 << c->led_suit;
    } else {
        c->tmask |= bit;
        if (beats(r, b, c->win_card, c->led_suit)) {
            c->win_seat = p;
            c->win_card = b;
        }
        c->tpoints += r->points[b];
    }
    c->tcard[k] = b;
    if (k < 3) {
        c->nplayed = k + 1;
        return 0;
    }
    int caught = r->catch_mask ? caught_side(c) : -1;
    if (caught >= 0) {
        /* the catch ends the deal: what is left counts for no one */
        c->ended = 1;
        c->end_value = catch_value(c, caught);
        c->nplayed = 4;
        return 0;
    }
    int g = c->mode ? 1 : c->tpoints;
    int gns = (c->win_seat & 1) ? 0 : g;
    c->leader = c->win_seat;
    c->nplayed = 0;
    c->tmask = 0;
    c->tpoints = 0;
    c->ns_taken += gns;
    return gns;
}

static void pop(Ctx *c, const Undo *u)
{
    c->hand[u->seat] ^= BIT(u->card);
    c->hand_points += c->r->points[u->card];
    c->leader = u->leader;
    c->nplayed = u->nplayed;
    c->win_seat = u->win_seat;
    c->win_card = u->win_card;
    c->tpoints = u->tpoints;
    c->led_suit = u->led_suit;
    c->led = u->led;
    c->tmask = u->tmask;
    c->ns_taken = u->ns_taken;
    c->ended = u->ended;
    memcpy(c->tcard, u->tcard, sizeof c->tcard);
}

static int to_move(const Ctx *c) { return (c->leader + c->nplayed) & 3; }

static int future_total(const Ctx *c)
{
    if (c->mode)
        return kz_popcount(c->hand[to_move(c)]);
    return c->hand_points + (c->nplayed ? c->tpoints : 0);
}

/* null-window test: NS future points after card b (or of the node when b < 0) >= t ? */
static int probe(Ctx *c, int b, int t)
{
    KZ_COUNT(probes);
    if (b < 0)
        return search(c, t - 1, t);
    Undo u;
    int g = push(c, b, &u);
    int v = g + search(c, t - 1 - g, t - g);
    pop(c, &u);
    return v;
}

/* Narrows [*lo, *hi] (NS points after card b, or of the node when b < 0) to the value by
 * aspiration windows: a first search with the window (guess - below, guess + above), then
 * after each failure one with guess -+ ASPIRATION next to the bound the failure returned.
 * Inside, nodes scout their later moves with a null window (principal variation search).
 * On 10 middling deals this took 3% fewer instructions than null-window probes (MTD(f) with
 * galloping and bisection), and 5 was the best width of 2..8. */
#define ASPIRATION 5
static void narrow(Ctx *c, int b, int guess, int below, int above, int *lo, int *hi)
{
    int al = guess - below, be = guess + above;
    while (*lo < *hi) {
        if (al < *lo - 1)
            al = *lo - 1;
        if (be > *hi + 1)
            be = *hi + 1;
        if (al >= be - 1) {
            al = *lo - 1;
            be = *hi + 1;
        }
#ifdef KZ_TRACE
        uint64_t n0 = c->nodes;
#endif
        KZ_COUNT(probes);
        int v;
        if (b < 0) {
            v = search(c, al, be);
        } else {
            Undo u;
            int gained = push(c, b, &u);
            v = gained + search(c, al - gained, be - gained);
            pop(c, &u);
        }
#ifdef KZ_TRACE
        fprintf(stderr, "  card %2d window (%3d,%3d) -> %3d  [%3d,%3d] nodes %llu\n", b, al, be, v,
                *lo, *hi, (unsigned long long)(c->nodes - n0));
#endif
        if (v <= al) {
            *hi = v;
            al = v + 1 - 2 * ASPIRATION;
            be = v + 1;
        } else if (v >= be) {
            *lo = v;
            al = v - 1;
            be = v - 1 + 2 * ASPIRATION;
        } else {
            *lo = *hi = v;
        }
    }
}

/* A first guess at the NS future points after card b: every player then plays the card the
 * move ordering puts first.  Rough (often 10 points off), but better than the middle. */
static int playout(Ctx *c, int b)
{
    Undo u[KZ_MAX_CARDS];
    int depth = 0, got = push(c, b, &u[depth++]);
    for (;;) {
        int p = to_move(c);
        if (c->ended) {
            got += c->end_value;
            break;
        }
        if (!c->hand[p])
            break;
        int moves[MAX_MOVES];
        order_moves(c, p, representatives(c, legal_moves(c, p)), -1, moves);
        got += push(c, moves[0], &u[depth++]);
    }
    while (depth > 0)
        pop(c, &u[--depth]);
    return got;
}

static void to_mover(const Ctx *c, int mover, int total, int lo, int hi, int *mlo, int *mhi)
{
    (void)c;
    if (mover & 1) {
        *mlo = total - hi;
        *mhi = total - lo;
    } else {
        *mlo = lo;
        *mhi = hi;
    }
}

typedef struct {
    Ctx *c;
    const kz_query *q;
    kz_answer *a;
    int ns_lo[KZ_MAX_CARDS], ns_hi[KZ_MAX_CARDS];
    int rep[KZ_MAX_CARDS];
    int value_lo, value_hi;
    Undo pv_undo[KZ_MAX_CARDS];
    int pv_depth;
} Driver;

/* The legal cards of the mover into a->card (from the top of each suit down), each with the
 * widest bounds and its class of equivalent cards (d->rep); the classes' representatives go
 * to `order`, likeliest best first.  Returns how many there are. */
static int card_classes(Driver *d, int *order)
{
    Ctx *c = d->c;
    const kz_rules *r = c->r;
    kz_answer *a = d->a;
    int mover = to_move(c);
    int total = future_total(c);
    uint64_t legal = legal_moves(c, mover);
    uint64_t live = c->hand[0] | c->hand[1] | c->hand[2] | c->hand[3] | c->tmask;
    a->ncards = 0;
    int lo0, hi0;
    base_bounds(c, total, &lo0, &hi0);
    for (uint64_t m = legal; m; m &= ~BIT(kz_high(m))) {
        int b = kz_high(m);
        int i = a->ncards++;
        a->card[i] = b;
        d->ns_lo[i] = lo0;
        d->ns_hi[i] = hi0;
        d->rep[i] = i;
        uint64_t above = live & r->suit_mask[r->suit[b]] & ~(BIT(b + 1) - 1);
        if (above) {
            int nb = kz_low(above);
            if ((legal >> nb & 1) && r->points[nb] == r->points[b] &&
                !((r->singles >> nb | r->singles >> b) & 1)) {
                for (int j = 0; j < i; j++)
                    if (a->card[j] == nb)
                        d->rep[i] = d->rep[j];
            }
        }
    }
    uint64_t reps = 0;
    for (int i = 0; i < a->ncards; i++)
        if (d->rep[i] == i)
            reps |= BIT(a->card[i]);
    return order_moves(c, mover, reps, -1, order);
}

/* index of card b in a->card; its bounds are copied to the cards of its class */
static int card_index(const Driver *d, int b)
{
    int i = 0;
    while (d->a->card[i] != b)
        i++;
    return i;
}

static void share_bounds(Driver *d, int i)
{
    for (int m = 0; m < d->a->ncards; m++)
        if (d->rep[m] == i) {
            d->ns_lo[m] = d->ns_lo[i];
            d->ns_hi[m] = d->ns_hi[i];
        }
}

static void run_analyse(Driver *d)
{
    Ctx *c = d->c;
    int mover = to_move(c);
    int order[KZ_MAX_CARDS];
    int nr = card_classes(d, order);
    /* The first card (the likeliest best) from a played-out guess; each next one from the value
     * before it, with a window leaning to the worse side for the mover: later cards are rarely
     * better, and often exactly as good (this lean saved 5% of the instructions). */
    int guess = 0;
    int worse = 4, better = 1;
    for (int j = 0; j < nr; j++) {
        int i = card_index(d, order[j]);
        if (j == 0)
            narrow(c, order[j], playout(c, order[j]), ASPIRATION, ASPIRATION, &d->ns_lo[i],
                   &d->ns_hi[i]);
        else if (mover & 1)
            narrow(c, order[j], guess, better, worse, &d->ns_lo[i], &d->ns_hi[i]);
        else
            narrow(c, order[j], guess, worse, better, &d->ns_lo[i], &d->ns_hi[i]);
        share_bounds(d, i);
        guess = d->ns_lo[i];
    }
}

/* For every card, null-window tests at the targets only, until no target lies inside its
 * bounds: the test nearest a guess first (a played-out line for the first card, then the
 * bound the card before settled on). */
static void run_brackets(Driver *d)
{
    Ctx *c = d->c;
    const kz_query *q = d->q;
    int mover = to_move(c);
    int total = future_total(c);
    int cut[KZ_MAX_TARGETS], ncut = 0;
    for (int k = 0; k < q->ntargets && k < KZ_MAX_TARGETS; k++)   /* as NS >= t tests */
        cut[ncut++] = (mover & 1) ? total - q->targets[k] + 1 : q->targets[k];
    int order[KZ_MAX_CARDS];
    int nr = card_classes(d, order);
    int guess = 0;
    for (int j = 0; j < nr; j++) {
        int i = card_index(d, order[j]);
        if (j == 0)
            guess = playout(c, order[j]);
        for (;;) {
            int t = 0, dist = 1 << 20;   /* targets may be negative under the catch */
            for (int k = 0; k < ncut; k++) {
                int x = cut[k];
                int dd = x > guess ? x - guess : guess - x;
                if (d->ns_lo[i] < x && x <= d->ns_hi[i] && dd < dist) {
                    t = x;
                    dist = dd;
                }
            }
            if (dist == 1 << 20)
                break;
            int v = probe(c, order[j], t);
            if (v >= t)
                d->ns_lo[i] = v < d->ns_hi[i] ? v : d->ns_hi[i];
            else
                d->ns_hi[i] = v > d->ns_lo[i] ? v : d->ns_lo[i];
        }
        share_bounds(d, i);
        guess = d->ns_lo[i] + (d->ns_hi[i] - d->ns_lo[i]) / 2;
    }
}

/* a principal variation: from the best card on, each move keeps the value */
static void run_pv(Driver *d, int first, int ns_value)
{
    Ctx *c = d->c;
    kz_answer *a = d->a;
    int t = ns_value;
    a->pv_len = 0;
    d->pv_depth = 0;
    int b = first;
    for (;;) {
        t -= push(c, b, &d->pv_undo[d->pv_depth++]);
        a->pv[a->pv_len++] = b;
        int p = to_move(c);
        if (c->ended || !c->hand[p])
            break;
        uint64_t reps = representatives(c, legal_moves(c, p));
        int moves[MAX_MOVES];
        int nm = order_moves(c, p, reps, -1, moves);
        int chosen = moves[0];
        if (nm > 1) {
            for (int i = 0; i < nm; i++) {
                int v;
                if (p & 1) {
                    v = probe(c, moves[i], t + 1);
                    if (v <= t) {
                        chosen = moves[i];
                        break;
                    }
                } else {
                    v = probe(c, moves[i], t);
                    if (v >= t) {
                        chosen = moves[i];
                        break;
                    }
                }
            }
        }
        b = chosen;
    }
}

static int guarded(Driver *d, int stage)
{
    jmp_buf jb;
    d->c->abort_to = &jb;
    if (setjmp(jb))
        return 1;
    Ctx *c = d->c;
    const kz_query *q = d->q;
    kz_answer *a = d->a;
    switch (q->kind) {
    case KZ_ANALYSE:
        if (stage == 0) {
            run_analyse(d);
        } else {
            int mover = to_move(c);
            int best = -1, best_v = -100000, best_card = 99;
            for (int i = 0; i < a->ncards; i++) {
                int mlo, mhi;
                to_mover(c, mover, a->total, d->ns_lo[i], d->ns_hi[i], &mlo, &mhi);
                int card = c->r->label[a->card[i]];
                (void)mhi;
                /* ties go to the lowest card index, which the binding compares */
                if (mlo > best_v || (mlo == best_v && card < best_card)) {
                    best = i;
                    best_v = mlo;
                    best_card = card;
                }
            }
            if (best >= 0)
                run_pv(d, a->card[best], d->ns_lo[best]);
        }
        break;
    case KZ_BRACKETS:
        run_brackets(d);
        break;
    case KZ_VALUE: {
        int mover = to_move(c), first[MAX_MOVES];
        if (d->value_lo < d->value_hi) {
            order_moves(c, mover, representatives(c, legal_moves(c, mover)), -1, first);
            narrow(c, -1, playout(c, first[0]), ASPIRATION, ASPIRATION, &d->value_lo,
                   &d->value_hi);
        }
        break;
    }
    case KZ_REACHES:
    case KZ_ALL_TRICKS: {
        int mover = to_move(c);
        int total = future_total(c);
        int t, want_ge;
        if (q->kind == KZ_REACHES) {
            if (!(mover & 1)) {
                t = q->target;
                want_ge = 1;
            } else {
                t = total - q->target + 1;   /* EW reach target <=> NS <= total - target */
                want_ge = 0;
            }
        } else if (q->team == 0) {
            t = total;
            want_ge = 1;
        } else {
            t = 1;
            want_ge = 0;
        }
        int vmin, vmax;
        base_bounds(c, total, &vmin, &vmax);
        if (t <= vmin)
            a->yes = want_ge;
        else if (t > vmax)
            a->yes = !want_ge;
        else
            a->yes = (probe(c, -1, t) >= t) == want_ge;
        break;
    }
    default:
        break;
    }
    return 0;
}

int kz_run(const kz_rules *rules, kz_tt *tt, const kz_position *pos, const kz_query *q,
           kz_answer *a)
{
    Ctx ctx;
    Ctx *c = &ctx;
    memset(c, 0, sizeof *c);
    memset(a, 0, sizeof *a);
    c->r = rules;
    c->tt = tt;
    if (tt->fingerprint != rules->fingerprint) {
        if (tt->fingerprint)
            kz_tt_clear(tt);
        tt->fingerprint = rules->fingerprint;
    }
    tt->gen++;
    /* the position */
    uint64_t seen = 0;
    for (int s = 0; s < 4; s++) {
        if (pos->hand[s] & (seen | ~rules->deck_mask))
            return KZ_BAD_POSITION;
        seen |= pos->hand[s];
        c->hand[s] = pos->hand[s];
    }
    if (pos->ntrick < 0 || pos->ntrick > 3 || pos->leader < 0 || pos->leader > 3)
        return KZ_BAD_POSITION;
    c->leader = pos->leader;
    c->led = pos->led & 15;
    c->mode = q->kind == KZ_ALL_TRICKS ? 1 : 0;
    c->ns_taken = pos->ns_taken;
    c->catch_fail = q->team == 0 ? -100 : 100;
    c->hand_points = mask_points(rules, seen);
    for (int i = 0; i < pos->ntrick; i++) {
        int b = pos->trick[i];
        if (b < 0 || b >= rules->ncards || (seen >> b & 1))
            return KZ_BAD_POSITION;
        seen |= BIT(b);
        int p = (c->leader + i) & 3;
        c->hand[p] |= BIT(b);   /* played again below, through the ordinary path */
        c->hand_points += rules->points[b];
    }
    for (int i = 0; i < pos->ntrick; i++) {
        Undo u;
        push(c, pos->trick[i], &u);
    }
    {   /* hands must be as the trick implies */
        int p = to_move(c);
        int n = kz_popcount(c->hand[p]);
        for (int i = 0; i < 4; i++) {
            int q2 = (c->leader + i) & 3;
            int want = i < c->nplayed ? n - 1 : n;
            if (kz_popcount(c->hand[q2]) != want)
                return KZ_BAD_POSITION;
        }
        if (n == 0 && c->nplayed)
            return KZ_BAD_POSITION;
    }
    c->deadline = q->budget > 0 ? now_seconds() + q->budget : 0;
    c->cancel = q->cancel;
    c->cancel_seen = q->cancel_seen;
    c->next_check = CHECK_EVERY;

    Driver *d = (Driver *)calloc(1, sizeof(Driver));
    if (!d)
        return KZ_NO_MEMORY;
    d->c = c;
    d->q = q;
    d->a = a;
    a->total = future_total(c);
    base_bounds(c, a->total, &d->value_lo, &d->value_hi);
    int aborted = 0;
    int mover = to_move(c);
    if ((q->kind == KZ_ANALYSE || q->kind == KZ_BRACKETS) && !c->hand[mover]) {
        a->ncards = 0;   /* nothing left to play */
    } else {
        aborted = guarded(d, 0);
        /* out of time while finding the line: the values stand, the line is cut short */
        if (!aborted && q->kind == KZ_ANALYSE && q->with_pv)
            guarded(d, 1);
    }
    if (q->kind == KZ_ANALYSE || q->kind == KZ_BRACKETS) {
        for (int i = 0; i < a->ncards; i++)
            to_mover(c, mover, a->total, d->ns_lo[i], d->ns_hi[i], &a->lo[i], &a->hi[i]);
    }
    to_mover(c, mover, a->total, d->value_lo, d->value_hi, &a->value_lo, &a->value_hi);
    a->exact = !aborted;
    a->nodes = c->nodes;
    free(d);
    return KZ_OK;
}
