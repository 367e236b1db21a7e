/* Small double-dummy positions solved exactly, compiled: the solver of
 * cavendish.players.classical.ending (Ending.score) written in C, and the DD
 * layer's (cavendish.analysis.dd) for positions of a few cards a hand.
 *
 * Design note
 * -----------
 * The classical player counts the last four tricks over up to 48 layouts a card
 * (counting.py), and the search players (through cavendish.analysis.dd) solve
 * thousands of positions a decision; DDS (through endplay) costs about a quarter
 * of a millisecond of CPU a position whatever its size, most of it set-up.  This
 * module solves small positions with the same answer (exact values are unique),
 * tens of times faster than DDS at four cards a hand and still faster at six:
 *
 *   - alpha-beta card by card, the value being the tricks North-South take from the
 *     position on (an absolute value, so every search shares the table);
 *   - each legal card's exact value by tests of a null window (MTD(f)), starting
 *     from the best value so far: a test is far cheaper than a full window;
 *   - at the start of each trick, the tricks each side is sure of (the leader's
 *     top cards he can cash, a hand's top trumps) bound the value, often enough
 *     to answer the window without a search;
 *   - a transposition table of bounds at the start of each trick, keyed by the
 *     four hands with their ranks compressed to the live cards (positions alike
 *     but for the ranks of cards gone share an entry) and the leader, kept between
 *     calls (tagged with the trump suit), so the layouts of one count and the
 *     positions of a decision share it; each entry holds the best lead, tried
 *     first; two tables, replaced newest first: 4096 entries for endings of up to
 *     four cards a hand (the counts: larger measured slower), 65536 for more;
 *   - a card is tried once for its run: the cards of one hand next to each other
 *     among the live cards of their suit (the trick's included) take the same
 *     tricks; leads are ordered by the history of the leads that cut off;
 *   - the last trick is read off, not searched.
 *
 * Cards are 13 * suit + rank (rank 0 is the two), hands 52-bit masks N E S W, as in
 * cavendish.core.cards.  score() solves one position, score_many() the layouts of a
 * count, clear() empties the tables; ending.py and dd.py wrap them and fall back to
 * the Python solver or DDS when this module was not built.  The interpreter's lock
 * is held throughout, so the tables are never searched by two threads at once.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;

/* two tables: a small one for endings of up to SMALL_CARDS a hand (the classical
 * player's counts: many small solves, the table kept in cache), a larger one,
 * allocated on first use, for the DD layer's bigger positions; WAYS entries a
 * bucket, a bucket for the suit lengths of the four hands and the leader */
#define SMALL_CARDS 4
#define WAYS 4
static const int TT_BITS[2] = {12, 15}; /* entries, as a power of two */

typedef struct {
    u64 lens;   /* the suit lengths of the four hands, a nibble each (16 * hand + 4 * suit) */
    u64 rel;    /* the relevant cards, ranks compressed: each suit's top live cards down
                 * to the lowest that decided anything (see start) */
    u64 own[3]; /* N's, E's and S's cards among them (W holds the rest) */
    int8_t leader; /* -1: empty */
    int8_t trump;
    int8_t lo, hi;
    int8_t best; /* the lead that was best (or cut off), compressed; -1: none */
} Entry;

static Entry *tables[2] = {NULL, NULL};
static uint8_t *victims[2] = {NULL, NULL}; /* each bucket's next way to replace */
static Entry *table = NULL;  /* the table of the current solve */
static uint8_t *victim = NULL;
static u64 bucket_mask = 0;

typedef struct {
    u64 h[4];
    int trick[4];
    int k;      /* cards on the table */
    int leader; /* of the current trick */
    int trump;
} State;

/* the bits set in each 13-bit suit */
static uint8_t count13[1 << 13];

static const u64 SUIT_MASK = 0x1FFFull;

/* for each seat and card, how often (weighted by the tricks left) its lead cut off */
static unsigned history[4][52];

