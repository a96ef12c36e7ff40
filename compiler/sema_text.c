/* sema_text.c: a card's prose text against its effect, both ways.
 *
 *   - every card name quoted in an effect is a card (an error otherwise);
 *   - the text of a card names a card (or a name quoted anywhere in the
 *     effects or the rules, card or not) that its effect never quotes: a
 *     warning ("the text of 'X' names 'Y', but its effect never refers to
 *     'Y'");
 *   - its effect quotes a card that its text never names: a warning ("the
 *     effect of 'X' acts on 'Y', which its text never names").
 * A text names a name when the name appears in it as whole words, ignoring
 * the case of ASCII letters; a card's own name is never looked for. The
 * effects compared are a card's own: in cards.yaml, or `effect "Name"` in
 * the rules (an effect of a type has no one text). */
#include "sema_int.h"

#include <stdlib.h>
#include <string.h>

typedef struct NameCtx {
    Diags *diags;
    const CardSet *cs;
} NameCtx;

/* A quoted name must be a card's. */
static void visit_name(Node *n, NameCtx *x)
{
    name_has_words_mark(n);
    if (n->kind == N_STR && !cards_find_card(x->cs, n->name))
        report_no_card(x->diags, x->cs, n->loc, n->name);
}

/* The names a text may name: the cards' (name k is card k), then the
 * names quoted in effects and rules that are no card. Every name is looked
 * for at once: at each place where a word may start, the hash of the text
 * from there grows a byte at a time (FNV-1a of the lower-cased bytes) and
 * is looked up wherever a word may end, so a text costs its length times
 * the longest name, however many names there are. Most places start no
 * name ("the", "from"): a place is tried only if the first word there is
 * the first word of some name (a set of their hashes, `firsts`), which
 * costs the length of that word. */
typedef struct NameSlot {
    int first;                  /* 1 + the first name of the slot, or 0 */
    uint32_t hash;              /* its hash (beside it: one read a probe) */
} NameSlot;

typedef struct NameIndex {
    const char **names;         /* the cards' copied one after the other
                                 * (pack_card_names), then the others */
    size_t *lens;               /* per name: its bytes */
    int nnames, capnames;
    int cap;                    /* slots, a power of two */
    NameSlot *slot;
    int *twin;                  /* per name: the next name the same but for
                                 * case, or -1 */
    size_t maxlen;              /* bytes of the longest name */
    bool *has_len;              /* per length up to maxlen: a name has it */
    int *seen;                  /* per name: 1 + the last text that named it */
    uint32_t *firsts;           /* the hashes of the names' first words, an
                                 * open-addressed set of firsts_cap slots */
    bool *first_used;           /* per slot of firsts: it holds a hash */
    uint32_t firsts_cap;        /* a power of two */
    bool starts[256];           /* per byte: the lower case of a name's first
                                 * byte (a text's other places start none) */
} NameIndex;

/* Per byte, what the scans of texts ask of it at every byte: its lower
 * case, and whether it is a letter or a digit (filled by char_tables). */
static unsigned char lower_of[256];
static bool alnum_of[256];

