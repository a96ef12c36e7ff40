/* sema_int.h: what the files of the checker share (compiler/sema*.c only).
 *
 *   sema.c        the two passes, and the checks of the game as a whole
 *   sema_names.c  diagnostics helpers, scopes, what a name means
 *   sema_expr.c   expressions, sources, card filters
 *   sema_call.c   calls of funcs, procs and builtins
 *   sema_stmt.c   statements and decisions
 *   sema_holders.c held zones, per-card variables, membership, holder()
 *   sema_limits.c the game against the runtime's fixed sizes
 *   sema_effects.c card effects: which card has which, their clauses
 *   sema_reactions.c what runs before an event: instead, react, cancel
 *   sema_time.c   turns, rounds, phases; lasting and delayed effects
 *   sema_facts.c  what a condition needs: the parts no card can make hold
 *   sema_needs.c  what that proves: cards never played, types relied on
 *                 that no card has, rules and card effects that never run
 *   sema_prevent.c a cancel under conditions no card of its trigger meets
 *   sema_kinds.c  the card kinds each zone and variable may hold
 *   sema_reach.c  what those kinds prove: effects given the wrong kind,
 *                 cards nothing draws or plays, ends that never happen
 *   sema_words.c  prompts and labels built from values
 *   sema_supply.c draws, certain to run, from a deck that holds too few
 *   sema_draws.c  draws, wherever written, from a zone certainly empty there
 *   sema_bottom.c draws that may follow the draw of a deck's bottom card
 *   sema_unreached.c procs and funcs called only from rules never reached
 *   sema_option_reach.c options never offered where their choice is reached
 *   sema_usage.c  what is written and never read, or read and never written
 *   sema_type_uses.c a card type whose cards no rule or effect names
 */
#ifndef CARDC_SEMA_INT_H
#define CARDC_SEMA_INT_H

#include "sema.h"

/* A local name in scope. The scopes are one stack; scope_ix maps a name
 * to its innermost entry, which remembers the entry it hides. */
typedef struct Scope {
    const char *name;
    Sym *sym;
    int prev;                   /* 1 + the entry this one hides, or 0 */
} Scope;

/* The checker: the tables of the game as they fill, and the state of the
 * body being checked. */
typedef struct KindsRun KindsRun;

typedef struct Sema {
    Arena *arena;
    Diags *diags;
    const CardSet *cs;
    Game *g;
    StrMap globals;             /* name -> Sym* */
    bool have_game, have_players; /* declarations seen */
    unsigned limits_seen;       /* bit k: limit_kinds[k] (sema.c) was set */
    StrMap prompt_ix, label_ix; /* prompt or label -> index + 1 */
    /* the body being checked */
    Sym *fn;
    bool in_proc;
    int nlocals;
    Scope *scope;
    int nscope, capscope;
    StrMap scope_ix;            /* name -> 1 + its innermost scope entry, or 0 */
    int loops;
    int implicit_slot;          /* slot of the implicit card, or -1 */
    bool in_such;               /* 'chosen' is in scope */
    const Node *clause;         /* the effect's CLAUSE being checked, or NULL */
    bool event_scope;           /* checking an event's body: `by` and `cause`
                                 * are in scope (a handler has them as
                                 * parameters) */
    bool window_words;          /* checking the words of a reaction window's
                                 * question or label: every seat reads them */
    bool rules_handler;         /* checking a handler of the rules: 'this' and
                                 * 'me' name no card there */
    const char **names_buf;     /* name_list's buffer, names_cap long */
    int names_cap;
    struct CardLists *card_lists; /* the cards by type and value (sema_expr.c) */
    /* time (sema_time.c) */
    bool have_lasting_limit;    /* 'limit lasting' seen */
    StrMap phase_ix;            /* phase name -> its index + 1 */
    bool in_delayed;            /* checking the block of an 'at' */
    int delayed_base;           /* its rule's slots, read-only there, are below */
    PtrVec delayed;             /* the procs made of the 'at' blocks of the
                                 * rule being checked (their frame is its) */
    KindsRun *kinds;            /* the kinds' fixed point (sema_kinds.c), or
                                 * NULL when it was not reached */
    int soft_errors;            /* errors that leave the tree whole (a quoted
                                 * card name that is no card, a choice no card
                                 * satisfies): the proofs that need a checked
                                 * game (sema_kinds.c, sema_reach.c) still run */
    StrMap clause_effect;       /* sema_needs.c: a clause ("%p") -> its EFFECT */
    /* players out of the game (sema_call.c) */
    bool puts_out;              /* some rule calls eliminate(p) */
    const Node *out_read;       /* the first call of is_out or players_in */
    PtrVec value_choices;       /* sema_value_limits.c: the choices of values */
    PtrVec draws_reported;      /* sema_draws.c: the ZONEDECLs found empty at a
                                 * top(Z) (sema_supply.c says no more of them) */
    PtrVec calls;               /* sema_unreached.c: CallEdge*, each call of a
                                 * proc or func of the rules */
} Sema;

