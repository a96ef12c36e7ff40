/* sema_call_memo.c: what a walk of funcs' bodies through their calls
 * found in each func, kept (sema_call_memo.h, CallMemo).
 *
 * A walk that reads a func's body at each of its calls costs, for a func
 * that calls itself k times (`f(n) = f(n + 1) + f(n + 1)`), or a chain of
 * funcs that each call the next k times, k to the power of the walk's
 * depth. A CallMemo keeps it linear: a func already being read with the
 * same context (a recursive call) is not read again, and what a reading
 * found is kept for the func's other calls with the same context at the
 * same depth (a walk stops at its depth, so what it finds may depend on
 * it).
 *
 * A reading that met a func being read further out (cut short there) may
 * find less than another reading of it would: it is not kept. outer_hit
 * is the outermost place of the stack such a cut met since the reading
 * at that place began; the reading at place i is kept when none met a
 * place before i. A walk whose findings shape the generated C sets
 * unroll: no cut, every reading kept, what it finds exactly what it found
 * reading every call. */
#include "sema_int.h"

#include <string.h>

static bool same_call(const void *func, const void *ctx, size_t n, const void *func2,
                      const void *ctx2, size_t n2)
{
    return func == func2 && n == n2 && (n == 0 || memcmp(ctx, ctx2, n) == 0);
}

void call_memo_init(CallMemo *m, Arena *arena, CallFound *room)
{
    m->arena = arena;
    m->room = room;
    m->depth = 0;
    m->outer_hit = CALL_MEMO_DEPTH;
    m->nroom = 0;
    m->more = (PtrVec){0};
    m->unroll = false;
}

/* Is func being read on m's stack with this context? Noted as a cut. */
static bool being_read(CallMemo *m, const void *func, const void *ctx, size_t n)
{
    for (int i = 0; i < m->depth; i++) {
        const CallFrame *f = &m->stack[i];
        if (same_call(func, ctx, n, f->func, f->ctx, f->ctx_size)) {
            m->outer_hit = i < m->outer_hit ? i : m->outer_hit;
            return true;
        }
    }
    return false;
}

static bool found_here(const CallMemo *m, const CallFound *c, const void *func,
                       const void *ctx, size_t n)
{
    return c->depth == m->depth && same_call(func, ctx, n, c->func, c->ctx, c->ctx_size);
}

static const CallFound *kept(const CallMemo *m, const void *func, const void *ctx, size_t n)
{
    for (int i = 0; i < m->nroom; i++)
        if (found_here(m, &m->room[i], func, ctx, n))
            return &m->room[i];
    for (int i = 0; i < m->more.len; i++)
        if (found_here(m, m->more.items[i], func, ctx, n))
            return m->more.items[i];
    return NULL;
}

/* A copy of the n bytes at p: in room (of `fits` bytes) when they fit,
 * else in the arena. */
static const void *copied(Arena *a, unsigned char *room, size_t fits, const void *p, size_t n)
{
    void *to = n <= fits ? room : arena_alloc(a, n);
    if (n) /* p is NULL for no context */
        memcpy(to, p, n);
    return to;
}

/* Where to keep one more finding (n bytes, of a context of ctx_size), or
 * NULL. */
static CallFound *new_found(CallMemo *m, size_t ctx_size, size_t n)
{
    if (m->room && m->nroom < CALL_MEMO_ROOM && ctx_size <= CALL_CTX_BYTES &&
        n <= CALL_FOUND_BYTES)
        return &m->room[m->nroom++];
    if (!m->arena)
        return NULL;
    CallFound *c = arena_alloc(m->arena, sizeof *c);
    vec_push(m->arena, &m->more, c);
    return c;
}

/* Keeps what the reading of frame f found (n bytes). */
static void keep(CallMemo *m, const CallFrame *f, const void *found, size_t n)
{
    CallFound *c = new_found(m, f->ctx_size, n);
    if (!c)
        return;
    c->func = f->func;
    c->ctx_size = f->ctx_size;
    c->depth = m->depth;
    c->ctx = copied(m->arena, c->ctx_bytes, sizeof c->ctx_bytes, f->ctx, f->ctx_size);
    c->found = copied(m->arena, c->found_bytes, sizeof c->found_bytes, found, n);
}

CallStep call_memo_enter(CallMemo *m, const void *func, const void *ctx, size_t n,
                         const void **found)
{
    if (!m->unroll && being_read(m, func, ctx, n))
        return CALL_AGAIN;
    const CallFound *c = kept(m, func, ctx, n);
    if (c) {
        *found = c->found;
        return CALL_KNOWN;
    }
    if (m->depth >= CALL_MEMO_DEPTH) /* deeper than the walks go (they stop before) */
        return CALL_AGAIN;
    m->stack[m->depth++] = (CallFrame){func, ctx, n, m->outer_hit};
    m->outer_hit = CALL_MEMO_DEPTH;
    return CALL_READ;
}

void call_memo_leave(CallMemo *m, const void *found, size_t n)
{
    const CallFrame *f = &m->stack[--m->depth];
    if (found && m->outer_hit >= m->depth)
        keep(m, f, found, n);
    m->outer_hit = f->outer_hit < m->outer_hit ? f->outer_hit : m->outer_hit;
}

void call_memo_forget(CallMemo *m)
{
    m->nroom = 0;
    m->more.len = 0;
}

/* ---- a zone read, through the funcs called ---- */

enum { ZONE_READ_DEPTH = 8 }; /* funcs looked through, one inside another */

typedef struct ZoneScan {
    int z;
    bool hit;
    CallMemo *calls;
} ZoneScan;

static void scan_zone(const Node *n, void *ctx);

/* Func f's body: a recursive call finds nothing the reading further out
 * does not, and one read at this depth found what it found. */
static void scan_func(ZoneScan *zs, const Sym *f)
{
    const void *known = NULL;
    bool before = zs->hit, found;
    switch (call_memo_enter(zs->calls, f, NULL, 0, &known)) {
    case CALL_AGAIN:
        return;
    case CALL_KNOWN:
        zs->hit = before || *(const bool *)known;
        return;
    default:
        zs->hit = false;
        ast_walk_node_const(f->decl->expr_body ? f->decl->expr_body : f->decl->body, scan_zone,
                            zs);
        found = zs->hit;
        call_memo_leave(zs->calls, &found, sizeof found);
        zs->hit = before || found;
    }
}

static void scan_zone(const Node *n, void *ctx)
{
    ZoneScan *zs = ctx;
    if (n->kind == N_IDENT && n->sym && n->sym->kind == S_ZONE && n->sym->index == zs->z)
        zs->hit = true;
    else if (n->kind == N_CALL && n->sym && n->sym->kind == S_FUNC &&
             zs->calls->depth < ZONE_READ_DEPTH)
        scan_func(zs, n->sym);
}

bool sema_reads_zone(const Node *e, int z)
{
    CallMemo calls;
    CallFound room[CALL_MEMO_ROOM];
    call_memo_init(&calls, NULL, room);
    ZoneScan zs = {z, false, &calls};
    ast_walk_node_const(e, scan_zone, &zs);
    return zs.hit;
}