/* counted in a few instructions (__builtin_popcountll, without -mpopcnt, is a call) */
static inline int popcount(u64 x) {
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}
static inline int lowbit(u64 x) { return __builtin_ctzll(x); }
static inline int highbit(u64 x) { return 63 - __builtin_clzll(x); }

static inline int beats(int card, int best, int trump) {
    if (card / 13 == best / 13) return card > best;
    return card / 13 == trump;
}

static inline u64 suit_of(int card) { return SUIT_MASK << (13 * (card / 13)); }

/* the top card of each run among ``legal`` (cards of ``hand``), runs within ``live`` */
static int tops(u64 legal, u64 hand, u64 live, int *out) {
    int n = 0;
    while (legal) {
        int c = highbit(legal);
        legal &= ~(1ull << c);
        u64 above = live & suit_of(c) & ~((2ull << c) - 1);
        if (above && (hand >> lowbit(above) & 1)) continue; /* the next live card up is ours */
        out[n++] = c;
    }
    return n;
}

/* the hands with the ranks of each suit compressed to the live cards, from the top
 * down (the ace stays the ace, the next live card becomes the king...): positions
 * alike but for the ranks of cards gone take the same tricks, and share an entry */
static void norm(const u64 *h, u64 *out) {
    out[0] = out[1] = out[2] = out[3] = 0;
    u64 live = h[0] | h[1] | h[2] | h[3];
    for (int suit = 0; suit < 4; suit++) {
        u64 l = live & (SUIT_MASK << (13 * suit));
        int to = 13 * suit + 12;
        while (l) {
            int c = highbit(l);
            u64 bit = 1ull << c;
            l &= ~bit;
            u64 put = 1ull << to--;
            if (h[0] & bit) out[0] |= put;
            else if (h[1] & bit) out[1] |= put;
            else if (h[2] & bit) out[2] |= put;
            else out[3] |= put;
        }
    }
}

/* a card's compressed rank (within ``live``), and back */
static inline int compress(int card, u64 live) {
    u64 above = live & suit_of(card) & ~((2ull << card) - 1);
    return 13 * (card / 13) + 12 - popcount(above);
}

static inline int expand(int packed, u64 live) {
    u64 l = live & suit_of(packed);
    for (int skip = 12 - packed % 13; skip > 0 && l; skip--) l &= ~(1ull << highbit(l));
    return l ? highbit(l) : -1;
}

/* the bucket of a position: its suit lengths, leader and trump */
static inline u64 mix(u64 lens, int leader, int trump) {
    u64 x = (lens + (u64)(leader * 5 + trump)) * 0x9E3779B97F4A7C15ull;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 32;
    return x;
}

/* the suit lengths of the four hands, a nibble each */
static inline u64 lengths(const u64 *h) {
    u64 out = 0;
    for (int i = 0; i < 4; i++)
        for (int suit = 0; suit < 4; suit++)
            out |= (u64)count13[(h[i] >> (13 * suit)) & SUIT_MASK] << (16 * i + 4 * suit);
    return out;
}

/* the relevant cards ``rel`` of a position with ``live`` cards, ranks compressed: in
 * each suit, every live card from the top down to the lowest relevant one */
static u64 compress_rel(u64 rel, u64 live) {
    u64 out = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 r = (rel >> (13 * suit)) & SUIT_MASK;
        if (!r) continue;
        u64 l = (live >> (13 * suit)) & SUIT_MASK;
        int k = count13[l & ~((1u << lowbit(r)) - 1)];
        out |= ((SUIT_MASK << (13 - k)) & SUIT_MASK) << (13 * suit);
    }
    return out;
}

/* and back: compressed relevant cards as the live cards of a position */
static u64 expand_rel(u64 packed, u64 live) {
    u64 out = 0;
    for (int suit = 0; suit < 4; suit++) {
        int k = count13[(packed >> (13 * suit)) & SUIT_MASK];
        u64 l = live & (SUIT_MASK << (13 * suit));
        for (; k > 0 && l; k--) {
            u64 bit = 1ull << highbit(l);
            out |= bit;
            l &= ~bit;
        }
    }
    return out;
}