/* sema.c */
Sym *enter_global(Sema *s, Node *decl, SymKind kind, Type t);

/* sema_events.c */
void declare_event(Sema *s, Node *n);
void declare_limit_triggers(Sema *s, Node *n);
void check_event(Sema *s, Sym *ev);
Type check_call_event(Sema *s, Node *n, Sym *ev, bool stmt);
int event_param_attr(const Sym *ev, int i);
Type named_type(Sema *s, const Node *how, int *attr);
long long events_state_words(const Game *g);
void scope_event_values(Sema *s);
const Sym *event_of_body(Sema *s, const Sym *f); /* the event whose body f is, or NULL */

/* sema_windows.c: `window for c played { ... }` */
void declare_card_window(Sema *s, Node *n);
void check_card_windows(Sema *s); /* its words, once the events' are checked */

/* sema_call.c */
void warn_nobody_out(Sema *s);

/* sema_order.c */
void declare_trigger_order(Sema *s, Node *n);
void finish_trigger_order(Sema *s);

/* sema_sort.c */
void check_sort(Sema *s, Node *n);

/* sema_value_limits.c: the options of a choice of values against
 * max_options. note_value_choice as each is checked (nvalues: how many
 * values(...) gives, -1 for a range); check_value_choices once the rules
 * are checked (and the kinds known, when they are). */
void note_value_choice(Sema *s, const Node *n, long long nvalues);
void check_value_choices(Sema *s);
/* Do a and b, computed at one moment, surely give the same value? (Also
 * sema_self_holder.c's test of a card put under itself.) */
bool sema_same_value(const Node *a, const Node *b);
/* The numbers an expression may take: lo..hi, each side clamped to
 * -SEMA_FAR..SEMA_FAR (SEMA_FAR: no bound known); `unknown` is the first
 * operand whose number cardc cannot bound, or NULL. */
enum { SEMA_FAR_SHIFT = 40 };
#define SEMA_FAR (1LL << SEMA_FAR_SHIFT)
typedef struct NumBound {
    long long lo, hi;
    const Node *unknown;
} NumBound;
/* What sema_bound may know beyond the choices' own bounds (sema_never.c):
 * the numbers a variable may ever hold (var: its NumBound, or NULL to know
 * none), a number of players (players > 0: that one only), and the
 * sources a count(...) walks (count(Z) at most what Z may hold, count of
 * players at most the players). */
typedef struct BoundEnv {
    NumBound (*var)(const Sema *s, const Node *e, void *ctx); /* e: IDENT or INDEX */
    void *ctx;
    int players;
} BoundEnv;
/* The numbers number expression e (checked, of type int) may take; env
 * NULL: constants, size, count, player_count and arithmetic only. */
NumBound sema_bound(const Sema *s, const Node *e, const BoundEnv *env);

#include "sema_call_memo.h" /* CallMemo */
/* Does expression e read zone z (its number: its size, its cards), in
 * itself or in the funcs it calls, 8 calls deep? */
bool sema_reads_zone(const Node *e, int z);

/* sema_var_ranges.c: the numbers each int or bool variable may ever hold
 * (a bool: 0 false, 1 true), from its first value and every write. */