static void char_tables(void)
{
    for (int c = 0; c < 256; c++) {
        lower_of[c] = (unsigned char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
        alnum_of[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
}

static int fold(int c)
{
    return lower_of[(unsigned char)c];
}

static bool is_alnum(int c)
{
    return alnum_of[(unsigned char)c];
}

static uint32_t fold_hash_step(uint32_t h, int c)
{
    return (h ^ (uint32_t)(unsigned char)fold(c)) * 16777619u;
}

static uint32_t fold_hash(const char *s, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = fold_hash_step(h, s[i]);
    return h;
}

/* Does a word end at byte i of text: no letter or digit there, or a
 * plural 's' alone ("2 Gifts" names the Gift)? Only for the effect's
 * quotes: a plural in a text ("all Students") speaks of a kind of card
 * more often than of the card of that name. */
static bool word_ends(const char *text, size_t i)
{
    if ((text[i] == 's' || text[i] == 'S') && !is_alnum((unsigned char)text[i + 1]))
        return true;
    return !is_alnum((unsigned char)text[i]);
}

/* A name with no letter ('2') is read in a text as a number, not as a
 * card's name. */
static bool has_letter(const char *name)
{
    for (; *name; name++)
        if ((*name | 32) >= 'a' && (*name | 32) <= 'z')
            return true;
    return false;
}

static bool same_folded(const char *name, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!name[i] || fold((unsigned char)name[i]) != fold((unsigned char)s[i]))
            return false;
    return name[len] == '\0';
}

/* The slot of the name s[0..len) of hash h: its names, or an empty slot. */
static NameSlot *name_slot(const NameIndex *ix, uint32_t h, const char *s, size_t len)
{
    uint32_t mask = (uint32_t)ix->cap - 1;
    for (uint32_t i = h & mask;; i = (i + 1) & mask) {
        int k = ix->slot[i].first - 1;
        if (k < 0 || (ix->slot[i].hash == h && same_folded(ix->names[k], s, len)))
            return &ix->slot[i];
    }
}

static void index_name(NameIndex *ix, int k, NameSlot *slot, uint32_t h)
{
    ix->twin[k] = slot->first - 1;
    slot->first = k + 1;
    slot->hash = h;
}

/* The bytes of the first word at s: up to the first place where a word
 * may end (a byte that is no letter or digit, or the end), and at least
 * one. A name found at a place of a text starts with the text's first word
 * there: both end at the same byte, the first that is no letter or digit. */
static size_t first_word_len(const char *s, size_t len)
{
    size_t n = 1;
    while (n < len && is_alnum((unsigned char)s[n]))
        n++;
    return n;
}

/* The slot of hash h in the set of first words: its own, or an empty one. */
static uint32_t first_slot(const NameIndex *ix, uint32_t h)
{
    uint32_t mask = ix->firsts_cap - 1, i = h & mask;
    while (ix->first_used[i] && ix->firsts[i] != h)
        i = (i + 1) & mask;
    return i;
}

/* The set of the first words of every name of the index. */
static void index_first_words(NameIndex *ix, Arena *a)
{
    ix->firsts_cap = 16;
    while (ix->firsts_cap < 2u * (uint32_t)ix->nnames)
        ix->firsts_cap *= 2;
    ix->firsts = arena_alloc(a, sizeof *ix->firsts * ix->firsts_cap);
    ix->first_used = arena_alloc(a, sizeof *ix->first_used * ix->firsts_cap);
    for (int k = 0; k < ix->nnames; k++) {
        const char *name = ix->names[k];
        size_t len = ix->lens[k];
        if (!len)
            continue;
        uint32_t h = fold_hash(name, first_word_len(name, len));
        uint32_t i = first_slot(ix, h);
        ix->firsts[i] = h;
        ix->first_used[i] = true;
        ix->starts[fold(name[0])] = true;
    }
}

/* The first word at s (first_word_len's bytes) and, in *h, its hash. */
static size_t first_word(const char *s, size_t len, uint32_t *h)
{
    uint32_t x = fold_hash_step(2166136261u, s[0]);
    size_t n = 1;
    for (; n < len && is_alnum((unsigned char)s[n]); n++)
        x = fold_hash_step(x, s[n]);
    *h = x;
    return n;
}

/* A quoted name of the effects or the rules that no name of the index
 * has, even but for case: added after the cards'. */
static void add_extra(NameIndex *ix, const Node *n)
{
    if (!n->name || !n->name[0] || ix->nnames == ix->capnames)
        return;
    size_t len = strlen(n->name);
    uint32_t h = fold_hash(n->name, len);
    NameSlot *slot = name_slot(ix, h, n->name, len);
    if (slot->first)
        return;
    ix->names[ix->nnames] = n->name;
    ix->lens[ix->nnames] = len;
    index_name(ix, ix->nnames++, slot, h);
}

/* The names of the cards, with their lengths, copied one after the other:
 * each card's own is far from the next, in its card's part of the YAML,
 * and the look-ups of every text read them (100,000 cards: a read from
 * memory at nearly every look-up, in a third of the check of texts). */
static void pack_card_names(NameIndex *ix, Arena *a, const CardSet *cs)
{
    size_t total = 0;
    for (int k = 0; k < cs->ncards; k++) {
        ix->lens[k] = strlen(cs->cards[k]->name);
        total += ix->lens[k] + 1;
    }
    char *to = arena_alloc(a, total ? total : 1);
    for (int k = 0; k < cs->ncards; k++) {
        memcpy(to, cs->cards[k]->name, ix->lens[k] + 1);
        ix->names[k] = to;
        to += ix->lens[k] + 1;
    }
}

/* The index of the cards' names, then of the other names quoted (the
 * strings of `quoted`, in order). */
static void name_index_init(NameIndex *ix, Arena *a, const CardSet *cs, const PtrVec *quoted)
{
    int n = cs->ncards;
    ix->capnames = n + quoted->len;
    ix->names = arena_alloc(a, sizeof *ix->names * (size_t)(ix->capnames + 1));
    ix->cap = 16;
    while (ix->cap < 2 * ix->capnames)
        ix->cap *= 2;
    ix->slot = arena_alloc(a, sizeof *ix->slot * (size_t)ix->cap);
    ix->lens = arena_alloc(a, sizeof *ix->lens * (size_t)(ix->capnames + 1));
    ix->twin = arena_alloc(a, sizeof *ix->twin * (size_t)(ix->capnames + 1));
    ix->seen = arena_alloc(a, sizeof *ix->seen * (size_t)(ix->capnames + 1));
    pack_card_names(ix, a, cs);
    ix->nnames = n;
    /* Last card first, so that each name's list of twins is in card order. */
    for (int k = n - 1; k >= 0; k--) {
        uint32_t h = fold_hash(ix->names[k], ix->lens[k]);
        index_name(ix, k, name_slot(ix, h, ix->names[k], ix->lens[k]), h);
    }
    for (int i = 0; i < quoted->len; i++)
        add_extra(ix, quoted->items[i]);
    ix->maxlen = 0;
    for (int k = 0; k < ix->nnames; k++)
        if (ix->lens[k] > ix->maxlen)
            ix->maxlen = ix->lens[k];
    ix->has_len = arena_alloc(a, ix->maxlen + 1);
    for (int k = 0; k < ix->nnames; k++)
        ix->has_len[ix->lens[k]] = true;
    index_first_words(ix, a);
}

/* Adds to out the names other than card `self` that text names, each once
 * (text_no tells this text from the ones before); returns how many. Where
 * names start at one place, the longest is the one named, and a name
 * within a longer one named before is not named: "a Science Lab" names
 * the Science Lab, not the Lab. */
static int names_in_text(NameIndex *ix, const char *text, int text_no, int self, int *out)
{
    int n = 0;
    size_t tl = strlen(text), covered = 0; /* the end of the names named so far */
    /* The places where a name may start: p == 0, or after a byte that is
     * no letter or digit. From the start of a word, the next is the byte
     * after the one that ends it. Each word is read once: its first byte
     * must start some name, then the whole word be a name's first word. */
    for (size_t p = 0, next; p < tl; p = next) {
        bool word = is_alnum((unsigned char)text[p]);
        next = p + 1;
        if (!ix->starts[fold(text[p])]) {
            while (word && next < tl && is_alnum((unsigned char)text[next]))
                next++;
            next += word;
            continue;
        }
        uint32_t fh;
        size_t fl = first_word(text + p, tl - p, &fh);
        if (word)
            next = p + fl + 1;
        if (fl > ix->maxlen || !ix->first_used[first_slot(ix, fh)])
            continue;
        uint32_t h = 2166136261u;
        int longest = 0;
        size_t end = 0;
        for (size_t q = p; q < tl && q - p < ix->maxlen; q++) {
            h = fold_hash_step(h, text[q]);
            size_t len = q - p + 1;
            if (!ix->has_len[len] || is_alnum((unsigned char)text[q + 1]))
                continue;
            int first = name_slot(ix, h, text + p, len)->first;
            if (first)
                longest = first, end = q + 1;
        }
        if (!longest || end <= covered)
            continue;
        covered = end;
        for (int k = longest - 1; k >= 0; k = ix->twin[k])
            if (k != self && ix->seen[k] != text_no && has_letter(ix->names[k])) {
                ix->seen[k] = text_no;
                out[n++] = k;
            }
    }
    return n;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Does text name `name` (whole words, any case of ASCII letters)? */
static bool text_names(const char *text, const char *name)
{
    size_t len = strlen(name), tl = strlen(text);
    int first = fold(name[0]); /* a place whose byte is not it starts no match */
    for (size_t p = 0; p + len <= tl; p++)
        if ((!len || fold(text[p]) == first) && (p == 0 || !is_alnum((unsigned char)text[p - 1])) &&
            word_ends(text, p + len) && same_folded(name, text + p, len))
            return true;
    return false;
}

typedef struct Quotes {
    Arena *arena;
    PtrVec v;
} Quotes;

/* The names an effect refers to: those it quotes, and those the funcs it
 * calls quote, to REFS_DEPTH calls deep (once the checker has bound the
 * calls), in the order met; and the words its name_has calls look for,
 * which refer to every card whose name has them. */
enum { REFS_DEPTH = 4 };
typedef struct Refs {
    Arena *arena;
    StrMap names;               /* name -> its first quote */
    PtrVec order;               /* the quotes, each name once */
    PtrVec words;               /* the NAMEWORDS nodes of name_has calls */
    PtrVec types;               /* the card types it names (IDENTs of T_TYPE) */
    StrMap funcs;               /* the funcs looked into */
    int depth;
    PtrVec quotes;              /* the effect's own quoted strings (not its
                                 * funcs'), in the order met */
    NameCtx *check;             /* if not NULL, each of them must be a card's */
} Refs;

static void walk_refs(Node *n, Refs *r);

/* The walk of an effect that collects its Refs; at its own nodes (depth
 * 0), also what visit_name does when r->check asks, in the same walk. */
static void collect_refs(Node *n, Refs *r)
{
    name_has_words_mark(n);
    if (r->depth == 0 && r->check)
        visit_name(n, r->check);
    if (r->depth == 0 && n->kind == N_STR)
        vec_push(r->arena, &r->quotes, n);
    if (n->kind == N_STR && !strmap_put(r->arena, &r->names, n->name, n))
        vec_push(r->arena, &r->order, n);
    if (n->kind == N_NAMEWORDS)
        vec_push(r->arena, &r->words, n);
    if (n->kind == N_IDENT && n->type == T_TYPE)
        vec_push(r->arena, &r->types, n);
    const Sym *f = n->kind == N_CALL ? n->sym : NULL;
    if (!f || f->kind != S_FUNC || !f->decl || r->depth >= REFS_DEPTH ||
        strmap_put(r->arena, &r->funcs, f->name, r))
        return;
    r->depth++;
    walk_refs(f->decl->expr_body, r);
    walk_refs(f->decl->body, r);
    r->depth--;
}

/* The walks of this file visit as ast_walk does (each node, then its
 * children in order, then the next of its list), each with its visit
 * written in: a call through a pointer at every node was a fifth of the
 * check of texts. */
#define WALK_KIDS(walk, n, ctx)                                                                \
    do {                                                                                       \
        _Static_assert(NKIDS == 6, "six children");                                            \
        Node *const *k_ = (n)->kid;                                                            \
        if (k_[0])                                                                             \
            walk(k_[0], ctx);                                                                  \
        if (k_[1])                                                                             \
            walk(k_[1], ctx);                                                                  \
        if (k_[2])                                                                             \
            walk(k_[2], ctx);                                                                  \
        if (k_[3])                                                                             \
            walk(k_[3], ctx);                                                                  \
        if (k_[4])                                                                             \
            walk(k_[4], ctx);                                                                  \
        if (k_[5])                                                                             \
            walk(k_[5], ctx);                                                                  \
    } while (0)

static void walk_refs(Node *n, Refs *r)
{
    for (; n; n = n->next) {
        collect_refs(n, r);
        WALK_KIDS(walk_refs, n, r);
    }
}

/* Is every card of type t named `name` (and one at least)? */
static bool type_is_card(const CardSet *cs, int t, const char *name)
{
    int n = 0;
    for (int k = 0; k < cs->ncards; k++) {
        const CardDef *c = cs->cards[k];
        if (!c->type || c->type->index != t)
            continue;
        if (strcmp(c->name, name) != 0)
            return false;
        n++;
    }
    return n > 0;
}

/* Does the effect of r refer to the card or name `name`: it quotes it,
 * a name_has of it looks for words that name has ("quiz" refers to a
 * card named Quiz, as to Pop Quiz), or it names a type whose every card
 * is that card (`type != defuse` refers to the Defuse, the one card of
 * its type)? */
static bool refers_to(const Refs *r, const CardSet *cs, const char *name)
{
    if (strmap_get(&r->names, name))
        return true;
    for (int i = 0; i < r->words.len; i++)
        if (name_has_words(name, ((const Node *)r->words.items[i])->name))
            return true;
    for (int i = 0; i < r->types.len; i++)
        if (type_is_card(cs, (int)((const Node *)r->types.items[i])->value, name))
            return true;
    return false;
}

/* "'Chemistry Lab', 'Physics Lab'": the names of r, at most 8. */
static const char *ref_list(Arena *a, const Refs *r)
{
    const char *list = "";
    for (int i = 0; i < r->order.len && i < 8; i++)
        list = arena_printf(a, "%s%s'%s'", list, i ? ", " : "",
                            ((const Node *)r->order.items[i])->name);
    return r->order.len > 8 ? arena_printf(a, "%s, ...", list) : list;
}

/* One warning for the names of named[0..n) that the effect (refs) never
 * refers to, "'A', 'B' and 'C'", with one note of what it refers to. */
static void warn_names_unreferred(Diags *d, const NameIndex *ix, const int *named, int n,
                                  const CardSet *cs, const CardDef *card, const Node *e,
                                  const Refs *refs)
{
    const char *list = "", *last = NULL;
    int k = 0;
    for (int i = 0; i < n; i++) {
        const char *other = ix->names[named[i]];
        if (refers_to(refs, cs, other))
            continue;
        if (last)
            list = arena_printf(d->arena, "%s%s'%s'", list, k > 1 ? ", " : "", last);
        last = other;
        k++;
    }
    if (!k)
        return;
    if (k == 1)
        diag_warning(d, card->text_loc, "the text of '%s' names '%s', but its effect never "
                                        "refers to '%s'", card->name, last, last);
    else
        diag_warning(d, card->text_loc, "the text of '%s' names %s and '%s', but its effect "
                                        "never refers to them", card->name, list, last);
    if (refs->order.len)
        diag_note(d, e->loc, "its effect refers to %s", ref_list(d->arena, refs));
}

/* Warns once for the names the text of card `self` names (in the index's
 * order) that its effect e never refers to (with a note of what it does
 * refer to), and for each card e quotes (in the order of the effect) that
 * the text never names. */
static void check_text_names(Diags *d, NameIndex *ix, int *named, const CardSet *cs,
                             const CardDef *card, Node *e, int text_no, const Refs *refs)
{
    int n = names_in_text(ix, card->text, text_no, card->index, named);
    qsort(named, (size_t)n, sizeof *named, cmp_int);
    warn_names_unreferred(d, ix, named, n, cs, card, e, refs);
    StrMap warned = {0}; /* in the arena of refs: this effect's alone */
    for (int i = 0; i < refs->quotes.len; i++) {
        const Node *q = refs->quotes.items[i];
        if (!cards_find_card(cs, q->name) || same_folded(q->name, card->name, strlen(card->name)) ||
            text_names(card->text, q->name) || strmap_put(refs->arena, &warned, q->name, &warned))
            continue;
        diag_warning(d, q->loc, "the effect of '%s' acts on '%s', which its text never names",
                     card->name, q->name);
    }
}

/* The quoted strings of the effects and the rules, which the index adds
 * to the cards' names when they are none. */
static void collect_quotes(Node *n, Quotes *q)
{
    for (; n; n = n->next) {
        if (n->kind == N_STR)
            vec_push(q->arena, &q->v, n);
        WALK_KIDS(collect_quotes, n, q);
    }
}

/* visit_name at every node of n and its lists. */
static void walk_names(Node *n, NameCtx *x)
{
    for (; n; n = n->next) {
        visit_name(n, x);
        WALK_KIDS(walk_names, n, x);
    }
}

/* The card whose own effect e is (in cards.yaml or `effect "Name"`), or
 * NULL. */
static const CardDef *effect_card(const CardSet *cs, const Node *e)
{
    if (e->kind != N_EFFECT || e->effect_from == EFFECT_TYPE)
        return NULL;
    if (e->effect_from == EFFECT_CARD)
        return cards_find_card(cs, e->name);
    return e->card_no >= 0 && e->card_no < cs->ncards ? cs->cards[e->card_no] : NULL;
}

/* The index of names, made when the first text is checked: the quoted
 * strings of the program are those still N_STR then (a name_has marks
 * its words N_NAMEWORDS as the walks meet it). */
static void make_index(Diags *d, const CardSet *cs, const Program *prog, NameIndex *ix,
                       int **named)
{
    Quotes quoted = {d->arena, {0}};
    for (int i = 0; i < prog->effects.len; i++)
        collect_quotes(prog->effects.items[i], &quoted);
    for (int i = 0; i < prog->decls.len; i++)
        collect_quotes(prog->decls.items[i], &quoted);
    name_index_init(ix, d->arena, cs, &quoted.v);
    *named = arena_alloc(d->arena, sizeof **named * (size_t)(ix->nnames + 1));
}

/* Checks the text of the card whose effect e is against e; with check,
 * first every name e quotes (visit_name), in the same walk of e that
 * collects its references. The first text's index is made between the two
 * (each node's kind is final when a walk reaches it: only its parent, met
 * before it, marks it). */
static void check_effect_text(Diags *d, const CardSet *cs, const Program *prog, NameIndex *ix,
                              int **named, Node *e, int text_no, NameCtx *check, Arena *refs_arena)
{
    const CardDef *card = effect_card(cs, e);
    if (!card || !card->text) {
        if (check)
            walk_names(e, check);
        return;
    }
    Refs refs = {.arena = refs_arena, .check = check};
    if (!ix->names) {
        if (check)
            walk_names(e, check);
        refs.check = NULL;
        make_index(d, cs, prog, ix, named);
    }
    walk_refs(e, &refs);
    check_text_names(d, ix, *named, cs, card, e, text_no, &refs);
}

/* ---- an effect kept for the check of its text alone ----------------------
 *
 * The walks above look at a node only if it is a quoted string (N_STR,
 * N_NAMEWORDS), a call (a name_has marks its words, a func is looked
 * into) or the name of a card type, and at an effect's own node; they
 * meet them in the order of a walk of the tree (the node, its children,
 * the next of its list). An effect that nothing else reads (a card file
 * checked without rules: driver.c, phase_parse) is kept as a copy of
 * those nodes alone, in that order: each one's children are those of its
 * own children that are kept, in one list, and a name_has keeps all its
 * arguments, as a shell of each that holds what is kept of it, for its
 * words are its second argument. The walks of the copy do what they do on
 * the tree, and a tree of some 25 nodes of 184 bytes is a few. */

static bool looked_at(const Node *n)
{
    return n->kind == N_STR || n->kind == N_NAMEWORDS ||
           (n->kind == N_IDENT && n->type == T_TYPE) ||
           (n->kind == N_CALL && (n->sym || (n->name && !strcmp(n->name, "name_has"))));
}

static Node *keep_node(const Node *n, Arena *a);

/* Appends at *tail the copies of what the walks look at in list n (its
 * nodes and what is under them), in the order they meet it. */
static void keep_list(const Node *n, Arena *a, Node ***tail)
{
    for (; n; n = n->next) {
        if (looked_at(n)) {
            **tail = keep_node(n, a);
            *tail = &(**tail)->next;
            continue;
        }
        for (int i = 0; i < NKIDS; i++)
            if (n->kid[i])
                keep_list(n->kid[i], a, tail);
    }
}

/* A copy of n with, as children, what is kept of its own (all the
 * arguments of a call, each kept as keep_node keeps it); its name is
 * copied into a. */
static Node *keep_node(const Node *n, Arena *a)
{
    Node *c = arena_alloc(a, sizeof *c);
    *c = *n;
    c->next = c->last = NULL;
    c->name = n->name ? arena_strdup(a, n->name) : NULL;
    memset(c->kid, 0, sizeof c->kid);
    for (int i = 0; i < NKIDS; i++) {
        Node **tail = &c->kid[i];
        if (!n->kid[i])
            continue;
        if (n->kind != N_CALL || &n->kid[i] != &n->args) {
            keep_list(n->kid[i], a, &tail);
            continue;
        }
        for (const Node *arg = n->args; arg; arg = arg->next, tail = &(*tail)->next)
            *tail = keep_node(arg, a);
    }
    return c;
}

Node *sema_text_keep(const Node *e, Arena *a)
{
    return keep_node(e, a);
}

/* check_effect_text of every effect, each one's Refs (its maps and lists,
 * which nothing reads once its text is checked) in *refs, emptied after
 * it: 100,000 effects' Refs, kept, took 34 MB. */
static void check_effect_texts(Diags *d, const CardSet *cs, const Program *prog, bool names,
                               Arena *refs)
{
    NameIndex ix = {0};
    int *named = NULL, text_no = 0;
    NameCtx x = {d, cs};
    for (int i = 0; i < prog->effects.len; i++) {
        check_effect_text(d, cs, prog, &ix, &named, prog->effects.items[i], ++text_no,
                          names ? &x : NULL, refs);
        arena_reset(refs);
    }
    for (int i = 0; i < prog->decls.len; i++) {
        check_effect_text(d, cs, prog, &ix, &named, prog->decls.items[i], ++text_no, NULL,
                          refs);
        arena_reset(refs);
    }
}

/* check_effect_texts, with allocation failure caught: refs is on the heap
 * outside the compilation's arena, freed before the failure goes on to the
 * outer catcher (util.h). */
static void check_effect_texts_caught(Diags *d, const CardSet *cs, const Program *prog,
                                      bool names, Arena *refs)
{
    jmp_buf env;
    jmp_buf *outer = oom_catch(&env);
    if (setjmp(env)) {
        oom_catch(outer);
        arena_free(refs);
        out_of_memory();
    }
    check_effect_texts(d, cs, prog, names, refs);
    oom_catch(outer);
}

void sema_effect_names(Diags *d, const CardSet *cs, const Program *prog, bool names)
{
    Arena refs = {0};
    char_tables();
    check_effect_texts_caught(d, cs, prog, names, &refs);
    arena_free(&refs);
}
