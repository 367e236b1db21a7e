/* Small double-dummy positions solved exactly, compiled: the solver of
 * cavendish.players.classical.ending (Ending.score) written in C, and the DD
 * layer's (cavendish.analysis.dd) for positions of a few cards a hand.
 *
 * Design note
 * -----------
 * The classical player counts the last four tricks over up to 48 layouts a card
 * (counting.py), and the search players (through cavendish.analysis.dd) solve
 * thousands of positions a decision; DDS (through endplay) costs about a quarter
 * of a millisecond of CPU a position at the smallest sizes, most of it set-up.  This
 * module solves small positions with the same answer (exact values are unique),
 * tens of times faster than DDS at four cards a hand and still faster at seven:
 *
 *   - alpha-beta card by card, the value being the tricks North-South take from the
 *     position on (an absolute value, so every search shares the table);
 *   - each legal card's exact value by tests of a null window (MTD(f)), starting
 *     from the best value so far: a test is far cheaper than a full window;
 *   - at the start of each trick, the tricks each side is sure of bound the value,
 *     often enough to answer the window without a search: the leader's top cards he
 *     can cash, then partner's top cards of a suit the leader holds a card of, led
 *     to him, and partner's of the other suits the leader cashed none of, as long as
 *     no one can ruff them and no one must throw one away (or ruff partner's), and
 *     each hand's trumps above all the other side's (each takes a trick
 *     for its side, or a partner's higher one does); the suits counted only until
 *     the count answers the window (trumps first), the answer resting on no more;
 *   - partition search (Ginsberg's; DDS's "winning ranks"): a search's answer at the
 *     start of a trick is stored with the cards it rested on (a trick's winner that
 *     beat a card of its suit, the cards the sure tricks counted, and where every move
 *     failed the bottom of each run a move stood for), and holds for every position
 *     with the same leader and suit lengths whose live cards of each suit, from the
 *     top down to the lowest of those, have the same holders: a bucket of the table
 *     is found by the leader and the sixteen suit lengths, and its entries match on
 *     those holders alone, so positions alike but for their small cards (the worlds
 *     of one decision, the lines of one search) share their bounds;
 *   - the table is kept between calls (tagged with the trump suit); each entry holds
 *     the best lead, tried first; two tables of buckets of four, the oldest entry of
 *     a bucket replaced: 4096 entries for endings of up to four cards a hand (the
 *     classical player's counts), 32768 for more (larger measured no faster: the
 *     table is read from memory, not from cache);
 *   - a card is tried once for its run: the cards of one hand next to each other
 *     among the live cards of their suit (the trick's included) take the same
 *     tricks; and not at all where a card of its suit already tried took what it
 *     would, both being below every card of the suit that answer rested on (the
 *     positions after either are alike in all it rested on: the partition argument
 *     again, for moves; a third fewer cards played at 7 and 8 cards a hand); leads
 *     are ordered by the history of the leads that cut off;
 *   - the live cards, the suit lengths and the card winning the trick are kept as
 *     cards are played and taken back, each card's suit and rank read from tables;
 *   - the last trick is read off, not searched.
 *
 * The search itself is in _endgame_search.h, compiled twice: for any processor, and
 * with the BMI2 and POPCNT instructions (a suit's ranks compressed to its live cards,
 * and a hand's runs found, by PEXT and PDEP), the second chosen as the module loads
 * where the processor has them and runs PEXT fast.
 *
 * Cards are 13 * suit + rank (rank 0 is the two), hands 52-bit masks N E S W, as in
 * cavendish.core.cards.  score() solves one position, score_many() the layouts of a
 * count, score_each() many positions of any kind in one call (the DD layer's
 * solve_many), clear() empties the tables; ending.py and dd.py wrap them and fall
 * back to the Python solver or DDS when this module was not built.  The
 * interpreter's lock is held throughout, so the tables are never searched by two
 * threads at once.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <cpuid.h>
#endif

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
    /* kept as cards are played and taken back (see set_up): */
    u64 live;   /* the cards in hand and on the table */
    u64 lens;   /* the suit lengths of the four hands, a nibble each (16 * hand + 4 * suit) */
    int at;     /* the card winning the trick so far (its index in trick), if k > 0 */
} State;

/* the bits set in each 13-bit suit */
static uint8_t count13[1 << 13];

