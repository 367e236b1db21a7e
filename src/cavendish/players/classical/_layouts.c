/* The layouts of a count, counted and dealt by index, compiled: the walk of
 * cavendish.players.classical.counting._Deals (total, at_many) written in C.
 *
 * Design note
 * -----------
 * The count lists the layouts of the unseen cards in one order: the cards in the
 * order given, each given to the seats its mask allows in seat order, depth first.
 * A layout is reached by its index in that list without listing the others: the
 * number of ways to deal cards[i:] with left[s] still to give each seat is counted
 * once (a table over i and left), and the index is walked down, card by card, past
 * the layouts of the seats before the one that takes it.  counting.py does the same
 * in Python where this module was not built; the layouts are the same.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef uint64_t u64;
#define UNKNOWN UINT64_MAX
#define MAX_CARDS 52

typedef struct {
    int n;                 /* cards to deal */
    int cards[MAX_CARDS];
    int opts[MAX_CARDS];   /* seats each card may go to (bit s: seat s) */
    int need[4];
    int dim[4];            /* need[s] + 1 */
    u64 *memo;             /* (n + 1) * dim[0..3] entries */
} Deals;

static inline Py_ssize_t slot(const Deals *d, int i, const int *left) {
    return (((Py_ssize_t)i * d->dim[0] + left[0]) * d->dim[1] + left[1]) * d->dim[2] * d->dim[3]
           + (Py_ssize_t)left[2] * d->dim[3] + left[3];
}

/* layouts of cards[i:] with left[s] still to give seat s */
static u64 count(Deals *d, int i, int *left) {
    Py_ssize_t at = slot(d, i, left);
    if (d->memo[at] != UNKNOWN) return d->memo[at];
    u64 got = 0;
    if (i == d->n) {
        got = (left[0] | left[1] | left[2] | left[3]) ? 0 : 1;
    } else {
        for (int s = 0; s < 4; s++) {
            if (!(d->opts[i] >> s & 1) || !left[s]) continue;
            left[s]--;
            u64 more = count(d, i + 1, left);
            left[s]++;
            if (more == UNKNOWN || __builtin_add_overflow(got, more, &got)) {
                got = UNKNOWN; /* too many to count in 64 bits */
                break;
            }
        }
    }
    if (got != UNKNOWN) d->memo[at] = got;
    return got;
}

static int read_ints(PyObject *obj, int *out, int most, const char *what) {
    PyObject *seq = PySequence_Fast(obj, what);
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > most) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: %zd items, at most %d", what, n, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (x == -1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
        if (x < 0 || x > 51) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, x);
            return -1;
        }
        out[i] = (int)x;
    }
    Py_DECREF(seq);
    return (int)n;
}

/* cards, their seat masks and the needs, checked, into ``d`` (its table allocated) */
static int setup(Deals *d, PyObject *cards, PyObject *opts, PyObject *need) {
    d->memo = NULL;
    d->n = read_ints(cards, d->cards, MAX_CARDS, "cards");
    if (d->n < 0) return -1;
    int m = read_ints(opts, d->opts, MAX_CARDS, "seat masks (one a card, 0-15)");
    if (m < 0) return -1;
    if (m != d->n) {
        PyErr_Format(PyExc_ValueError, "%d cards but %d seat masks", d->n, m);
        return -1;
    }
    for (int i = 0; i < m; i++)
        if (d->opts[i] > 15) {
            PyErr_Format(PyExc_ValueError, "seat mask %d: must be 0-15", d->opts[i]);
            return -1;
        }
    if (read_ints(need, d->need, 4, "needs (cards each seat is still to get)") != 4) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "needs: one a seat, four");
        return -1;
    }
    Py_ssize_t size = d->n + 1;
    for (int s = 0; s < 4; s++) {
        if (d->need[s] > 13) {
            PyErr_Format(PyExc_ValueError, "seat %d needs %d cards: at most 13", s, d->need[s]);
            return -1;
        }
        d->dim[s] = d->need[s] + 1;
        size *= d->dim[s];
    }
    d->memo = (u64 *)PyMem_Malloc(sizeof(u64) * size);
    if (!d->memo) { PyErr_NoMemory(); return -1; }
    for (Py_ssize_t i = 0; i < size; i++) d->memo[i] = UNKNOWN;
    return 0;
}