/* the top live cards of ``suit`` held by ``hand`` in a row (as a mask) */
static inline u64 top_run(u64 hand, u64 live, int suit) {
    u64 l = live & (SUIT_MASK << (13 * suit));
    u64 run = 0;
    while (l) {
        u64 bit = 1ull << highbit(l);
        if (!(hand & bit)) break;
        run |= bit;
        l &= ~bit;
    }
    return run;
}

/* the ``k`` highest cards of ``cards`` */
static inline u64 highest(u64 cards, int k) {
    u64 out = 0;
    for (; k > 0 && cards; k--) {
        u64 bit = 1ull << highbit(cards);
        out |= bit;
        cards &= ~bit;
    }
    return out;
}

static inline int max2(int a, int b) { return a > b ? a : b; }
static inline int min2(int a, int b) { return a < b ? a : b; }

/* the trumps of ``hand`` above every trump of the other side (``theirs``), each of
 * which takes a trick for its side (the card wins, or a partner's higher trump), one
 * a trick as a hand plays one card to each; *rel: those cards, and the other side's
 * best trump, whose rank sets them above */
static inline int trumps_above(u64 hand, u64 theirs, u64 tm, u64 *rel) {
    u64 mine = hand & tm;
    if (!theirs) {
        *rel = 0; /* the count is the length */
        return popcount(mine);
    }
    int top = highbit(theirs);
    u64 above = mine & ~((2ull << top) - 1);
    *rel = above | (1ull << top);
    return popcount(above);
}

/* tricks each side surely takes from the start of a trick (sure[0]: the leader's),
 * with the cards each count rests on (rel[0], rel[1]):
 *   - the leader cashes his top cards, suit by suit: a suit other than trumps only
 *     as long as each opponent who holds a trump still follows (an opponent's cards
 *     of the suit go only to its own rounds: he follows the others, or holds no
 *     trump any more), and in all no more of them than his partner, if he holds a
 *     trump, has other cards to play to them (else he might have to ruff and take
 *     the lead);
 *   - a hand's trumps above all of the other side's each take a trick. */
static void sure_tricks(const State *s, int n, int *sure, u64 *rel) {
    int L = s->leader, P = (L + 2) & 3, O1 = (L + 1) & 3, O2 = (L + 3) & 3;
    const u64 *h = s->h;
    u64 live = h[0] | h[1] | h[2] | h[3];
    int trump = s->trump;
    u64 tm = trump < 4 ? SUIT_MASK << (13 * trump) : 0;
    int cash = 0, side = 0;
    u64 cashed = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 run = top_run(h[L], live, suit);
        if (!run) continue;
        int r = popcount(run);
        if (suit == trump || !tm) {
            cash += r;
            cashed |= run;
            continue;
        }
        u64 sm = SUIT_MASK << (13 * suit);
        if (h[O1] & tm) r = min2(r, popcount(h[O1] & sm));
        if (h[O2] & tm) r = min2(r, popcount(h[O2] & sm));
        side += r;
        cashed |= highest(run, r);
    }
    if (h[P] & tm) side = min2(side, popcount(h[P] & ~tm));
    cash += side;
    rel[0] = cashed;
    rel[1] = 0;
    sure[1] = 0;
    if (tm) {
        u64 ours = (h[L] | h[P]) & tm, theirs = (h[O1] | h[O2]) & tm, r;
        int t = trumps_above(h[L], theirs, tm, &r);
        if (t > cash) { cash = t; rel[0] = r; }
        t = trumps_above(h[P], theirs, tm, &r);
        if (t > cash) { cash = t; rel[0] = r; }
        t = trumps_above(h[O1], ours, tm, &r);
        if (t > sure[1]) { sure[1] = t; rel[1] = r; }
        t = trumps_above(h[O2], ours, tm, &r);
        if (t > sure[1]) { sure[1] = t; rel[1] = r; }
    }
    sure[0] = min2(cash, n);
}