/* each card's suit, rank and suit's mask (no division in the search) */
static uint8_t suit_tab[52], rank_tab[52];
static u64 suit_masks[52];

static const u64 SUIT_MASK = 0x1FFFull;

/* cards played in search since the module loaded (a measure of work the machine's
 * load does not change) */
static unsigned long long played_in_search = 0;

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
    if (suit_tab[card] == suit_tab[best]) return card > best;
    return suit_tab[card] == trump;
}

static inline u64 suit_of(int card) { return suit_masks[card]; }

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

static inline int max2(int a, int b) { return a > b ? a : b; }
static inline int min2(int a, int b) { return a < b ? a : b; }

/* the cards of the last trick: the winner's rank decided it if another card of its suit
 * was played to it (else it won by being alone in its suit, whatever its rank) */
static inline u64 decided(const int *trick, int at) {
    int w = trick[at];
    for (int i = 0; i < 4; i++)
        if (i != at && suit_tab[trick[i]] == suit_tab[w]) return 1ull << w;
    return 0;
}


/* the fields of ``s`` kept during the search, from its hands and trick */
static void set_up(State *s) {
    s->live = s->h[0] | s->h[1] | s->h[2] | s->h[3];
    for (int i = 0; i < s->k; i++) s->live |= 1ull << s->trick[i];
    s->lens = 0;
    for (int i = 0; i < 4; i++)
        for (int suit = 0; suit < 4; suit++)
            s->lens |= (u64)count13[(s->h[i] >> (13 * suit)) & SUIT_MASK] << (16 * i + 4 * suit);
    s->at = 0;
    for (int i = 1; i < s->k; i++)
        if (beats(s->trick[i], s->trick[s->at], s->trump)) s->at = i;
}

/* the search, twice: for any processor, and with BMI2 and POPCNT (see use_bmi2) */
#define F(name) name##_any
#include "_endgame_search.h"
#undef F
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define HAVE_BMI2_BUILD 1
#include <immintrin.h>
#pragma GCC push_options
#pragma GCC target("bmi2,popcnt")
#define F(name) name##_bmi2
#include "_endgame_search.h"
#undef F
#pragma GCC pop_options
#endif

/* whether this processor runs the BMI2 build, and runs it fast: not AMD's before Zen 3,
 * whose PEXT takes hundreds of cycles (set when the module loads) */
static int use_bmi2 = 0;

static void choose_build(void) {
#ifdef HAVE_BMI2_BUILD
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("bmi2") || !__builtin_cpu_supports("popcnt")) return;
    if (__builtin_cpu_is("amd")) {
        unsigned a, b, c, d;
        if (!__get_cpuid(1, &a, &b, &c, &d)) return;
        unsigned family = ((a >> 8) & 0xF) + ((a >> 20) & 0xFF);
        if (family < 0x19) return;
    }
    use_bmi2 = 1;
#endif
}

static void values(State *s, int left, u64 legal, u64 hand, u64 live, int *value) {
#ifdef HAVE_BMI2_BUILD
    if (use_bmi2) {
        values_bmi2(s, left, legal, hand, live, value);
        return;
    }
#endif
    values_any(s, left, legal, hand, live, value);
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

/* every legal card of the seat on turn with the tricks its side takes, as a dict keyed by
 * card number, or by cards[number] where ``cards`` (52 objects) is given */
static PyObject *solve_one(State *s, PyObject *cards) {
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
    set_up(s);
    int value[52];
    values(s, left, legal, hand, live, value);
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
        PyObject *key = cards ? PySequence_Fast_GET_ITEM(cards, c) : PyLong_FromLong(c);
        PyObject *val = PyLong_FromLong(value[c]);
        if (cards) Py_INCREF(key);
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
    return solve_one(&s, NULL);
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
        if (read_hands(PySequence_Fast_GET_ITEM(seq, i), s.h) == 0) got = solve_one(&s, NULL);
        if (!got) { Py_DECREF(seq); Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, got);
    }
    Py_DECREF(seq);
    return out;
}

