/* cgen_int.h: what the files of the code generator share (compiler/cgen*.c
 * only).
 *
 *   cgen.c          the game's C: expressions, statements, procs, funcs,
 *                   the tables and the run loop's hooks
 *   cgen_effects.c  the play of cards: 'play', playable(), controller()
 *                   and the dispatch from a card to its effect
 *   cgen_reactions.c  what runs before an event: instead, react, cancel
 *   cgen_time.c     turns, rounds and phases; lasting and delayed effects
 *   cgen_events.c   events and triggers: raising an event, the handlers,
 *                   the trigger queue
 *   cgen_order.c    a player's choice of the order of their triggers
 *   cgen_numbers.c  the numbers the views show, whose turn it is
 *   cgen_cover.c    the coverage sites (simulate --coverage)
 *   cgen_agents.c   what the search agents read: the value they maximise,
 *                   the zones each card may be in
 */
#ifndef CARDC_CGEN_INT_H
#define CARDC_CGEN_INT_H

#include "cgen.h"
#include "emit.h"
#include "parse.h"

/* Time blocks nested in one rule at most: blocks nest no deeper than the
 * parser allows (RL_MAX_DEPTH). */
enum { TIME_NEST_MAX = RL_MAX_DEPTH + 1 };

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
    bool memo_inner;        /* emitting a memo func's own call: fnm_NAME */
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
    /* time (cgen_time.c) */
    const Node *open_time[TIME_NEST_MAX]; /* the turn, round and phase blocks
                             * open where code is emitted, outermost first */
    int open_loops[TIME_NEST_MAX]; /* the loops open around each */
    int nopen_time;
    const Handler *bf;      /* the `instead of` or `react to` clause whose proc
                             * is being emitted (cgen_reactions.c), or NULL */
    int loops;              /* loops open where code is emitted */
    PtrVec cov_sites;       /* the coverage sites numbered so far (cgen_cover.c) */
    const Sym *proc;        /* the proc whose resumable copy is being emitted */
    Buf simul_restarts;     /* per simultaneous choice of a proc: a line of
                             * game_simul_restart (cgen_agents.c), the resume
                             * point before it for the points of its question */
    PtrVec card_scope;      /* the card locals in scope where code is emitted
                             * (PinScope, cgen_agents.c) */
    Buf repoint_locals;     /* per card local of a proc in scope at a resume
                             * point: a line of game_repoint_locals
                             * (cgen_agents.c) */
    Buf told_note;          /* per public choice that tells (Game.told) of a
                             * proc: a case of game_told_note and one of */
    Buf told_holds;         /* game_told_holds (cgen_agents.c) */
    int ntold;              /* the cases so far */
} Gen;

/* The name the C functions of func or proc sym are made of (Sym.cname;
 * its name if it has none). */
#define CNAME(sym) ((sym)->cname ? (sym)->cname : (sym)->name)

/* The card locals in scope where code is emitted, for game_repoint_locals
 * (cgen_agents.c): pin_scope_open(G, n), after the code of n (a `let`, or
 * a parameter, at the start of its proc) puts it in scope when it holds a
 * card; pin_scope_close(G, mark) ends the scopes opened since
 * G->card_scope.len was mark, each written down when a resume point of
 * the proc's resumable copy lies in it. */
void pin_scope_open(Gen *G, const Node *n);
void pin_scope_close(Gen *G, int mark);