static int search(State *s, int alpha, int beta, int first, int *best_move, u64 *rel);

/* the cards of the last trick: the winner's rank decided it if another card of its suit
 * was played to it (else it won by being alone in its suit, whatever its rank) */
static inline u64 decided(const int *trick, int at) {
    int w = trick[at];
    for (int i = 0; i < 4; i++)
        if (i != at && trick[i] / 13 == w / 13) return 1ull << w;
    return 0;
}

/* North-South's tricks from the start of a trick, within (alpha, beta); *rel: the cards
 * whose ranks the answer rests on (a position with the same suit lengths, the same
 * leader and the same holders of each suit's live cards down to the lowest of them
 * has the same answer: partition search) */
static int start(State *s, int alpha, int beta, u64 *rel) {
    int n = popcount(s->h[s->leader]);
    *rel = 0;
    if (n == 0) return 0;
    if (n == 1) {
        int trick[4], at = 0;
        for (int i = 0; i < 4; i++) trick[i] = highbit(s->h[(s->leader + i) & 3]);
        for (int i = 1; i < 4; i++)
            if (beats(trick[i], trick[at], s->trump)) at = i;
        *rel = decided(trick, at);
        return ((s->leader + at) & 1) ? 0 : 1;
    }
    /* the sure tricks bound the value: often enough to answer the window */
    int sure[2];
    u64 srel[2];
    sure_tricks(s, n, sure, srel);
    int ew = s->leader & 1;
    int lo = ew ? sure[1] : sure[0];
    int hi = n - (ew ? sure[0] : sure[1]);
    u64 lo_rel = ew ? srel[1] : srel[0], hi_rel = ew ? srel[0] : srel[1];
    if (lo >= beta) { *rel = lo_rel; return lo; }
    if (hi <= alpha) { *rel = hi_rel; return hi; }
    u64 live = s->h[0] | s->h[1] | s->h[2] | s->h[3];
    u64 key[4];
    norm(s->h, key);
    u64 lens = lengths(s->h);
    u64 bucket = mix(lens, s->leader, s->trump) & bucket_mask;
    Entry *b = &table[bucket * WAYS];
    int first = -1;
    for (int w = 0; w < WAYS; w++) {
        Entry *e = &b[w];
        if (e->lens != lens || e->leader != s->leader || e->trump != s->trump) continue;
        u64 r = e->rel;
        if ((key[0] & r) != e->own[0] || (key[1] & r) != e->own[1] || (key[2] & r) != e->own[2])
            continue;
        if (e->lo > lo) { lo = e->lo; lo_rel = expand_rel(r, live); }
        if (e->hi < hi) { hi = e->hi; hi_rel = expand_rel(r, live); }
        if (first < 0 && e->best >= 0) first = expand(e->best, live);
    }
    /* the window is never empty below (fail-soft alpha-beta needs alpha < beta) */
    if (lo >= beta) { *rel = lo_rel; return lo; }
    if (hi <= alpha) { *rel = hi_rel; return hi; }
    if (lo == hi) { *rel = lo_rel | hi_rel; return lo; }
    int a = alpha > lo ? alpha : lo;
    int bb = beta < hi ? beta : hi;
    int best = -1;
    u64 found = 0;
    int v = search(s, a, bb, first, &best, &found);
    /* the answer for the caller rests on the search, and on the bounds that narrowed it */
    *rel = found | (a > alpha ? lo_rel : 0) | (bb < beta ? hi_rel : 0);
    /* stored: what the search alone proved */
    int elo = 0, ehi = n;
    if (v <= a) ehi = v;
    else if (v >= bb) elo = v;
    else elo = ehi = v;
    u64 packed = compress_rel(found, live);
    u64 own[3] = {key[0] & packed, key[1] & packed, key[2] & packed};
    Entry *e = NULL;
    for (int w = 0; w < WAYS && !e; w++) {
        Entry *x = &b[w];
        if (x->lens == lens && x->leader == s->leader && x->trump == s->trump && x->rel == packed
            && x->own[0] == own[0] && x->own[1] == own[1] && x->own[2] == own[2]) {
            e = x; /* the same partition: both bounds hold */
            elo = max2(elo, x->lo);
            ehi = min2(ehi, x->hi);
        }
    }
    if (!e) {
        e = &b[victim[bucket]];
        victim[bucket] = (uint8_t)((victim[bucket] + 1) % WAYS);
    }
    e->lens = lens;
    e->rel = packed;
    memcpy(e->own, own, sizeof e->own);
    e->leader = (int8_t)s->leader;
    e->trump = (int8_t)s->trump;
    e->lo = (int8_t)elo;
    e->hi = (int8_t)ehi;
    e->best = (int8_t)(best >= 0 ? compress(best, live) : -1);
    return v;
}