/* one position of score_each: (hands, leader, played, trump) */
static PyObject *solve_item(PyObject *item, PyObject *cards) {
    PyObject *hands, *played;
    int leader, trump;
    if (!PyTuple_Check(item)) {
        PyErr_SetString(PyExc_TypeError, "a position is a tuple (hands, leader, played, trump)");
        return NULL;
    }
    if (!PyArg_ParseTuple(item, "OiOi", &hands, &leader, &played, &trump)) return NULL;
    State s;
    if (read_trick(&s, leader, played, trump) < 0) return NULL;
    if (read_hands(hands, s.h) < 0) return NULL;
    return solve_one(&s, cards);
}

static PyObject *score_each(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *positions, *cards = Py_None;
    if (!PyArg_ParseTuple(args, "O|O", &positions, &cards)) return NULL;
    PyObject *keys = NULL;
    if (cards != Py_None) {
        keys = PySequence_Fast(cards, "cards must be a sequence of the 52 cards");
        if (!keys) return NULL;
        if (PySequence_Fast_GET_SIZE(keys) != 52) {
            Py_DECREF(keys);
            PyErr_SetString(PyExc_ValueError, "cards must hold the 52 cards");
            return NULL;
        }
    }
    PyObject *seq = PySequence_Fast(positions, "positions must be a sequence");
    if (!seq) { Py_XDECREF(keys); return NULL; }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyList_New(n);
    for (Py_ssize_t i = 0; out && i < n; i++) {
        PyObject *got = solve_item(PySequence_Fast_GET_ITEM(seq, i), keys);
        if (!got) {
            /* name the position at fault */
            PyObject *type, *value, *trace;
            PyErr_Fetch(&type, &value, &trace);
            PyErr_NormalizeException(&type, &value, &trace);
            PyErr_Format(type, "position %zd: %S", i, value);
            Py_XDECREF(type);
            Py_XDECREF(value);
            Py_XDECREF(trace);
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, i, got);
    }
    Py_DECREF(seq);
    Py_XDECREF(keys);
    return out;
}

/* the build of the search in use, "bmi2" or "any"; another chosen if named */
static PyObject *build(PyObject *self, PyObject *args) {
    (void)self;
    const char *name = NULL;
    if (!PyArg_ParseTuple(args, "|s", &name)) return NULL;
    const char *previous = use_bmi2 ? "bmi2" : "any";
    if (name) {
        if (strcmp(name, "any") == 0) {
            use_bmi2 = 0;
        } else if (strcmp(name, "bmi2") == 0) {
            int fast = use_bmi2;
            choose_build();
            if (!use_bmi2) {
                use_bmi2 = fast;
                PyErr_SetString(PyExc_ValueError, "build 'bmi2': this processor lacks BMI2 "
                                                  "and POPCNT, or runs PEXT slowly");
                return NULL;
            }
        } else {
            PyErr_Format(PyExc_ValueError, "build %R: expected 'bmi2' or 'any'", PyTuple_GET_ITEM(args, 0));
            return NULL;
        }
    }
    return PyUnicode_FromString(previous);
}

static PyObject *nodes(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return PyLong_FromUnsignedLongLong(played_in_search);
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
    {"score_each", score_each, METH_VARARGS,
     "score_each(positions, cards=None) -> [{card: tricks}]: score() of each position "
     "(hands, leader, played, trump), in one call; the keys are cards[number] if the 52 "
     "cards are given."},
    {"build", build, METH_VARARGS,
     "build(name=None) -> str: the build of the search in use ('bmi2': with the BMI2 and "
     "POPCNT instructions, chosen where the processor runs them fast; 'any'), and the "
     "one named from now on; the answers are the same."},
    {"nodes", nodes, METH_NOARGS,
     "nodes() -> int: the cards played in search since the module loaded (a count of "
     "work that the machine's load does not change)."},
    {"clear", clear, METH_NOARGS, "clear() -> None: forget the transposition table."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_endgame",
    "The last tricks counted exactly, compiled (see ending.py).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__endgame(void) {
    choose_build();
    for (int i = 1; i < (1 << 13); i++) count13[i] = (uint8_t)(count13[i >> 1] + (i & 1));
    for (int c = 0; c < 52; c++) {
        suit_tab[c] = (uint8_t)(c / 13);
        rank_tab[c] = (uint8_t)(c % 13);
        suit_masks[c] = SUIT_MASK << (13 * (c / 13));
    }
    if (use_table(SMALL_CARDS) < 0) return NULL;
    return PyModule_Create(&module);
}
