/* _native.c - the coarse, private CPython binding of the Kozel double-dummy engine.
 *
 * One type, Solver, owns a transposition table and runs queries with the GIL released.
 * Arguments are plain ints and a bytes blob of tables made by kozel_tutor.solver.native;
 * the typed API lives there.
 *
 * Tables blob: ncards, flags, to_internal[36] (255 = not in the deck), suit[ncards],
 * points[ncards], ace[4] (internal bit or 255), catch six, catch queen (internal bits or 255),
 * catch points.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <string.h>

#include "native_src/kz_engine.h"

typedef struct {
    PyObject_HEAD
    kz_tt *tt;                   /* made once by __init__ (under the GIL), freed by dealloc */
    PyThread_type_lock lock;     /* made by tp_new; a query holds it while it uses the table */
    kz_counter cancels;          /* cancel() calls so far: a query stops once it changes */
    int stopped;                 /* stop() was called: every query from then on stops at once */
} SolverObject;

static const char not_initialised[] = "the solver is not initialised";

static int parse_tables(const unsigned char *blob, Py_ssize_t size, kz_rules *rules,
                        uint8_t to_internal[36], uint8_t to_card[KZ_MAX_CARDS])
{
    if (size < 2 + 36)
        return -1;
    int n = blob[0];
    if (n < 1 || n > 36 || size != 2 + 36 + 2 * n + 4 + 3)
        return -1;
    memset(rules, 0, sizeof *rules);
    rules->ncards = n;
    rules->flags = blob[1];
    memset(to_card, 255, KZ_MAX_CARDS);
    for (int i = 0; i < 36; i++) {
        to_internal[i] = blob[2 + i];
        if (to_internal[i] != 255) {
            if (to_internal[i] >= n || to_card[to_internal[i]] != 255)
                return -1;
            to_card[to_internal[i]] = (uint8_t)i;
        }
    }
    for (int b = 0; b < n; b++) {
        if (to_card[b] == 255)
            return -1;
        rules->suit[b] = blob[38 + b];
        rules->points[b] = blob[38 + n + b];
        rules->label[b] = to_card[b];
    }
    for (int s = 0; s < 4; s++) {
        int b = blob[38 + 2 * n + s];
        rules->ace[s] = b < n ? (uint64_t)1 << b : 0;
    }
    int six = blob[42 + 2 * n], queen = blob[43 + 2 * n];
    rules->catch_six = six < n ? six : -1;
    rules->catch_queen = queen < n ? queen : -1;
    rules->catch_points = blob[44 + 2 * n];
    return kz_rules_finish(rules);
}

static int to_internal_mask(unsigned long long mask, const uint8_t to_internal[36], uint64_t *out)
{
    uint64_t m = 0;
    if (mask >> 36)
        return -1;
    for (int i = 0; i < 36; i++) {
        if (mask >> i & 1) {
            if (to_internal[i] == 255)
                return -1;
            m |= (uint64_t)1 << to_internal[i];
        }
    }
    *out = m;
    return 0;
}