/* the moves of the seat on turn, most promising first */
static int moves(State *s, int *out) {
    int turn = (s->leader + s->k) & 3;
    u64 hand = s->h[turn];
    u64 live = s->h[0] | s->h[1] | s->h[2] | s->h[3];
    for (int i = 0; i < s->k; i++) live |= 1ull << s->trick[i];
    u64 legal = hand;
    if (s->k) {
        u64 follow = hand & suit_of(s->trick[0]);
        if (follow) legal = follow;
    }
    int m[16];
    int n = tops(legal, hand, live, m); /* highest first, suit by suit */
    if (n <= 1) {
        memcpy(out, m, n * sizeof(int));
        return n;
    }
    if (s->k == 0) { /* leads: by the history of the leads that cut off, stably */
        const unsigned *hs = history[turn];
        for (int i = 0; i < n; i++) {
            int c = m[i], j = i;
            while (j > 0 && hs[out[j - 1]] < hs[c]) { out[j] = out[j - 1]; j--; }
            out[j] = c;
        }
        return n;
    }
    int best = s->trick[0], at = 0;
    for (int i = 1; i < s->k; i++)
        if (beats(s->trick[i], best, s->trump)) { best = s->trick[i]; at = i; }
    int partner_wins = ((s->k - at) & 1) == 0;
    int o = 0;
    if (!partner_wins) { /* the cheapest winner first, then the other winners */
        int w[16], nw = 0, l[16], nl = 0;
        for (int i = 0; i < n; i++) {
            if (beats(m[i], best, s->trump)) w[nw++] = m[i];
            else l[nl++] = m[i];
        }
        /* winners from the lowest rank up, then the losers from the lowest up */
        for (int i = 0; i < nw; i++)
            for (int j = i + 1; j < nw; j++)
                if (w[j] % 13 < w[i] % 13) { int t = w[i]; w[i] = w[j]; w[j] = t; }
        for (int i = 0; i < nl; i++)
            for (int j = i + 1; j < nl; j++)
                if (l[j] % 13 < l[i] % 13) { int t = l[i]; l[i] = l[j]; l[j] = t; }
        for (int i = 0; i < nw; i++) out[o++] = w[i];
        for (int i = 0; i < nl; i++) out[o++] = l[i];
        return o;
    }
    /* partner wins: the lowest first */
    for (int i = 0; i < n; i++) out[i] = m[i];
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (out[j] % 13 < out[i] % 13) { int t = out[i]; out[i] = out[j]; out[j] = t; }
    return n;
}

