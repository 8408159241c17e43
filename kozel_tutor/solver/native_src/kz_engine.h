/* kz_engine.h - double-dummy card-point solver for Kozel (no Python in here).
 *
 * Cards are *internal bits*: every effective suit (plain suits, then the trumps) occupies a
 * contiguous run of bits ordered by strength, weakest lowest, with the trumps in the highest
 * run.  So within one effective suit a higher bit wins, and a trump beats every plain card.
 * The caller (the Python binding) builds the tables from the rules' card order.
 *
 * Values are the future card points (cards in the hands and in the current trick) of side NS
 * internally; the queries report them for the side of the player to move.
 */
#ifndef KZ_ENGINE_H
#define KZ_ENGINE_H

#include <stddef.h>
#include <stdint.h>

/* A counter shared between threads (the cancel count of kz_query): C11 atomics, or MSVC's
 * interlocked intrinsics where its C11 mode has no <stdatomic.h>. */
#if defined(_MSC_VER) && defined(__STDC_NO_ATOMICS__)
#include <intrin.h>
typedef volatile long kz_counter;
#define kz_counter_load(p) _InterlockedOr((p), 0)
#define kz_counter_bump(p) ((void)_InterlockedIncrement(p))
#else
#include <stdatomic.h>
typedef _Atomic long kz_counter;
#define kz_counter_load(p) atomic_load(p)
#define kz_counter_bump(p) ((void)atomic_fetch_add((p), 1))
#endif

#define KZ_TRUMP 4
#define KZ_MAX_CARDS 64

#define KZ_NO_TRUMP_LEAD_WITH_PLAIN 1
#define KZ_ACE_DUMP_BAN 2
#define KZ_CATCH 4                   /* catch_six falling with catch_queen from the other side
                                        ends the deal; see kz_rules.catch_points */

typedef struct kz_rules {
    int ncards;                      /* internal bits in use (the deck size, at most 36) */
    int flags;                       /* KZ_NO_TRUMP_LEAD_WITH_PLAIN, KZ_ACE_DUMP_BAN, KZ_CATCH */
    uint8_t suit[KZ_MAX_CARDS];      /* effective suit of a bit: 0..3 plain, 4 trump */
    uint8_t points[KZ_MAX_CARDS];
    uint64_t ace[4];                 /* bit of the ace of each plain suit (ace-dump ban), or 0 */
    uint8_t label[KZ_MAX_CARDS];     /* the caller's name of a bit: breaks ties between best cards */
    int catch_six, catch_queen;      /* KZ_CATCH: the two bits (the 6 and the queen of clubs) */
    int catch_points;                /* KZ_CATCH: final points of the side caught (the rest to
                                        the other side), whatever was taken before */
    /* derived by kz_rules_finish */
    uint64_t suit_mask[5];
    uint64_t can_win[5];             /* by led suit: its cards and the trumps */
    uint64_t deck_mask;
    uint64_t unled_aces[16];         /* aces banned from a discard, by mask of suits led */
    uint64_t suits_aces;             /* all of ace[] */
    uint64_t singles;                /* cards never merged with a neighbour (the catch cards) */
    uint64_t catch_mask;             /* both catch cards, or 0 */
    int nchunks;                     /* runs of 2..4 equal-point neighbours (key compaction) */
    uint8_t chunk_lo[KZ_MAX_CARDS], chunk_len[KZ_MAX_CARDS];
    int8_t chunk_of[KZ_MAX_CARDS];
    uint64_t chunk_step;             /* cards whose next card up is in the same chunk */
    uint64_t suit_next;              /* cards whose next card up is of the same suit */
    uint64_t alike_next;             /* ... and worth the same, neither of them a single */
    int npoint_groups;               /* card values other than 0, ascending */
    int point_value[8];
    uint64_t point_mask[8];
    uint64_t point_cards;            /* the cards worth something */
    uint64_t fingerprint;            /* of everything above that decides a value */
} kz_rules;

/* Returns 0, or -1 when the tables are inconsistent. */
int kz_rules_finish(kz_rules *rules);

typedef struct kz_tt kz_tt;

kz_tt *kz_tt_new(size_t bytes);
void kz_tt_free(kz_tt *tt);
void kz_tt_clear(kz_tt *tt);
size_t kz_tt_bytes(const kz_tt *tt);

typedef struct kz_position {
    uint64_t hand[4];                /* internal masks, seat N=0 E=1 S=2 W=3 */
    int leader;
    int ntrick;                      /* cards already played to the current trick */
    int trick[3];                    /* their internal bits, from the leader */
    int led;                         /* internal plain suits led in earlier tricks */
    int ns_taken;                    /* points NS took before (only the catch reads it) */
} kz_position;

enum kz_query_kind {
    KZ_ANALYSE = 0,    /* exact value of every legal card, and a principal variation */
    KZ_VALUE = 1,      /* exact value of the position */
    KZ_REACHES = 2,    /* does the mover's side reach `target` future points? */
    KZ_ALL_TRICKS = 3, /* can side `team` take every remaining trick? */
    KZ_BRACKETS = 4    /* for every legal card, which of `targets` the mover's side reaches:
                          bounds that no target splits (cheaper than the exact values) */
};

#define KZ_MAX_TARGETS 8

typedef struct kz_query {
    int kind;
    int target;                      /* KZ_REACHES */
    int team;                        /* KZ_ALL_TRICKS: 0 NS, 1 EW */
    double budget;                   /* seconds; <= 0 means none */
    kz_counter *cancel;              /* polled with the clock when not NULL: the search stops
                                        once it differs from cancel_seen */
    long cancel_seen;                /* *cancel when the query was asked */
    int with_pv;                     /* KZ_ANALYSE: also find a principal variation */
    int ntargets;                    /* KZ_BRACKETS: future points of the mover's side */
    int targets[KZ_MAX_TARGETS];
} kz_query;

typedef struct kz_answer {
    int ncards;                      /* legal cards of the mover */
    int card[KZ_MAX_CARDS];          /* internal bits */
    int lo[KZ_MAX_CARDS], hi[KZ_MAX_CARDS];   /* bounds, mover's side */
    int value_lo, value_hi;          /* KZ_VALUE: bounds on the position's value, mover's side */
    int yes;                         /* KZ_REACHES / KZ_ALL_TRICKS */
    int exact;                       /* 0 when the budget ran out or the search was cancelled */
    int pv_len;
    int pv[KZ_MAX_CARDS];
    int total;                       /* future points of the position */
    uint64_t nodes;
} kz_answer;

enum kz_status {
    KZ_OK = 0,
    KZ_BAD_POSITION = -1,            /* never for positions built by the binding from a
                                        validated deal */
    KZ_NO_MEMORY = -2
};

/* Runs one query; the table keeps what it learnt for later queries on the same rules.
 * Returns a kz_status. */
int kz_run(const kz_rules *rules, kz_tt *tt, const kz_position *pos, const kz_query *query,
           kz_answer *answer);

#endif