static PyObject *int_tuple(const int *values, int n)
{
    PyObject *t = PyTuple_New(n);
    if (!t)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (!v) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

static PyObject *Solver_new(PyTypeObject *type, PyObject *Py_UNUSED(args),
                            PyObject *Py_UNUSED(kwds))
{
    SolverObject *self = (SolverObject *)type->tp_alloc(type, 0);   /* zeroed: cancels = 0 */
    if (!self)
        return NULL;
    self->lock = PyThread_allocate_lock();
    if (!self->lock) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

/* The table is made once: a second __init__ would free it under a query running without
 * the GIL. */
static int Solver_init(SolverObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"tt_megabytes", NULL};
    double megabytes = 8.0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|d", kwlist, &megabytes))
        return -1;
    if (self->tt) {
        PyErr_SetString(PyExc_RuntimeError,
                        "the solver is already initialised: make a new Solver for another table");
        return -1;
    }
    if (!(megabytes >= 0.001 && megabytes <= 65536.0)) {
        PyErr_SetString(PyExc_ValueError, "tt_megabytes must be between 0.001 and 65536");
        return -1;
    }
    self->tt = kz_tt_new((size_t)(megabytes * 1024.0 * 1024.0));
    if (!self->tt) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void Solver_dealloc(SolverObject *self)
{
    kz_tt_free(self->tt);
    if (self->lock)
        PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

PyDoc_STRVAR(Solver_run_doc,
"run(tables, hands, leader, trick, led, kind, target, team, budget, with_pv, ns_taken,\n"
"    targets=())\n"
"-> (cards, lows, highs, value_low, value_high, yes, exact, pv, total, nodes)\n\n"
"Private: use kozel_tutor.solver.native.NativeBackend.");

static PyObject *Solver_run(SolverObject *self, PyObject *args)
{
    Py_buffer blob;
    PyObject *hands_obj, *trick_obj, *targets_obj = NULL;
    int leader, led, kind, target, team, with_pv, ns_taken;
    double budget;
    if (!self->tt) {
        PyErr_SetString(PyExc_RuntimeError, not_initialised);
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "y*OiOiiiidpi|O", &blob, &hands_obj, &leader, &trick_obj, &led,
                          &kind, &target, &team, &budget, &with_pv, &ns_taken, &targets_obj))
        return NULL;
    kz_rules rules;
    uint8_t to_internal[36], to_card[KZ_MAX_CARDS];
    int bad = parse_tables((const unsigned char *)blob.buf, blob.len, &rules, to_internal, to_card);
    PyBuffer_Release(&blob);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "inconsistent card-order tables");
        return NULL;
    }
    kz_position pos;
    memset(&pos, 0, sizeof pos);
    PyObject *hands = PySequence_Fast(hands_obj, "hands must be a sequence of 4 masks");
    if (!hands)
        return NULL;
    if (PySequence_Fast_GET_SIZE(hands) != 4) {
        Py_DECREF(hands);
        PyErr_SetString(PyExc_ValueError, "hands must hold 4 masks");
        return NULL;
    }
    for (int s = 0; s < 4; s++) {
        unsigned long long m = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(hands, s));
        if (PyErr_Occurred() || to_internal_mask(m, to_internal, &pos.hand[s])) {
            Py_DECREF(hands);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a hand holds a card outside the deck");
            return NULL;
        }
    }
    Py_DECREF(hands);
    PyObject *trick = PySequence_Fast(trick_obj, "trick must be a sequence of cards");
    if (!trick)
        return NULL;
    Py_ssize_t nt = PySequence_Fast_GET_SIZE(trick);
    if (nt > 3) {
        Py_DECREF(trick);
        PyErr_SetString(PyExc_ValueError, "a current trick holds at most 3 cards");
        return NULL;
    }
    pos.ntrick = (int)nt;
    for (Py_ssize_t i = 0; i < nt; i++) {
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(trick, i));
        if (PyErr_Occurred() || card < 0 || card >= 36 || to_internal[card] == 255) {
            Py_DECREF(trick);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "a trick card outside the deck");
            return NULL;
        }
        pos.trick[i] = to_internal[card];
    }
    Py_DECREF(trick);
    if (leader < 0 || leader > 3 || kind < 0 || kind > 4 || led < 0 || led > 15) {
        PyErr_SetString(PyExc_ValueError, "leader, led or query out of range");
        return NULL;
    }
    if (ns_taken < 0 || ns_taken > 120) {
        PyErr_SetString(PyExc_ValueError, "points taken out of range");
        return NULL;
    }
    pos.leader = leader;
    pos.led = led;
    pos.ns_taken = ns_taken;

    kz_query query;
    memset(&query, 0, sizeof query);
    query.kind = kind;
    query.target = target;
    query.team = team;
    query.budget = budget;
    /* cancel() from now on stops this query, whether it runs or still waits for the lock */
    query.cancel = &self->cancels;
    query.cancel_seen = kz_counter_load(&self->cancels);
    if (self->stopped)   /* stopped for good: as if cancelled before it began */
        query.cancel_seen -= 1;
    query.with_pv = with_pv;
    if (targets_obj) {
        PyObject *targets = PySequence_Fast(targets_obj, "targets must be a sequence of ints");
        if (!targets)
            return NULL;
        Py_ssize_t nk = PySequence_Fast_GET_SIZE(targets);
        if (nk > KZ_MAX_TARGETS) {
            Py_DECREF(targets);
            PyErr_Format(PyExc_ValueError, "at most %d targets", KZ_MAX_TARGETS);
            return NULL;
        }
        for (Py_ssize_t i = 0; i < nk; i++) {
            long t = PyLong_AsLong(PySequence_Fast_GET_ITEM(targets, i));
            if (PyErr_Occurred() || t < -120 || t > 240) {
                Py_DECREF(targets);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "a target out of range");
                return NULL;
            }
            query.targets[i] = (int)t;
        }
        query.ntargets = (int)nk;
        Py_DECREF(targets);
    }
    kz_answer *answer = (kz_answer *)PyMem_RawMalloc(sizeof(kz_answer));
    if (!answer)
        return PyErr_NoMemory();
    int rc;
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    rc = kz_run(&rules, self->tt, &pos, &query, answer);
    PyThread_release_lock(self->lock);
    Py_END_ALLOW_THREADS
    if (rc != KZ_OK) {
        PyMem_RawFree(answer);
        if (rc == KZ_NO_MEMORY)
            return PyErr_NoMemory();
        PyErr_SetString(PyExc_ValueError, "inconsistent position (cards twice or wrong counts)");
        return NULL;
    }
    int cards[KZ_MAX_CARDS], pv[KZ_MAX_CARDS];
    for (int i = 0; i < answer->ncards; i++)
        cards[i] = to_card[answer->card[i]];
    for (int i = 0; i < answer->pv_len; i++)
        pv[i] = to_card[answer->pv[i]];
    PyObject *result = Py_BuildValue(
        "(NNNiiiiNiK)", int_tuple(cards, answer->ncards), int_tuple(answer->lo, answer->ncards),
        int_tuple(answer->hi, answer->ncards), answer->value_lo, answer->value_hi, answer->yes,
        answer->exact, int_tuple(pv, answer->pv_len), answer->total,
        (unsigned long long)answer->nodes);
    PyMem_RawFree(answer);
    return result;
}