/* play ``card`` for the seat on turn, search on, take it back; *rel as for start */
static int play(State *s, int card, int alpha, int beta, u64 *rel) {
    int turn = (s->leader + s->k) & 3;
    u64 bit = 1ull << card;
    s->h[turn] &= ~bit;
    s->trick[s->k++] = card;
    int v;
    if (s->k == 4) {
        int best = s->trick[0], at = 0;
        for (int i = 1; i < 4; i++)
            if (beats(s->trick[i], best, s->trump)) { best = s->trick[i]; at = i; }
        int winner = (s->leader + at) & 3;
        int won = (winner & 1) ? 0 : 1;
        int leader = s->leader;
        int saved[4];
        memcpy(saved, s->trick, sizeof saved);
        s->k = 0;
        s->leader = winner;
        v = won + start(s, alpha - won, beta - won, rel);
        s->leader = leader;
        memcpy(s->trick, saved, sizeof saved);
        s->k = 4;
        *rel |= decided(s->trick, at);
    } else {
        int ignored;
        v = search(s, alpha, beta, -1, &ignored, rel);
    }
    s->k--;
    s->h[turn] |= bit;
    return v;
}

/* North-South's tricks from here (the current trick included), fail-soft; ``first``
 * (a card of the seat on turn, or -1) is tried first; the best card in *best_move;
 * *rel: the cards the answer rests on (a cut-off: the move's; else every move's) */
static int search(State *s, int alpha, int beta, int first, int *best_move, u64 *rel) {
    int turn = (s->leader + s->k) & 3;
    int ns = (turn & 1) == 0;
    int m[16];
    int n = moves(s, m);
    if (first >= 0) {
        for (int i = 1; i < n; i++)
            if (m[i] == first) {
                memmove(m + 1, m, i * sizeof(int));
                m[0] = first;
                break;
            }
    }
    int best = ns ? -1 : 99, card = -1;
    u64 all = 0;
    for (int i = 0; i < n; i++) {
        u64 r;
        int v = play(s, m[i], alpha, beta, &r);
        all |= r;
        if (ns) {
            if (v > best) { best = v; card = m[i]; if (v > alpha) alpha = v; }
        } else if (v < best) {
            best = v;
            card = m[i];
            if (v < beta) beta = v;
        }
        if (alpha >= beta) {
            all = r;
            if (s->k == 0 && (history[turn][m[i]] += 1u << popcount(s->h[turn])) > 1u << 30)
                for (int j = 0; j < 4 * 52; j++) history[j / 52][j % 52] >>= 1; /* aged */
            break;
        }
    }
    if (!(alpha >= beta)) {
        /* every move failed: where the answer is used again, the same moves must be
         * the only ones.  A move stood for its run (the cards below it in hand, next
         * among the live cards): a run reaching from the relevant cards down below
         * the lowest of them makes its bottom card relevant too (highest run first,
         * each suit: a bottom made relevant lowers the suit's limit) */
        u64 hand = s->h[turn];
        u64 live = s->h[0] | s->h[1] | s->h[2] | s->h[3];
        for (int i = 0; i < s->k; i++) live |= 1ull << s->trick[i];
        u64 tried = 0;
        for (int i = 0; i < n; i++) tried |= 1ull << m[i];
        while (tried) {
            int top = highbit(tried);
            tried &= ~(1ull << top);
            u64 sm = suit_of(top);
            u64 r = all & sm;
            if (!r || top < lowbit(r)) continue; /* below every relevant card */
            u64 below = live & sm & ((1ull << top) - 1);
            int bottom = top;
            while (below) {
                int c = highbit(below);
                if (!(hand >> c & 1)) break;
                bottom = c;
                below &= ~(1ull << c);
            }
            if (bottom < lowbit(r)) all |= 1ull << bottom;
        }
    }
    *best_move = card;
    *rel = all;
    return best;
}

static int read_hands(PyObject *hands, u64 *h) {
    PyObject *seq = PySequence_Fast(hands, "hands must be a sequence of four masks");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != 4) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "hands must hold four masks (N E S W)");
        return -1;
    }
    for (int i = 0; i < 4; i++) {
        unsigned long long x = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (x == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
        if (x >> 52) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "a hand mask has bits beyond the 52 cards");
            return -1;
        }
        h[i] = x;
    }
    Py_DECREF(seq);
    return 0;
}