/* Writes one line of C at the current indent. */
void line(Gen *G, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The C of expression n, as a string of the arena. */
const char *expr_str(Gen *G, const Node *n);
/* The C of player expression p, checked (pidx) unless surely a seat. */
const char *checked_player(Gen *G, const Node *p);
/* The values words w (WORDS, or NULL) are built from, as the int32_t
 * rt_words reads: "a, b, c", a 0 for each word it has not. */
const char *words_args(Gen *G, const Node *w);
int value_word_base(const Gen *G, Type t, int attr);
/* The C of expression n, appended to b. */
void gen_expr(Gen *G, Buf *b, const Node *n);
/* The base name of the file node n is in. */
const char *where(const Gen *G, const Node *n);
/* The fault site of node n, and of the statement being emitted. */
int site_of(Gen *G, const Node *n);
int site(Gen *G);
/* What the function being emitted returns once the game has stopped. */
const char *stop_value(const Gen *G);
/* Stops a proc if the game is over. */
void gen_stop_if_over(Gen *G);
/* A case of the resumable copy's switch on f->pc. */
void gen_resume_point(Gen *G, int pc);
/* Ends a call of the resumable copy, inside the block that computed the
 * arguments ARGPREFIX0..N-1: pushes proc PROC's frame (too deep faults at
 * site CALLEE), copies the arguments into it, closes the block, returns
 * R_CALL and resumes after it. */
void gen_push_call(Gen *G, int callee, const char *proc, const char *argprefix, int n);
/* e without one pair of parentheses around all of it. */
const char *unparen(Gen *G, const char *e);
void gen_block(Gen *G, const Node *blk);
void gen_stmt(Gen *G, const Node *n);
/* Names frame slot i in the comments of the rule being emitted. */
void name_slot(Gen *G, int i, const char *name, const Node *at);
/* Begins emitting func or proc d (returns where its C begins in G->out),
 * and ends it: its C functions open with the names of their slots. */
size_t begin_rule(Gen *G, const Node *d, bool in_proc, bool direct);
void end_rule(Gen *G, size_t at);

/* cgen_effects.c */
void gen_play(Gen *G, const Node *n);
void gen_playable(Gen *G, Buf *b, const Node *n);
void gen_controller(Gen *G, Buf *b, const Node *n);
void gen_effects_defs(Gen *G);
void gen_play_dispatch(Gen *G);

/* ", int32_t a0, ..." and ", a0, ..." for a rule's parameters. */
void param_lists(const Node *params, Buf *decl, Buf *call);

/* cgen_events.c */
void gen_event_defs(Gen *G);
void gen_event_proc_numbers(Gen *G);
void gen_event_steps(Gen *G);
void gen_event_value(Gen *G, Buf *b, int which);
void gen_event_call(Gen *G, const Node *c);
void gen_event_raises(Gen *G);
void gen_event_hooks(Gen *G);
const char *event_table_entries(Gen *G);
/* cgen_numbers.c */
void gen_numbers(Gen *G);
const char *numbers_table_entries(Gen *G);
bool move_heard(const Gen *G, const Node *to);
bool drops_heard(const Game *g);
const char *moved_events(Gen *G, const Node *n, const char *from);
void gen_move_heard(Gen *G, const char *card, const char *to, const char *pos);
void gen_event_drain(Gen *G);
void gen_event_played(Gen *G, const char *card, const char *by);
void gen_fire_fn(Gen *G, int e, const char *fname, int nvals);
void gen_take_set_heard(Gen *G, const char *to);
const char *in_zone(Gen *G, const char *slot, int zone_no);
const char *seat_in(Gen *G, const char *slot, int zone_no);

/* cgen_cover.c: the coverage sites. The decision site of choice n (its
 * option sites after it; *nopts how many), numbered the first time;
 * the site of proc p, numbered anew; the table cov_sites[] and its
 * entries in the RtGame table. */
int cov_decision(Gen *G, const Node *n, int *nopts);
int cov_rule(Gen *G, const Sym *p);
int cov_modifier(Gen *G, const Node *m);
void gen_cov_sites(Gen *G);
const char *cov_table_entries(Gen *G);
void gen_agents(Gen *G);
/* Public choice `choice`, in the resumable copy of a proc, waits at
 * resume point pc: when it tells (Game.told), what its answer told is
 * read back for the search agents' deals (cgen_agents.c). */
void agents_told_site(Gen *G, const Node *choice, int pc);
const char *agents_table_entries(const Gen *G);

/* cgen_order.c: `triggers chosen by controller` (nothing without it) */
void gen_order_defs(Gen *G);
void gen_order_group(Gen *G);
void gen_order_info(Gen *G);

/* cgen_holders.c */
/* Before rt_game.h, in a game with held zones: slot_holder[] (the card
 * each slot lies under, -1; RtGame.slot_holder), type_holds[],
 * slot_in_play[] and inst_rank[] (each card's rank in its type: its slot
 * in a held zone under that type). */
void gen_holder_tables(Gen *G);
/* After the rules: game_holder_left(s, c), what becomes of the cards under
 * card c when it leaves play. */
void gen_holder_left(Gen *G);
/* The slot of a held zone under a card: hslot(...). */
void gen_held_slot(Gen *G, Buf *b, const Node *n);
/* c in Z */
void gen_membership(Gen *G, Buf *b, const Node *n);
/* The head of a source's loop over a held zone without its holder. */
void gen_held_loop_head(Gen *G, Buf *hb, const Node *src, const char *ind, bool down);
/* count over a held zone without its holder, by its counts (hkcount) */
void gen_held_count(Gen *G, Buf *h, const Node *src);
void gen_held_any(Gen *G, Buf *h, const Node *src);
void gen_func_step(Gen *G, int at);
/* May a card choice from src offer cards that copies do not stand for? */
bool holders_possible(Gen *G, const Node *src);
/* The head of 'for c in Z', Z a held zone without its holder. */
void gen_for_held_head(Gen *G, const Node *n);
/* Where the cards that drop are heard (drops_heard, cgen_events.c: their
 * moves fire triggers, game_dropped), they are heard after the move that
 * made their holder leave play: a heard move holds the drops back while it
 * moves (s->dropping = 1, then 0), fires its own triggers, then lets them
 * drop (holders_drop(s)). Writes C statement stmt, one of those three,
 * where drops are heard. */
void gen_drops(Gen *G, const char *stmt);

/* cgen_time.c */
/* The constants and tables of time, before rt_game.h (nothing for a game
 * without time). */
void gen_time_defs(Gen *G);
/* The unit a History counts in, as C (cgen.c). */
const char *history_stamp(Gen *G, const History *h);
/* Does an emitted 'until ... for P { immune to EV }' name event ev? */
bool event_has_immune(const Game *g, const Sym *ev);
/* immune_NAME(s), the seats immune to event ev now (cgen_time.c). */
void gen_immune_fn(Gen *G, const Sym *ev);
/* Is p the proc of an 'at' block? (Its direct copy takes a frame.) */
bool is_delayed(const Sym *p);
/* Does func fn have modifiers? (Its body is emitted as fn0_NAME, and
 * fn_NAME applies them.) */
bool has_modifiers(const Sym *fn);
/* The statements of time: turn, round, phase, until, at. */
void gen_time_stmt(Gen *G, const Node *n);
/* Before a 'break' or 'return': the ends of the time blocks it leaves. */
void gen_time_leave(Gen *G, bool all);
/* 'return' inside a time block; false if none is open (nothing written). */
bool gen_time_return(Gen *G, const Node *n);
/* Does a handler hear event e (EV_START, EV_END) of unit `unit` (any unit:
 * -1)? */
bool time_heard(const Game *g, int e, int unit);
/* start_turn(p) */
void gen_start_turn(Gen *G, const Node *call);
/* The prototypes and functions of the modifiers and of the funcs they
 * change, and the dispatch of delayed blocks for direct play. */
void gen_time_protos(Gen *G);
void gen_modifiers(Gen *G);
void gen_delayed_dispatch(Gen *G);

/* cgen_reactions.c */
void gen_before_defs(Gen *G);
void gen_before_proc_numbers(Gen *G);
void gen_before_steps(Gen *G);
const char *before_table_entries(Gen *G);
void gen_cancel(Gen *G, const Node *n);
void gen_before_epilogue(Gen *G);
bool gen_before_played(Gen *G, const Node *n, int c);
int before_move_index(const Game *g);
/* cgen_move_befores.c: a move of one card with clauses before it */
bool move_before_heard(const Gen *G, const Node *to);
void gen_move_before(Gen *G, const char *card, const char *to, const char *pos, bool heard);
const char *bulk_befores(Gen *G, const Node *n, const char *froms, bool one_slot);
void gen_take_set_before(Gen *G, const char *to, bool heard);
const char *before_raise_resumable(Gen *G, const Sym *ev, int at);
const char *before_raise_direct(Gen *G, const Sym *ev);
void gen_before_hooks(Gen *G);
void gen_before_handler_info(Gen *G);

#endif