typedef struct VarRanges VarRanges;
VarRanges *var_ranges(Sema *s);
/* A BoundEnv's var: the range of the variable e (IDENT or INDEX) reads,
 * ctx the VarRanges; no bound for any other e. */
NumBound var_range(const Sema *s, const Node *e, void *ctx);
bool var_range_known(const VarRanges *v, const Node *e);
const Node *var_read_decl(const Node *e); /* the VARDECL e reads, or NULL */
void note_var_range(Sema *s, const VarRanges *v, const Node *decl);

/* sema_never.c: conditions that can never hold, proved from numbers. */
void check_never_conds(Sema *s);

/* sema_ends.c */
void declare_winners(Sema *s, Node *n);
void check_winners(Sema *s);
void check_agents(Sema *s);

/* sema_kinds.c: which card kinds (bit k: card kind k, at most 64 kinds)
 * each zone and card variable may hold, grown to a fixed point; every
 * mask is an over-approximation. check_event_kinds computes them and sets
 * Sema.kinds when it reaches the fixed point; the rest reads them. */
typedef unsigned long long Kinds;
void check_event_kinds(Sema *s);
Kinds kinds_all(const KindsRun *r);
Kinds kinds_in_zone(const KindsRun *r, int zone);   /* may ever hold */
Kinds kinds_entering(const KindsRun *r, int zone);  /* a rule moves there */
Kinds kinds_of_type(const CardSet *cs, int t);
/* The kinds card expression e (or the cards of source src) may hold; in a
 * kinds_walk, narrowed by the `if` branches the walk is in. */
Kinds kinds_of_expr(const KindsRun *r, const Node *e);
Kinds kinds_of_source(const KindsRun *r, const Node *src);
/* ast_walk, with the kinds of the variables an `if` tests narrowed in its
 * branches. */
void kinds_walk(KindsRun *r, Node *n, void (*fn)(Node *n, void *ctx), void *ctx);
/* Filter f on the element in slot `slot`, for card kind cd: 1 true, 0
 * false, -1 it depends on more than the card. sema_eval_filter, and a
 * quoted name that is no card never matches, and a func of one expression
 * given the element is looked through (8 calls deep). */
int kinds_eval(const Node *f, int slot, const CardDef *cd);
/* Where a filter that keeps none of `in` is wrong: the operand of an
 * `and` that alone keeps none, or the whole filter. */
Loc kinds_none_loc(const CardSet *cs, const Node *f, int slot, Kinds in);
/* "'teacher' or 'staff'": the types of the kinds in m. */
const char *kinds_types(Sema *s, Kinds m);
/* "'A', 'B' and 3 more": the cards of m, at most `most` named (sema_reach.c) */
const char *kinds_card_names(Sema *s, Kinds m, int most);
/* The zone z names (`Z` or `Z[p]`): its index in Game.zones, or -1. */
int sema_zone_no(const Node *z);
/* Does a clause of hs (Game.befores) hear a card enter or leave a zone
 * (an `instead of` or a reaction may then cancel a move)? */
bool sema_hears_moves(const PtrVec *hs);
/* Did sema_draws.c already report zone z empty at a top(Z)? */
bool sema_draws_reported(const Sema *s, int z);

/* sema_reach.c */
void check_reach(Sema *s);

/* sema_draws.c: a top(Z) that finds Z empty whenever it runs (errors, soft) */
void check_draws(Sema *s);

/* sema_bottom.c: a card put at the bottom of a deck, and a draw that may
 * follow its draw (a warning) */
void check_bottom_draws(Sema *s);

/* sema_may_empty.c: a draw from a shared zone in a loop the players can
 * keep going until the zone is empty, with no rule for it (a warning) */
void check_may_empty(Sema *s);

/* sema_unreached.c: note_call as each call of a proc or func is checked
 * (s->fn: the rule it is in); warn_unreached once the rules are checked */
void note_call(Sema *s, const Sym *callee);
void warn_unreached(Sema *s);
/* Is proc or func sym called from outside the procs and funcs of the
 * rules (a handler, an effect, an event's body, a window)? */
bool called_apart(Sema *s, const Sym *sym);