/* refuse a position that is no ending: cards twice, hands of the wrong sizes */
static int check(const State *s, int left) {
    u64 seen = 0;
    for (int i = 0; i < 4; i++) {
        if (s->h[i] & seen) {
            PyErr_Format(PyExc_ValueError, "hand %d holds a card another hand holds", i);
            return -1;
        }
        seen |= s->h[i];
    }
    for (int i = 0; i < s->k; i++) {
        u64 bit = 1ull << s->trick[i];
        if (seen & bit) {
            PyErr_Format(PyExc_ValueError, "card %d is on the table and in a hand", s->trick[i]);
            return -1;
        }
        seen |= bit;
    }
    if (left > 13 || (left == 0 && s->k)) {
        PyErr_Format(PyExc_ValueError, "the seat to play holds %d cards: not an ending", left);
        return -1;
    }
    for (int i = 0; i < 4; i++) {
        int seat = (s->leader + i) & 3;
        int want = i < s->k ? left - 1 : left; /* those who played this trick hold one fewer */
        if (popcount(s->h[seat]) != want) {
            PyErr_Format(PyExc_ValueError, "hand %d holds %d cards, %d expected", seat,
                         popcount(s->h[seat]), want);
            return -1;
        }
    }
    return 0;
}

/* the leader, the trump and the cards on the table, checked, into ``s`` */
static int read_trick(State *s, int leader, PyObject *played, int trump) {
    if (leader < 0 || leader > 3) {
        PyErr_Format(PyExc_ValueError, "leader %d: must be a seat 0-3", leader);
        return -1;
    }
    if (trump < 0 || trump > 4) {
        PyErr_Format(PyExc_ValueError, "trump %d: must be a suit 0-3 (4: none)", trump);
        return -1;
    }
    s->leader = leader;
    s->trump = trump;
    s->k = 0;
    PyObject *seq = PySequence_Fast(played, "played must be a sequence of cards");
    if (!seq) return -1;
    Py_ssize_t np = PySequence_Fast_GET_SIZE(seq);
    if (np > 3) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "at most three cards can be on the table");
        return -1;
    }
    for (Py_ssize_t i = 0; i < np; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (c == -1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
        if (c < 0 || c > 51) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "card %ld: must be 0-51", c);
            return -1;
        }
        s->trick[s->k++] = (int)c;
    }
    Py_DECREF(seq);
    return 0;
}

static void wipe(int i) {
    u64 n = 1ull << TT_BITS[i];
    for (u64 j = 0; j < n; j++) tables[i][j].leader = -1;
    memset(victims[i], 0, n / WAYS);
}

/* the table for a solve of ``left`` cards a hand (allocated on first use) */
static int use_table(int left) {
    int i = left <= SMALL_CARDS ? 0 : 1;
    if (!tables[i]) {
        tables[i] = (Entry *)PyMem_RawMalloc(sizeof(Entry) << TT_BITS[i]);
        victims[i] = (uint8_t *)PyMem_RawMalloc((1ull << TT_BITS[i]) / WAYS);
        if (!tables[i] || !victims[i]) {
            PyMem_RawFree(tables[i]);
            PyMem_RawFree(victims[i]);
            tables[i] = NULL;
            victims[i] = NULL;
            PyErr_NoMemory();
            return -1;
        }
        wipe(i);
    }
    table = tables[i];
    victim = victims[i];
    bucket_mask = (1ull << TT_BITS[i]) / WAYS - 1;
    return 0;
}

