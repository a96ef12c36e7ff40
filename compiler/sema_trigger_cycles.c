/* sema_trigger_cycles.c: the warning "a cycle of triggers".
 *
 * A handler fires another when its body (or a proc it calls, or an event
 * it raises) raises what the other hears: a user event, a card entering a
 * zone, a card played, the start or end of a unit of time (the signals of
 * sema_handlers.c). A handler that may fire itself again, through others
 * or not, gets the warning, with a note at each statement of the shortest
 * cycle back to it; the handlers on that cycle get no warning of their
 * own.
 *
 * The graph is kept as it is given: a handler points at the signals it
 * raises, a signal at the handlers that hear it. Its strongly connected
 * components (Tarjan's algorithm, without recursion) say which handlers
 * lie on a cycle; the shortest cycle through one is then sought breadth
 * first inside its component alone. So the cost is the handlers, the
 * signals and what the handlers raise, not the handlers squared (every
 * handler against every other) nor cubed (a search from every handler
 * over every pair). The search visits the component's handlers in the
 * order the search over all handlers did (by number, from each handler
 * met), so it finds the same cycle. */
#include "sema_int.h"

#include <stdlib.h>

/* The graph: nodes 0 .. nh - 1 are the handlers, nh .. nh + ns - 1 the
 * signals. */
typedef struct Graph {
    Sema *s;
    const RaisedList *rs;   /* per handler: the signals it raises */
    int nh, ns;
    int *hear_at, *hearers; /* signal k: hearers[hear_at[k] .. hear_at[k + 1]) */
    int *comp;              /* per node: its component */
    int *comp_size;         /* per component: its nodes */
} Graph;

/* The handlers that hear each signal, by number, by counting sort. */
static void find_hearers(Graph *gr)
{
    Arena *a = gr->s->arena;
    gr->hear_at = arena_alloc(a, sizeof(int) * (size_t)(gr->ns + 2));
    gr->hearers = arena_alloc(a, sizeof(int) * (size_t)(gr->nh + 1));
    for (int h = 0; h < gr->nh; h++) {
        int k = handler_signal(gr->s->g, gr->s->g->handlers.items[h]);
        if (k >= 0)
            gr->hear_at[k + 2]++;
    }
    for (int k = 0; k < gr->ns; k++)
        gr->hear_at[k + 2] += gr->hear_at[k + 1];
    for (int h = 0; h < gr->nh; h++) {
        int k = handler_signal(gr->s->g, gr->s->g->handlers.items[h]);
        if (k >= 0)
            gr->hearers[gr->hear_at[k + 1]++] = h;
    }
}

/* The number of node v's successors, and its i-th. */
static int out_degree(const Graph *gr, int v)
{
    return v < gr->nh ? gr->rs[v].n : gr->hear_at[v - gr->nh + 1] - gr->hear_at[v - gr->nh];
}

static int successor(const Graph *gr, int v, int i)
{
    return v < gr->nh ? gr->nh + gr->rs[v].sig[i] : gr->hearers[gr->hear_at[v - gr->nh] + i];
}

/* Tarjan's algorithm, its recursion kept in call[] (node, next edge). */
typedef struct Tarjan {
    int *index, *low, *stack, *call_v, *call_i;
    bool *on_stack;
    int next, sp, ncomp;
} Tarjan;

/* Node v is visited: numbered, pushed, called. */
static void tarjan_open(Tarjan *t, int v, int *depth)
{
    t->index[v] = t->low[v] = t->next++;
    t->stack[t->sp++] = v;
    t->on_stack[v] = true;
    t->call_v[*depth] = v;
    t->call_i[*depth] = 0;
    (*depth)++;
}

/* Node v's edges are all followed: if it roots a component, the nodes
 * above it on the stack are the component. */
static void tarjan_close(Graph *gr, Tarjan *t, int v)
{
    if (t->low[v] != t->index[v])
        return;
    int w, size = 0;
    do {
        w = t->stack[--t->sp];
        t->on_stack[w] = false;
        gr->comp[w] = t->ncomp;
        size++;
    } while (w != v);
    gr->comp_size[t->ncomp++] = size;
}

/* The components of every node: gr->comp, gr->comp_size. */
static void find_components(Graph *gr)
{
    Arena *a = gr->s->arena;
    size_t nv = (size_t)(gr->nh + gr->ns);
    Tarjan t = {0};
    t.index = arena_alloc(a, sizeof(int) * nv);
    t.low = arena_alloc(a, sizeof(int) * nv);
    t.stack = arena_alloc(a, sizeof(int) * nv);
    t.call_v = arena_alloc(a, sizeof(int) * nv);
    t.call_i = arena_alloc(a, sizeof(int) * nv);
    t.on_stack = arena_alloc(a, sizeof(bool) * nv);
    gr->comp = arena_alloc(a, sizeof(int) * nv);
    gr->comp_size = arena_alloc(a, sizeof(int) * nv);
    for (size_t v = 0; v < nv; v++)
        t.index[v] = -1;
    for (int root = 0; root < (int)nv; root++) {
        if (t.index[root] >= 0)
            continue;
        int depth = 0;
        tarjan_open(&t, root, &depth);
        while (depth > 0) {
            int v = t.call_v[depth - 1];
            if (t.call_i[depth - 1] < out_degree(gr, v)) {
                int w = successor(gr, v, t.call_i[depth - 1]++);
                if (t.index[w] < 0)
                    tarjan_open(&t, w, &depth);
                else if (t.on_stack[w] && t.index[w] < t.low[v])
                    t.low[v] = t.index[w];
                continue;
            }
            tarjan_close(gr, &t, v);
            if (--depth > 0) {
                int u = t.call_v[depth - 1];
                if (t.low[v] < t.low[u])
                    t.low[u] = t.low[v];
            }
        }
    }
}