/* sema_option_reach.c: options never offered where their choice is
 * reached (a game variable's values there, following calls) */
void check_option_reach(Sema *s);

/* sema_usage.c: variables written and never read or read and never
 * written, zones cards go to that nothing reads (warnings) */
void check_usage(Sema *s, const Program *prog);
/* sema_type_uses.c: a card type whose cards no rule or effect names */
void check_type_uses(Sema *s, const Program *prog);

/* sema_handlers.c */
void check_handler(Sema *s, Node *c, const Node *e);
void check_rules_handlers(Sema *s, const Program *prog);
void check_handlers_heard(Sema *s, const Program *prog);
void check_befores_heard(Sema *s);
/* What a rule raises that a handler may hear, as signals: 0 .. events - 1
 * a user event, then a card entering each zone, then each unit of time
 * (UNIT_TURN, UNIT_ROUND, UNIT_PHASE0 + i), then a card played. */
int signal_count(const Game *g);
int handler_signal(const Game *g, const Handler *h); /* what h hears, or -1 */
/* The signals one handler's body raises (through the procs it calls and
 * the events it raises), each once, with the first statement raising it. */
typedef struct RaisedList {
    int n;
    const int *sig;
    const Node *const *at;
} RaisedList;
const char *time_unit_words(Sema *s, const char *name); /* "the turn", "phase 'x'" */

/* sema_trigger_cycles.c: the cycles of triggers among the `on` handlers,
 * given what each raises (rs[i]: Game.handlers' i-th) */
void check_trigger_cycles(Sema *s, const RaisedList *rs);

/* sema_simul.c: `for q in players simultaneously`, checked once its
 * body is */
void check_simul_for(Sema *s, const Node *n);

/* sema_names.c */
void error_unknown(Sema *s, Loc at, const char *what, const char *name,
                   const char *const *cands, int n);
const char **name_list(Sema *s, int n);
const char **all_names(Sema *s, int *n);
const char **attribute_names(Sema *s, int *n);
bool compatible(Type want, Type got);
void expect_type(Sema *s, Node *n, Type want, Type got, const char *ctx);
Type check_expr_as(Sema *s, Node *e, Type want, int attr);
void expect_value(Sema *s, Node *n, Type want, int attr, Type got, const char *ctx);
int value_attr_of(Sema *s, const Node *how);
Sym *new_local(Sema *s, const char *name, Type t, Node *decl, SymKind kind);
Sym *find_local(Sema *s, const char *name);
void scope_pop(Sema *s, int mark);
Sym *declare_local(Sema *s, Node *at, const char *name, Type t, SymKind kind);
bool field_of_card(Sema *s, Node *n, const char *field);
bool as_value_of(Sema *s, Node *n, int attr);
bool known_name(Sema *s, const char *name);
Type check_ident(Sema *s, Node *n);
Type check_string(Sema *s, Node *n);
bool report_no_card(Diags *d, const CardSet *cs, Loc at, const char *name);

/* sema_expr.c */
Type check_expr(Sema *s, Node *n);
Type check_source(Sema *s, Node *src);
Node *as_source(Sema *s, Node *arg);
/* Where an expression starts, spanning it when it ends on that line. */
Loc sema_expr_loc(const Node *n);
void check_satisfiable(Sema *s, Node *src, const char *what);

/* sema_call.c */
extern const char *const builtin_names[B__COUNT];
int find_builtin(const char *name);
/* What builtin b is: "playable(c, p), whether player p may play card c". */
const char *builtin_meaning(int b);
Type check_call(Sema *s, Node *n, bool stmt);
Sym *game_callee(Sema *s, const char *name);

/* sema_stmt.c */
void check_block(Sema *s, Node *n);
/* The index of str in the table of prompts or labels, added if new. */
int intern_str(Sema *s, PtrVec *v, StrMap *ix, const char *str);
/* sema_words.c: the words of n's prompt or label (n->words) typed, and
 * checked against what `decider` sees (NULL: every seat, for a public
 * choice) (and, for a label, its length);
 * returns the text to intern: n->name, or the runtime's template. */