/* every legal card of the seat on turn with the tricks its side takes, as a dict */
static PyObject *solve_one(State *s) {
    int turn = (s->leader + s->k) & 3;
    int left = popcount(s->h[turn]); /* tricks left, this one included */
    if (check(s, left) < 0) return NULL;
    if (left == 0) return PyDict_New();
    u64 live = s->h[0] | s->h[1] | s->h[2] | s->h[3];
    for (int i = 0; i < s->k; i++) live |= 1ull << s->trick[i];
    u64 hand = s->h[turn], legal = hand;
    if (s->k) {
        u64 follow = hand & suit_of(s->trick[0]);
        if (follow) legal = follow;
    }
    if (use_table(left) < 0) return NULL;
    int m[16];
    int n = tops(legal, hand, live, m);
    int value[52];
    int guess = (left + 1) / 2;
    for (int i = 0; i < n; i++) {
        /* the card's exact value by tests of a null window (MTD(f)), from the last
         * card's value: each test is far cheaper than a search of the full window */
        int lo = 0, hi = left, v = guess;
        while (lo < hi) {
            int beta = v == lo ? v + 1 : v;
            u64 ignored;
            v = play(s, m[i], beta - 1, beta, &ignored);
            if (v < beta) hi = v;
            else lo = v;
        }
        /* the next card is tried against the best value so far */
        if (i == 0 || ((turn & 1) ? lo < guess : lo > guess)) guess = lo;
        value[m[i]] = (turn & 1) ? left - lo : lo;
    }
    /* every legal card takes its run's value (the run is below its top, in hand) */
    PyObject *out = PyDict_New();
    if (!out) return NULL;
    int run = -1;
    for (int c = 51; c >= 0; c--) {
        if (!(legal >> c & 1)) continue;
        u64 above = live & suit_of(c) & ~((2ull << c) - 1);
        int top = !(above && (hand >> lowbit(above) & 1));
        if (top) run = value[c];
        value[c] = run;
    }
    for (int c = 0; c < 52; c++) {
        if (!(legal >> c & 1)) continue;
        PyObject *key = PyLong_FromLong(c), *val = PyLong_FromLong(value[c]);
        if (!key || !val || PyDict_SetItem(out, key, val) < 0) {
            Py_XDECREF(key);
            Py_XDECREF(val);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(key);
        Py_DECREF(val);
    }
    return out;
}

static PyObject *score(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *hands, *played;
    int leader, trump;
    if (!PyArg_ParseTuple(args, "OiOi", &hands, &leader, &played, &trump)) return NULL;
    State s;
    if (read_trick(&s, leader, played, trump) < 0) return NULL;
    if (read_hands(hands, s.h) < 0) return NULL;
    return solve_one(&s);
}

static PyObject *score_many(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *layouts, *played;
    int leader, trump;
    if (!PyArg_ParseTuple(args, "OiOi", &layouts, &leader, &played, &trump)) return NULL;
    State s;
    if (read_trick(&s, leader, played, trump) < 0) return NULL;
    PyObject *seq = PySequence_Fast(layouts, "layouts must be a sequence of hands");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(n);
    if (!out) { Py_DECREF(seq); return NULL; }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *got = NULL;
        if (read_hands(PySequence_Fast_GET_ITEM(seq, i), s.h) == 0) got = solve_one(&s);
        if (!got) { Py_DECREF(seq); Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, got);
    }
    Py_DECREF(seq);
    return out;
}

static PyObject *clear(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    for (int i = 0; i < 2; i++)
        if (tables[i]) wipe(i);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"score", score, METH_VARARGS,
     "score(hands, leader, played, trump) -> {card: tricks}: the tricks the side to "
     "play takes from here (the current trick included) with each legal card."},
    {"score_many", score_many, METH_VARARGS,
     "score_many(layouts, leader, played, trump) -> [{card: tricks}]: score() of each "
     "layout (hands N E S W) with the same trick on the table."},
    {"clear", clear, METH_NOARGS, "clear() -> None: forget the transposition table."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_endgame",
    "The last tricks counted exactly, compiled (see ending.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__endgame(void) {
    for (int i = 1; i < (1 << 13); i++) count13[i] = (uint8_t)(count13[i >> 1] + (i & 1));
    if (use_table(SMALL_CARDS) < 0) return NULL;
    return PyModule_Create(&module);
}