static PyObject *Solver_cancel(SolverObject *self, PyObject *Py_UNUSED(ignored))
{
    kz_counter_bump(&self->cancels);
    Py_RETURN_NONE;
}

static PyObject *Solver_stop(SolverObject *self, PyObject *Py_UNUSED(ignored))
{
    self->stopped = 1;   /* (under the GIL, as run() reads it) */
    kz_counter_bump(&self->cancels);
    Py_RETURN_NONE;
}

static PyObject *Solver_clear(SolverObject *self, PyObject *Py_UNUSED(ignored))
{
    if (!self->tt) {
        PyErr_SetString(PyExc_RuntimeError, not_initialised);
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(self->lock, WAIT_LOCK);
    kz_tt_clear(self->tt);
    PyThread_release_lock(self->lock);
    Py_END_ALLOW_THREADS
    Py_RETURN_NONE;
}

static PyObject *Solver_get_tt_bytes(SolverObject *self, void *Py_UNUSED(closure))
{
    return PyLong_FromSize_t(self->tt ? kz_tt_bytes(self->tt) : 0);
}

static PyMethodDef Solver_methods[] = {
    {"run", (PyCFunction)Solver_run, METH_VARARGS, Solver_run_doc},
    {"cancel", (PyCFunction)Solver_cancel, METH_NOARGS,
     "Stop the queries asked before this call, the one running and those waiting for the\n"
     "table (they return what they know, not exact); later queries run as usual."},
    {"stop", (PyCFunction)Solver_stop, METH_NOARGS,
     "cancel(), and every later query stops at once too (returning what it knows): for a job\n"
     "called off for good, whose next query may begin just after this call."},
    {"clear", (PyCFunction)Solver_clear, METH_NOARGS, "Empty the transposition table."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Solver_getset[] = {
    {"tt_bytes", (getter)Solver_get_tt_bytes, NULL, "Size of the transposition table.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SolverType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "kozel_tutor.solver._native.Solver",
    .tp_basicsize = sizeof(SolverObject),
    .tp_dealloc = (destructor)Solver_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Solver(tt_megabytes=8): a double-dummy engine with its transposition table.",
    .tp_methods = Solver_methods,
    .tp_getset = Solver_getset,
    .tp_init = (initproc)Solver_init,
    .tp_new = Solver_new,
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "kozel_tutor.solver._native",
    .m_doc = "Private C core of the Kozel double-dummy solver; see kozel_tutor.solver.native.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__native(void)
{
    if (PyType_Ready(&SolverType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&native_module);
    if (!m)
        return NULL;
    Py_INCREF(&SolverType);
    if (PyModule_AddObject(m, "Solver", (PyObject *)&SolverType) < 0) {
        Py_DECREF(&SolverType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "ANALYSE", KZ_ANALYSE) < 0 ||
        PyModule_AddIntConstant(m, "VALUE", KZ_VALUE) < 0 ||
        PyModule_AddIntConstant(m, "REACHES", KZ_REACHES) < 0 ||
        PyModule_AddIntConstant(m, "ALL_TRICKS", KZ_ALL_TRICKS) < 0 ||
        PyModule_AddIntConstant(m, "BRACKETS", KZ_BRACKETS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