const char *check_words(Sema *s, Node *n, const Node *decider, bool label);
/* sema_words.c: a public choice of cards takes them from a public zone. */
void check_public_cards(Sema *s, const Node *n);
/* sema_words.c: the question and the label of the reaction window of the
 * event whose body decl is being checked (`asks`, `declines`), in the
 * scope of its parameters: interned, their words checked for every seat. */
void check_window_texts(Sema *s, Node *decl);
/* sema_stmt.c: the label of option o of a decision of `decider` (NULL:
 * every seat), its words checked, interned. */
int intern_label(Sema *s, Node *o, const Node *decider);

/* sema.c */
void sema_check_fn(Sema *s, Sym *sym); /* a func's, proc's or play clause's body */

/* sema_effects.c */
void check_effects(Sema *s, const Program *prog);
void check_play(Sema *s, Node *n);
Type check_playable(Sema *s, Node *n);
const Node *sema_effect_of_clause(const Game *g, const Node *c); /* its EFFECT, or NULL */
void warn_effects_never_run(Sema *s); /* sema_effect_kinds.c */

/* sema_reactions.c */
void check_cancel(Sema *s, Node *n);
int before_params(Sema *s, Handler *h, Node **params, Node **last);
Node *before_body(Sema *s, Node *c);
void check_before_pattern(Sema *s, Handler *h);
void check_before_handler_done(Sema *s, Handler *h);
void finish_befores(Sema *s);
/* The zone property `reacts` of zone z as written (its position); NULL
 * when z has none. */
const Node *reacts_flag(const Node *z);
/* sema_secrecy.c: what decides a reaction's offer reads only what its
 * player sees */
void check_react_where_secret(Sema *s, const Handler *h);
void check_react_play_guards(Sema *s);
void check_shown_func_secret(Sema *s, const Node *f);
/* sema_shown.c: who sees a variable or a func's value in the views */
void declare_var_shown(Sema *s, Node *v, Sym *sym);
void declare_func_shown(Sema *s, Node *f, Sym *sym);
/* Is decl a variable written `watched` (hidden, read by tools and tests)? */
bool shown_watched(const Node *decl);
void check_shown_secrets(Sema *s);
void check_decision_secrets(Sema *s);
bool every_seat_sees(Sema *s, const Node *e);
bool bound_card_seen(const Game *g, const Handler *h);
int proc_index(const Game *g, const Sym *sym);
/* sema_var_secrets.c */
void find_secret_vars(Sema *s);
void check_decision_reached(Sema *s);
/* sema_move_befores.c */
void check_before_assign(Sema *s, const Node *target);
void check_move_befores(Sema *s);
/* sema_time.c */
void declare_phases(Sema *s, Node *n);
void declare_lasting_limit(Sema *s, Node *n);
void check_time_block(Sema *s, Node *n);
void check_until(Sema *s, Node *n);
void check_at(Sema *s, Node *n);
void check_modifier(Sema *s, Node *m, int lasting_no);
/* sema_before_kinds.c: a clause before an event that gives the event a
 * card of a type it does not take */
void mark_before_kind_checks(Sema *s);
void check_before_kinds(Sema *s); /* after check_event_kinds */
/* sema_self_holder.c: `move c to tucked[c]`, a card put under itself */
void check_self_holders(Sema *s);
/* sema_modifiers.c: a modifier that reads the func it changes */
void check_modifier_cycles(Sema *s);
void finish_delayed(Sema *s, const Node *rule);
void check_while_in_play(Sema *s, const Node *e, Node *c);
/* The time unit a name is (turn, round, a phase), or -1 (reported at at). */
int time_unit(Sema *s, Loc at, const char *name);
/* sema_history.c: count(EVENT(...)) and any(EVENT(...)) */
bool asks_history(Sema *s, const Node *n);
Type check_history(Sema *s, Node *n, int builtin);

/* sema_holders.c */
bool holder_zone_flag(Sema *s, Node *z, Node *f, int *flags);
void check_held_zone_flags(Sema *s, Node *z, int flags);
void resolve_held_zones(Sema *s);
Type check_held_index(Sema *s, Node *n);
Type check_cvar_index(Sema *s, Node *n, Sym *var);
Type check_membership(Sema *s, Node *n);
Type check_call_holder(Sema *s, Node *n);