/* The statement of handler a's body that fires handler b, or NULL. */
static const Node *fires(const Graph *gr, int a, int b)
{
    int k = handler_signal(gr->s->g, gr->s->g->handlers.items[b]);
    const RaisedList *r = &gr->rs[a];
    for (int i = 0; k >= 0 && i < r->n; i++)
        if (r->sig[i] == k)
            return r->at[i];
    return NULL;
}

/* How statement at fires handler h, for a note. */
static const char *how_fired(Sema *s, const Handler *h)
{
    const Node *pat = h->clause->pattern;
    const char *where = arena_printf(s->arena, "%s:%d", h->clause->loc.file
                                     ? h->clause->loc.file->path : "?", h->clause->loc.line);
    if (h->event >= EV_USER)
        return arena_printf(s->arena, "this raises '%s', which the handler at %s hears",
                            pat->name, where);
    if (h->event == EV_PLAYED)
        return arena_printf(s->arena, "this plays a card, which the handler at %s hears", where);
    if (h->event == EV_START || h->event == EV_END)
        return arena_printf(s->arena, "this %s %s, which the handler at %s hears",
                            h->event == EV_START ? "starts" : "ends", time_unit_words(s, pat->name),
                            where);
    return arena_printf(s->arena, "this moves a card into '%s', which the handler at %s "
                                  "hears", ((const Node *)s->g->zones.items[pat->zone_no])->name,
                        where);
}

static int by_number(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The breadth-first search of one handler's cycle, inside its component:
 * from[] and the signals expanded are valid where their mark is this
 * search's number. */
typedef struct Search {
    int *from, *from_mark, *sig_mark, *queue, *met;
    int mark;
} Search;

/* The handlers of component c that handler a fires and the search has not
 * met, appended to the queue by number (as a search over every handler
 * would meet them); returns the new tail. */
static int expand(const Graph *gr, Search *q, int a, int c, int tail)
{
    int nmet = 0;
    const RaisedList *r = &gr->rs[a];
    for (int i = 0; i < r->n; i++) {
        int k = r->sig[i];
        if (gr->comp[gr->nh + k] != c || q->sig_mark[k] == q->mark)
            continue;
        q->sig_mark[k] = q->mark; /* its hearers are met once, here */
        for (int j = gr->hear_at[k]; j < gr->hear_at[k + 1]; j++) {
            int b = gr->hearers[j];
            if (gr->comp[b] == c && q->from_mark[b] != q->mark) {
                q->from_mark[b] = q->mark;
                q->from[b] = a;
                q->met[nmet++] = b;
            }
        }
    }
    qsort(q->met, (size_t)nmet, sizeof *q->met, by_number);
    for (int i = 0; i < nmet; i++)
        q->queue[tail++] = q->met[i];
    return tail;
}

/* The shortest cycle through handler h0 (on a cycle), reported once, with
 * a note at each statement that fires the next handler; the handlers on it
 * are marked reported. */
static void report_cycle(const Graph *gr, Search *q, int h0, bool *reported)
{
    Sema *s = gr->s;
    int c = gr->comp[h0], k0 = handler_signal(s->g, s->g->handlers.items[h0]);
    int head = 0, tail = 0, found = -1;
    q->mark++;
    q->queue[tail++] = h0;
    q->from_mark[h0] = q->mark;
    q->from[h0] = -1;
    while (head < tail && found < 0) {
        int a = q->queue[head++];
        for (int i = 0; i < gr->rs[a].n && found < 0; i++)
            if (gr->rs[a].sig[i] == k0)
                found = a;
        if (found < 0)
            tail = expand(gr, q, a, c, tail);
    }
    if (found < 0)
        return;
    const Handler *h = s->g->handlers.items[h0];
    diag_warning(s->diags, h->clause->loc, "a cycle of triggers: this handler may fire itself "
                                           "again, and again unless a decision comes between "
                                           "(the game faults after %lld triggers without one, "
                                           "'limit triggers')", s->g->max_triggers);
    /* the path h0 -> ... -> found -> h0, noted from its end */
    int to = h0;
    for (int a = found; a != -1; to = a, a = q->from[a]) {
        const Node *at = fires(gr, a, to);
        diag_note(s->diags, at->loc, "%s", how_fired(s, s->g->handlers.items[to]));
        reported[a] = true;
    }
}

void check_trigger_cycles(Sema *s, const RaisedList *rs)
{
    const Game *g = s->g;
    Arena *a = s->arena;
    Graph gr = {.s = s, .rs = rs, .nh = g->handlers.len, .ns = signal_count(g)};
    find_hearers(&gr);
    find_components(&gr);
    Search q = {.mark = 0};
    size_t nh = (size_t)gr.nh + 1;
    q.from = arena_alloc(a, sizeof(int) * nh);
    q.from_mark = arena_alloc(a, sizeof(int) * nh);
    q.queue = arena_alloc(a, sizeof(int) * nh);
    q.met = arena_alloc(a, sizeof(int) * nh);
    q.sig_mark = arena_alloc(a, sizeof(int) * (size_t)(gr.ns + 1));
    bool *reported = arena_alloc(a, sizeof(bool) * nh);
    for (int i = 0; i < gr.nh; i++)
        if (!reported[i] && ((const Handler *)g->handlers.items[i])->event >= 0 &&
            gr.comp_size[gr.comp[i]] > 1) /* a handler alone is on no cycle */
            report_cycle(&gr, &q, i, reported);
}
