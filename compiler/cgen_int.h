/* cgen_int.h: what the files of the code generator share (compiler/cgen*.c
 * only): the state of one emission, Gen, and the helpers every part of
 * it writes C with.
 *
 *   cgen.c         the game: tables, expressions, statements, the two
 *                  copies of each proc, the run loop's hooks
 *   cgen_events.c  events and triggers: raising an event, the handlers,
 *                  the trigger queue's entries and their order
 */
#ifndef CARDC_CGEN_INT_H
#define CARDC_CGEN_INT_H

#include "cgen.h"
#include "emit.h"

typedef struct Gen {
    Buf *out;
    Arena *a;
    const Game *g;
    const CardSet *cs;
    const Node *fn;         /* the FUNCDECL or PROCDECL being emitted */
    const char **slot_name; /* what each of its frame slots holds */
    StrMap slot_names;      /* the names given so far (name_slot) */
    int *slot_seen;         /* per slot: the last frame_comment that saw it */
    int frame_no;           /* frame_comments written for it */
    int frame_size;         /* its frame slots */
    bool returns_next;      /* the rule returns, with no result, right after
                             * the statement being emitted */
    bool in_proc;
    bool direct;            /* emitting the direct-call copy of a proc */
    bool in_match;          /* emitting a handler's tests: `by` and `cause`
                             * are the trigger's (t->by, t->cause) */
    int nfire;              /* the tables of kinds that hear an event (evkN) */
    int nplay_slots;        /* the slots of the zones `in play` (ev_play_slots) */
    int pc;                 /* next resume point of the proc being emitted */
    int indent;
    Buf helpers;            /* aggregate and option helpers, emitted first */
    Buf protos;             /* their prototypes, emitted before them */
    const SrcFile *src_file;    /* source_text's place: the start of src_line */
    int src_line;
    const char *src_p;
    bool *done[HELPER__COUNT]; /* per family, per helper number: written */
    const char **card_ids;
    bool reads_cand;        /* code emitted reads s->cand, not only s->candkinds */
    const Node *at;         /* the statement or declaration being emitted:
                             * what it may fault names its line (site) */
    PtrVec sites;           /* the fault sites numbered so far: a node each */
    StrMap site_no;         /* "file:line" -> its number in sites, from 1 */
} Gen;

/* ---- cgen.c ---- */

/* One line of C at the current indent (printf-like). */
void line(Gen *G, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The C of expression n, appended to b; as a string of the arena. */
void gen_expr(Gen *G, Buf *b, const Node *n);
const char *expr_str(Gen *G, const Node *n);
/* e without one outer pair of parentheses enclosing all of it. */
const char *unparen(Gen *G, const char *e);
/* The base name of the rules file of n ("game.rules"). */
const char *where(const Gen *G, const Node *n);
/* The fault site of node n, and of the statement being emitted (G->at). */
int site_of(Gen *G, const Node *n);
int site(Gen *G);
/* A statement; a block, each statement after its line of the rules. */
void gen_stmt(Gen *G, const Node *n);
void gen_block(Gen *G, const Node *blk);
/* What the function being emitted returns once the game has stopped,
 * and the check that returns it. */
const char *stop_value(const Gen *G);
void gen_stop_if_over(Gen *G);
/* A resume point of the resumable copy: a case of its switch on f->pc. */
void gen_resume_point(Gen *G, int pc);
/* Emitting func or proc d (begin_rule returns where its C begins in
 * G->out; end_rule names the frame slots of what was written since). */
size_t begin_rule(Gen *G, const Node *d, bool in_proc, bool direct);
void end_rule(Gen *G, size_t at);
void label_frames(Gen *G, Buf *b, size_t from);
/* ", int32_t a0, ..." and ", a0, ..." for parameters; V[i] = ai. */
void param_lists(const Node *params, Buf *decl, Buf *call);
void gen_param_copies(Gen *G, const Node *params);
/* The wrapper that bounds the depth of calls of a body function. */
void gen_depth_guard(Gen *G, const char *counter, const char *limit, const char *call);
/* The two copies of a proc, and the prototype of its direct copy. */
void gen_proc(Gen *G, const Sym *p);
void gen_dproc(Gen *G, const Sym *p);
void gen_dproc_proto(Gen *G, const Sym *p, bool def);

/* ---- cgen_events.c ---- */

void gen_event_defs(Gen *G);
void gen_event_proc_numbers(Gen *G);
void gen_event_steps(Gen *G);
void gen_event_value(Gen *G, Buf *b, int which);
void gen_event_call(Gen *G, const Node *c);
void gen_event_raises(Gen *G);
void gen_event_hooks(Gen *G);
const char *event_table_entries(Gen *G);
bool move_heard(const Gen *G, const Node *to);
const char *moved_events(Gen *G, const Node *n, const char *from);
void gen_move_heard(Gen *G, const char *card, const char *to, const char *pos);
void gen_event_drain(Gen *G);
void gen_event_played(Gen *G, const char *card, const char *by);
void gen_fire_fn(Gen *G, int e, const char *fname, int nvals);
void gen_take_set_heard(Gen *G, const char *to);

/* The name the C of proc p takes (P_x, proc_x, dproc_x): Sym.cname. */
static inline const char *sym_c(const Sym *p)
{
    return p->cname ? p->cname : p->name;
}

#endif