static PyObject *total(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cards, *opts, *need;
    if (!PyArg_ParseTuple(args, "OOO", &cards, &opts, &need)) return NULL;
    Deals d;
    if (setup(&d, cards, opts, need) < 0) { PyMem_Free(d.memo); return NULL; }
    int left[4] = {d.need[0], d.need[1], d.need[2], d.need[3]};
    u64 got = count(&d, 0, left);
    PyMem_Free(d.memo);
    if (got == UNKNOWN) {
        PyErr_SetString(PyExc_OverflowError, "more layouts than 64 bits can count");
        return NULL;
    }
    return PyLong_FromUnsignedLongLong(got);
}

static PyObject *deal(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cards, *opts, *need, *base, *indices;
    if (!PyArg_ParseTuple(args, "OOOOO", &cards, &opts, &need, &base, &indices)) return NULL;
    Deals d;
    if (setup(&d, cards, opts, need) < 0) { PyMem_Free(d.memo); return NULL; }
    u64 hands0[4];
    PyObject *bseq = PySequence_Fast(base, "base must be four masks");
    if (!bseq) { PyMem_Free(d.memo); return NULL; }
    if (PySequence_Fast_GET_SIZE(bseq) != 4) {
        Py_DECREF(bseq);
        PyMem_Free(d.memo);
        PyErr_SetString(PyExc_ValueError, "base must be four masks (N E S W)");
        return NULL;
    }
    for (int s = 0; s < 4; s++) {
        hands0[s] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(bseq, s));
        if (hands0[s] == (u64)-1 && PyErr_Occurred()) {
            Py_DECREF(bseq);
            PyMem_Free(d.memo);
            return NULL;
        }
    }
    Py_DECREF(bseq);
    PyObject *iseq = PySequence_Fast(indices, "indices must be a sequence of ints");
    if (!iseq) { PyMem_Free(d.memo); return NULL; }
    Py_ssize_t k = PySequence_Fast_GET_SIZE(iseq);
    PyObject *out = PyList_New(k);
    if (!out) { Py_DECREF(iseq); PyMem_Free(d.memo); return NULL; }
    for (Py_ssize_t j = 0; j < k; j++) {
        unsigned long long index =
            PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(iseq, j));
        if (index == (unsigned long long)-1 && PyErr_Occurred()) goto fail;
        u64 h[4] = {hands0[0], hands0[1], hands0[2], hands0[3]};
        int left[4] = {d.need[0], d.need[1], d.need[2], d.need[3]};
        for (int i = 0; i < d.n; i++) {
            int placed = 0;
            for (int s = 0; s < 4 && !placed; s++) {
                if (!(d.opts[i] >> s & 1) || !left[s]) continue;
                left[s]--;
                u64 n = count(&d, i + 1, left);
                if (index < n) {
                    h[s] |= 1ull << d.cards[i];
                    placed = 1;
                } else {
                    index -= n;
                    left[s]++;
                }
            }
            if (!placed) {
                PyErr_SetString(PyExc_IndexError, "no such layout");
                goto fail;
            }
        }
        PyObject *lay = Py_BuildValue("(KKKK)", h[0], h[1], h[2], h[3]);
        if (!lay) goto fail;
        PyList_SET_ITEM(out, j, lay);
    }
    Py_DECREF(iseq);
    PyMem_Free(d.memo);
    return out;
fail:
    Py_DECREF(iseq);
    Py_DECREF(out);
    PyMem_Free(d.memo);
    return NULL;
}

static PyMethodDef methods[] = {
    {"total", total, METH_VARARGS,
     "total(cards, masks, need) -> int: the layouts of ``cards``, each to a seat of its "
     "mask, seat s receiving need[s]."},
    {"deal", deal, METH_VARARGS,
     "deal(cards, masks, need, base, indices) -> [(N, E, S, W)]: the layouts of those "
     "indices in the list's order, each added to the ``base`` hands."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_layouts",
    "The layouts of a count, counted and dealt by index, compiled (see counting.py).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__layouts(void) { return PyModule_Create(&module); }