/* sema_choice_owners.c: a choice of a card across players' zones
 * (CHOOSECARD with `each`): its players, checked with their element left
 * in scope for the card source, then the source, ZONE[q]. */
void check_choice_owners(Sema *s, Node *n);
void check_owners_zone(Sema *s, const Node *n);

/* sema_name_words.c: name_has(c, "words"), words in card names. */
Type check_call_name_has(Sema *s, Node *n);
/* name_has(...) on the element of a filter in slot `slot`, for kind cd:
 * 1, 0, or -1 when it does not read the element's name. */
int name_has_eval(const Node *n, int slot, const CardDef *cd);
/* Card data alone: the words of a call `name_has(c, "words")` marked as
 * such (NAMEWORDS), before the quotes are checked as card names. */
void name_has_words_mark(Node *n);
/* An aggregate's source whose filter tests words in names (name_has) and
 * no card passes: an error at the filter. */
void check_name_filter(Sema *s, const Node *src);
/* Once the kinds are known (Sema.kinds): name_has(c, ...) where no kind c
 * may hold has the words in its name, an error at the words. */
void check_name_kinds(Sema *s);
void check_holder_kinds(Sema *s, const Program *prog);
void check_held_visible(Sema *s, const Node *decider, const Node *src);

/* sema_limits.c */
void check_game_limits(Sema *s, const Program *prog); /* slots, State, texts */
void check_locals(Sema *s, const Sym *fn);
void check_menu_size(Sema *s, const Node *menu);
void check_set_step_size(Sema *s, const Node *choice);
void check_card_choice_size(Sema *s, const Node *choice);

/* sema_facts.c: what a condition needs. A Need is why a condition can
 * never hold: a card name, a type or an attribute value that no card has,
 * or a filter that no card passes. */
typedef enum NeedKind { NEED_NAME, NEED_TYPE, NEED_VALUE, NEED_FILTER } NeedKind;
typedef struct Need {
    NeedKind kind;
    const Node *at;     /* the comparison or filter that never holds, or NULL */
    Loc loc;            /* where, when `at` is NULL (a parameter's type) */
    const Sym *in;      /* the func whose body holds `at`, or NULL */
    const char *name;   /* NEED_NAME: the name quoted (the first) */
    bool names;         /* NEED_NAME: `at` is an 'or' of such names */
    int type;           /* NEED_TYPE: the type */
    int attr, value;    /* NEED_VALUE: the attribute and its value */
} Need;
enum { FACTS_DEPTH = 4 };   /* funcs looked through, one inside another */
bool type_has_cards(const CardSet *cs, int t);
bool value_has_cards(const CardSet *cs, int attr, int value);
int facts_eval_card(const Node *n, int slot, const CardDef *cd);
/* Can cond never hold? Then *why says which part and why. */
bool never_holds(const CardSet *cs, const Node *cond, Need *why);
/* The first conjunct of cond (split at its 'and's) that never holds. */
const Node *never_conjunct(const CardSet *cs, const Node *cond, Need *why);
const char *need_what(Arena *a, const CardSet *cs, const Need *n); /* "a card of type 'lesson'" */
const char *need_why(const Need *n);                               /* "which is in no deck" */
const char *need_fact(Arena *a, const CardSet *cs, const Need *n); /* "no card has type 'lesson'" */
Loc need_loc(const Need *n);
const char *loc_text(Arena *a, Loc at);
void need_note(Sema *s, const Need *n, const Node *top);

/* sema_needs.c */
void check_needs(Sema *s, const Program *prog);
void check_needs_partial(Sema *s);
/* sema_supply.c: a draw from a deck that the set-up cannot supply */
void check_supply(Sema *s, const Program *prog);
/* sema_invariants.c: `invariant "TEXT": COND`, each made a func of no
 * parameters (Game.invariants) */
void check_invariants(Sema *s, const Program *prog);

/* sema_prevent.c: a prevention that guards another card than its trigger's */
void check_preventions(Sema *s);

#endif
