/* cards.c: checking card data (the card YAML core, pinned in docs/INTERFACES.md §3).
 *
 *   file    := map { game: string, types: map, cards: list, expect?: map }
 *   type    := map { attributes?: map { attr: list of values } }
 *   card    := map { name, type, count?, text?, effect?, origin?, <attr>... }
 *   expect  := map { total?: int, types?: map {type: int},
 *                    attributes?: map {attr: map {value: int}} }
 */
#include "cards.h"
#include "card_keys.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

const CardLimits card_default_limits = {
    .max_name = 200,
    .max_cards = 200000,
    .max_instances = 1000000,
};

typedef struct Ctx {
    const SrcFile *f;
    Diags *d;
    Arena *a;
    const CardLimits *lim;
    CardSet *cs;
    bool incomplete;            /* a card was dropped or miscounted */
    bool no_types;              /* 'types' is missing or not a map: reported */
    StrMap type_lower;          /* lower-cased type name -> the name */
    StrMap attr_lower;          /* lower-cased attribute name -> the name */
    const char **names_buf;     /* name_list's buffer, names_cap long */
    int names_cap;
    int card_no;                /* 1 + the cards read so far */
    int *given;                 /* per attribute of the type of the card being
                                 * read: card_no if the card gives it */
    int given_cap;
    long long **by_value;       /* per Attr index and value: the instances of
                                 * the cards with it (value_instances) */
} Ctx;

/* What a card's keys told so far, for the keys it lacks. */
typedef struct CardRead {
    YNode *item;
    StrMap meant;               /* keys that misspelt keys were taken for */
    int lacks;                  /* lacks a key a misspelt one may stand for:
                                 * 1 or 0, or -1 until card_lacks asks */
} CardRead;


/* ---- helpers ---------------------------------------------------------- */

static bool is_ident(const char *s)
{
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
        return false;
    for (s++; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
              (*s >= '0' && *s <= '9') || *s == '_'))
            return false;
    return true;
}

static int utf8_chars(const char *s)
{
    int n = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            n++;
    return n;
}

bool parse_yaml_int(const YNode *n, long long *out, const char **why)
{
    if (n->kind != YN_SCALAR) {
        *why = n->kind == YN_SEQ ? "a list" : "a map";
        return false;
    }
    if (n->quoted) {
        *why = "a quoted string";
        return false;
    }
    const char *s = n->str;
    if (!*s) {
        *why = "an empty value";
        return false;
    }
    const char *p = s;
    if (*p == '-' || *p == '+')
        p++;
    if (!(*p >= '0' && *p <= '9')) {
        *why = "a string";
        return false;
    }
    for (const char *q = p; *q; q++) {
        if (*q == '.' || *q == 'e' || *q == 'E') {
            *why = "a number with a fraction";
            return false;
        }
        if (!(*q >= '0' && *q <= '9')) {
            *why = "a string";
            return false;
        }
    }
    errno = 0;
    char *end;
    long long v = strtoll(s, &end, 10);
    if (errno == ERANGE) {
        *why = "a number too large for 64 bits";
        return false;
    }
    *out = v;
    return true;
}

/* Reports key as unknown; adds the key it suggests instead to meant, so
 * that a misspelt key is not reported a second time as a missing one. */
static void report_unknown_key(Ctx *c, YNode *key, const char *where,
                               const char *const *known, int nknown, StrMap *meant)
{
    const char *sug = did_you_mean(key->str, known, nknown);
    if (sug) {
        char hint[256];
        snprintf(hint, sizeof hint, "did you mean '%s'?", sug);
        diag_add(c->d, SEV_ERROR, key->loc, hint, "unknown key '%s' in %s; did you mean '%s'?",
                 key->str, where, sug);
        if (meant)
            strmap_put(c->a, meant, sug, (void *)sug);
    } else {
        diag_error(c->d, key->loc, "unknown key '%s' in %s", key->str, where);
    }
}

static bool was_meant(const StrMap *meant, const char *key)
{
    return strmap_get(meant, key) != NULL;
}

/* Room for n names for "did you mean": one buffer reused from message to
 * message, so that a list costs no memory once its message is made. */
static const char **name_list(Ctx *c, int n)
{
    if (n >= c->names_cap) {
        c->names_cap = 2 * n + 16;
        c->names_buf = arena_alloc(c->a, sizeof *c->names_buf * (size_t)c->names_cap);
    }
    return c->names_buf;
}

/* Reports key as unknown in the map whose keys are table t's. */
static void report_unknown_table_key(Ctx *c, YNode *key, const KeyTable *t, StrMap *meant)
{
    const char **known = name_list(c, t->n);
    for (int i = 0; i < t->n; i++)
        known[i] = t->keys[i].name;
    report_unknown_key(c, key, t->where, known, t->n, meant);
}

/* Checks that n is a map whose keys are scalars and unique. */
static bool expect_map(Ctx *c, YNode *n, const char *what)
{
    if (n->kind != YN_MAP) {
        diag_error(c->d, n->loc, "%s must be a map, found %s", what, ynode_describe(n));
        return false;
    }
    /* Small maps (every card) compare their keys pairwise and allocate
     * nothing; large ones use a hash map. */
    StrMap seen = {0};
    bool small = n->n <= 16;
    for (int i = 0; i < n->n; i++) {
        YNode *k = n->items[2 * i];
        if (k->kind != YN_SCALAR) {
            diag_error(c->d, k->loc, "a key in %s must be a name, found %s", what,
                       ynode_describe(k));
            continue;
        }
        YNode *first = NULL;
        for (int j = 0; small && j < i && !first; j++) {
            YNode *e = n->items[2 * j];
            if (e->kind == YN_SCALAR && e->str[0] == k->str[0] && strcmp(e->str, k->str) == 0)
                first = e; /* (the first bytes first: most keys differ there) */
        }
        if (!small)
            first = strmap_put(c->a, &seen, k->str, k);
        if (first && first != k) {
            k->repeated = true;
            diag_error(c->d, k->loc, "duplicate key '%s' in %s", k->str, what);
            diag_note(c->d, first->loc, "'%s' first given here", k->str);
        }
    }
    return true;
}

/* The value of key in map n (first occurrence), or NULL. */
static YNode *map_get(YNode *n, const char *key, YNode **keynode)
{
    for (int i = 0; i < n->n; i++) {
        YNode *k = n->items[2 * i];
        if (k->kind == YN_SCALAR && k->str[0] == key[0] && strcmp(k->str, key) == 0) {
            if (keynode)
                *keynode = k;
            return n->items[2 * i + 1];
        }
    }
    return NULL;
}

/* False for keys that repeat an earlier key (reported by expect_map). */
static bool is_first_key(YNode *map, int i)
{
    YNode *k = map->items[2 * i];
    return k->kind == YN_SCALAR && !k->repeated;
}

static const char *expect_string(Ctx *c, YNode *n, const char *what)
{
    if (n->kind != YN_SCALAR) {
        diag_error(c->d, n->loc, "%s must be text, found %s", what, ynode_describe(n));
        return NULL;
    }
    return n->str;
}

static bool check_name(Ctx *c, YNode *n, const char *what, bool ident)
{
    const char *s = expect_string(c, n, what);
    if (!s)
        return false;
    if (!*s) {
        diag_error(c->d, n->loc, "%s must not be empty", what);
        return false;
    }
    if (utf8_chars(s) > c->lim->max_name) {
        diag_error(c->d, n->loc, "%s too long: %d characters (limit max_name = %d)", what,
                   utf8_chars(s), c->lim->max_name);
        return false;
    }
    for (const char *p = s; *p; p++) {
        if ((unsigned char)*p < 0x20) {
            diag_error(c->d, n->loc, "%s contains a control character", what);
            return false;
        }
    }
    if (ident && !is_ident(s)) {
        diag_error(c->d, n->loc,
                   "%s '%s' must be an identifier (letters, digits and '_', not "
                   "starting with a digit)",
                   what, s);
        return false;
    }
    return true;
}

/* ---- lookups ------------------------------------------------------------ */

TypeDef *cards_find_type(const CardSet *cs, const char *name)
{
    return strmap_get(&cs->type_by_name, name);
}

CardDef *cards_find_card(const CardSet *cs, const char *name)
{
    return strmap_get(&cs->by_name, name);
}

const CardDef *cards_left_out(const CardSet *cs, const char *name)
{
    return strmap_get(&cs->left_out, name);
}

Attr *cards_find_attr(const CardSet *cs, const char *name)
{
    return strmap_get(&cs->attr_by_name, name);
}

int attr_value_index(const Attr *a, const char *value)
{
    return (int)(intptr_t)strmap_get(&a->value_index, value) - 1;
}

int cards_value_attr(const CardSet *cs, const char *value)
{
    return (int)(intptr_t)strmap_get(&cs->value_attr, value) - 1;
}

int type_attr_pos(const TypeDef *t, int attr)
{
    int lo = 0, hi = t->nattrs - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2, p = t->attr_order[mid];
        int at = t->attrs[p].attr->index;
        if (at == attr)
            return p;
        if (at < attr)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

int card_value(const CardDef *cd, int attr)
{
    int p = cd->type ? type_attr_pos(cd->type, attr) : -1;
    return p < 0 ? -1 : cd->value[p];
}

/* Does the type attribute allow value index idx? */
static bool allows(const TypeAttr *ta, int idx)
{
    int lo = 0, hi = ta->nallowed - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (ta->allowed_sorted[mid] == idx)
            return true;
        if (ta->allowed_sorted[mid] < idx)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return false;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* The name registered before that differs from `name` only in case, or
 * NULL; registers `name` (a hash of lower-cased names, not a scan). */
static const char *case_twin(Ctx *c, StrMap *lower, const char *name)
{
    char *low = arena_strdup(c->a, name);
    for (char *p = low; *p; p++)
        if (*p >= 'A' && *p <= 'Z')
            *p = (char)(*p + 32);
    const char *prev = strmap_put(c->a, lower, low, (void *)name);
    return prev && strcmp(prev, name) ? prev : NULL;
}

/* The lists below are for "did you mean": past --max-errors an error is
 * only counted and no suggestion is sought, so they are empty (*n = 0). */

static const char **type_names(Ctx *c, int *n)
{
    *n = diag_shown(c->d, SEV_ERROR) ? c->cs->ntypes : 0;
    const char **v = name_list(c, *n);
    for (int i = 0; i < *n; i++)
        v[i] = c->cs->types[i]->name;
    return v;
}

static const char **allowed_names(Ctx *c, const TypeAttr *ta, int *n)
{
    *n = diag_shown(c->d, SEV_ERROR) ? ta->nallowed : 0;
    const char **v = name_list(c, *n);
    for (int i = 0; i < *n; i++)
        v[i] = ta->attr->values[ta->allowed[i]];
    return v;
}

static const char **attr_names(Ctx *c, int *n)
{
    *n = diag_shown(c->d, SEV_ERROR) ? c->cs->nattrs : 0;
    const char **v = name_list(c, *n);
    for (int i = 0; i < *n; i++)
        v[i] = c->cs->attrs[i]->name;
    return v;
}

static void unknown_with_hint(Ctx *c, Loc at, const char *const *names, int n,
                              const char *word, const char *fmt_what)
{
    diag_unknown(c->d, at, fmt_what, word, names, n, true);
}

/* ---- types ------------------------------------------------------------- */

static Attr *intern_attr(Ctx *c, const char *name, Loc loc)
{
    Attr *a = cards_find_attr(c->cs, name);
    if (a)
        return a;
    a = arena_alloc(c->a, sizeof *a);
    a->name = name;
    a->loc = loc;
    a->numeric = true;
    a->index = c->cs->nattrs;
    CardSet *cs = c->cs;
    if (cs->nattrs == cs->capattrs) {
        cs->capattrs = cs->capattrs ? 2 * cs->capattrs : 8;
        Attr **v = arena_alloc(c->a, sizeof *v * (size_t)cs->capattrs);
        if (cs->nattrs)
            memcpy(v, cs->attrs, sizeof *v * (size_t)cs->nattrs);
        cs->attrs = v;
    }
    cs->attrs[cs->nattrs++] = a;
    strmap_put(c->a, &cs->attr_by_name, name, a);
    return a;
}

static int attr_add_value(Ctx *c, Attr *a, const char *value)
{
    int i = attr_value_index(a, value);
    if (i >= 0)
        return i;
    if (a->nvalues == a->capvalues) {
        a->capvalues = a->capvalues ? 2 * a->capvalues : 8;
        const char **v = arena_alloc(c->a, sizeof *v * (size_t)a->capvalues);
        int *by = arena_alloc(c->a, sizeof *by * (size_t)a->capvalues);
        if (a->nvalues) {
            memcpy(v, a->values, sizeof *v * (size_t)a->nvalues);
            memcpy(by, a->listed_by, sizeof *by * (size_t)a->nvalues);
        }
        a->values = v;
        a->listed_by = by;
    }
    a->values[a->nvalues] = value;
    a->listed_by[a->nvalues] = 0;
    strmap_put(c->a, &a->value_index, value, (void *)(intptr_t)(a->nvalues + 1));
    return a->nvalues++;
}

static bool is_int_text(const char *s)
{
    if (*s == '-')
        s++;
    if (!*s || strlen(s) > 9)
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

/* t->attr_order: its attributes' positions, by ascending Attr index. */
static void order_type_attrs(Ctx *c, TypeDef *t)
{
    /* Attr index in the high bits, position in the low: one sort. */
    long long *key = arena_alloc(c->a, sizeof *key * (size_t)(t->nattrs + 1));
    for (int p = 0; p < t->nattrs; p++)
        key[p] = (long long)t->attrs[p].attr->index << 32 | p;
    qsort(key, (size_t)t->nattrs, sizeof *key, cmp_ll);
    t->attr_order = arena_alloc(c->a, sizeof(int) * (size_t)(t->nattrs + 1));
    for (int i = 0; i < t->nattrs; i++)
        t->attr_order[i] = (int)(key[i] & 0xffffffff);
}

static void load_attributes(Ctx *c, TypeDef *t, YNode *attrs)
{
    if (!expect_map(c, attrs, "'attributes'"))
        return;
    t->attrs = arena_alloc(c->a, sizeof *t->attrs * (size_t)(attrs->n + 1));
    for (int i = 0; i < attrs->n; i++) {
        YNode *k = attrs->items[2 * i], *v = attrs->items[2 * i + 1];
        if (!is_first_key(attrs, i) || !check_name(c, k, "an attribute name", true))
            continue;
        if (key_find(&card_key_table, k->str)) {
            diag_error(c->d, k->loc, "attribute '%s' would clash with the card key of the "
                                     "same name", k->str);
            continue;
        }
        if (v->kind != YN_SEQ) {
            diag_error(c->d, v->loc,
                       "the values of attribute '%s' must be a list, found %s", k->str,
                       ynode_describe(v));
            continue;
        }
        if (v->n == 0) {
            diag_error(c->d, v->loc, "attribute '%s' allows no value", k->str);
            continue;
        }
        const char *twin = case_twin(c, &c->attr_lower, k->str);
        if (twin)
            diag_error(c->d, k->loc, "attribute '%s' differs from attribute '%s' only in "
                                     "case; generated code could not tell them apart",
                       k->str, twin);
        Attr *a = intern_attr(c, k->str, k->loc);
        TypeAttr *ta = &t->attrs[t->nattrs++];
        ta->attr = a;
        ta->loc = k->loc;
        ta->allowed = arena_alloc(c->a, sizeof(int) * (size_t)v->n);
        for (int j = 0; j < v->n; j++) {
            YNode *val = v->items[j];
            if (val->kind != YN_SCALAR) {
                diag_error(c->d, val->loc, "a value of attribute '%s' must be a word or a "
                                           "number, found %s", k->str, ynode_describe(val));
                continue;
            }
            if (!is_int_text(val->str) && !check_name(c, val, "an attribute value", true))
                continue;
            if (!is_int_text(val->str))
                a->numeric = false;
            const char *vtwin = case_twin(c, &a->value_lower, val->str);
            if (vtwin)
                diag_error(c->d, val->loc, "value '%s' differs from value '%s' only in "
                                           "case; generated code could not tell them apart",
                           val->str, vtwin);
            int idx = attr_add_value(c, a, val->str);
            bool dup = a->listed_by[idx] == t->index + 1; /* listed twice by this type */
            a->listed_by[idx] = t->index + 1;
            if (dup) {
                diag_error(c->d, val->loc, "value '%s' listed twice for attribute '%s'",
                           val->str, k->str);
                continue;
            }
            ta->allowed[ta->nallowed++] = idx;
        }
        ta->allowed_sorted = arena_alloc(c->a, sizeof(int) * (size_t)(ta->nallowed + 1));
        memcpy(ta->allowed_sorted, ta->allowed, sizeof(int) * (size_t)ta->nallowed);
        qsort(ta->allowed_sorted, (size_t)ta->nallowed, sizeof(int), cmp_int);
    }
    order_type_attrs(c, t);
}

static void load_types(Ctx *c, YNode *types)
{
    if (!expect_map(c, types, "'types'")) {
        c->no_types = true;
        return;
    }
    CardSet *cs = c->cs;
    cs->types = arena_alloc(c->a, sizeof *cs->types * (size_t)(types->n + 1));
    for (int i = 0; i < types->n; i++) {
        YNode *k = types->items[2 * i], *v = types->items[2 * i + 1];
        if (!is_first_key(types, i) || !check_name(c, k, "a type name", true))
            continue;
        TypeDef *t = arena_alloc(c->a, sizeof *t);
        t->name = k->str;
        t->loc = k->loc;
        t->index = cs->ntypes;
        const char *ttwin = case_twin(c, &c->type_lower, t->name);
        if (ttwin)
            diag_error(c->d, k->loc, "type '%s' differs from type '%s' only in case; "
                                     "generated code could not tell them apart",
                       t->name, ttwin);
        cs->types[cs->ntypes++] = t;
        strmap_put(c->a, &cs->type_by_name, t->name, t);
        if (v->kind == YN_SCALAR && v->len == 0 && !v->quoted)
            continue; /* "stress:" with nothing: a type without attributes */
        if (!expect_map(c, v, "a type"))
            continue;
        for (int j = 0; j < v->n; j++) {
            YNode *tk = v->items[2 * j];
            if (tk->kind != YN_SCALAR || !is_first_key(v, j))
                continue;
            if (strcmp(tk->str, "attributes") == 0)
                load_attributes(c, t, v->items[2 * j + 1]);
            else
                report_unknown_table_key(c, tk, &type_key_table, NULL);
        }
    }
    if (cs->ntypes == 0 && types->kind == YN_MAP)
        diag_error(c->d, types->loc, "'types' declares no type");
    /* each value to its first attribute, for names in the rules */
    for (int i = cs->nattrs - 1; i >= 0; i--)
        for (int v = 0; v < cs->attrs[i]->nvalues; v++)
            strmap_set(c->a, &cs->value_attr, cs->attrs[i]->values[v],
                       (void *)(intptr_t)(i + 1));
}

/* ---- cards ------------------------------------------------------------- */

/* 'count': a positive whole number within max_instances; until it proves
 * good the card set counts as incomplete. */
static void load_count(Ctx *c, CardDef *card, YNode *v)
{
    long long n;
    const char *why;
    bool was = c->incomplete;
    c->incomplete = true; /* until the count is proven good */
    if (!parse_yaml_int(v, &n, &why)) {
        if (v->kind == YN_SCALAR && v->len)
            diag_error(c->d, v->loc, "count must be a positive whole number, found '%s' (%s)",
                       v->str, why);
        else
            diag_error(c->d, v->loc, "count must be a positive whole number, found %s", why);
        return;
    }
    if (n <= 0) {
        diag_error(c->d, v->loc, "count must be a positive whole number, found %lld", n);
        return;
    }
    if (n > c->lim->max_instances) {
        diag_error(c->d, v->loc, "count %lld is more than a deck may hold (limit "
                                 "max_instances = %lld)", n, c->lim->max_instances);
        return;
    }
    card->count = n;
    c->incomplete = was;
}

/* An attribute of the card's type: one of the values the type allows. */
static void load_card_attr(Ctx *c, CardDef *card, const TypeAttr *ta, YNode *v)
{
    const Attr *a = ta->attr;
    if (v->kind != YN_SCALAR) {
        diag_error(c->d, v->loc, "attribute '%s' must be a single value, found %s", a->name,
                   ynode_describe(v));
        return;
    }
    int idx = attr_value_index(a, v->str);
    if (idx < 0 || !allows(ta, idx)) {
        int n;
        const char **names = allowed_names(c, ta, &n);
        const char *what = arena_printf(c->a, "type '%s' does not allow %s", card->type->name,
                                        a->name); /* whole names, never cut */
        unknown_with_hint(c, v->loc, names, n, v->str, what);
        return;
    }
    card->value[ta - card->type->attrs] = idx;
}

/* A card read from item: located at the item, one instance; its
 * attribute values come with its type (load_card_type). */
static CardDef *new_card(Ctx *c, YNode *item)
{
    CardDef *card = arena_alloc(c->a, sizeof *card);
    card->item_loc = item->loc;
    card->loc = item->loc;
    card->count = 1;
    return card;
}

/* The card's name, if it is valid (card->name stays NULL if not). */
static bool load_card_name(Ctx *c, CardDef *card, YNode *name)
{
    if (!check_name(c, name, "a card name", false))
        return false;
    card->name = name->str;
    card->loc = name->loc;
    return true;
}

/* The card's type, looked up among the declared ones (card->type stays
 * NULL if it is not one). No hint when 'types' itself is unusable. */
static void load_card_type(Ctx *c, CardDef *card, YNode *type)
{
    if (!check_name(c, type, "a type name", false))
        return;
    card->type = cards_find_type(c->cs, type->str);
    if (!card->type && !c->no_types) {
        int n;
        const char **names = type_names(c, &n);
        unknown_with_hint(c, type->loc, names, n, type->str, "undeclared type");
    }
    if (!card->type)
        return;
    /* one value per attribute of its type, none yet */
    int na = card->type->nattrs;
    card->value = arena_alloc(c->a, sizeof(int) * (size_t)(na + 1));
    for (int i = 0; i < na; i++)
        card->value[i] = -1;
    if (na > c->given_cap) {
        c->given_cap = 2 * na;
        c->given = arena_alloc(c->a, sizeof *c->given * (size_t)c->given_cap);
    }
}

/* 'text': prose, as printed on the card. */
static void load_card_text(Ctx *c, CardDef *card, YNode *v)
{
    if (expect_string(c, v, "'text'")) {
        card->text = v->str;
        card->text_loc = v->loc;
    }
}

/* 'effect': rules-language source, parsed later with the rules. */
static void load_card_effect(Ctx *c, CardDef *card, YNode *v)
{
    if (expect_string(c, v, "'effect'")) {
        card->effect = v->str;
        card->effect_loc = v->loc;
        card->effect_node = v;
    }
}

/* 'origin': rulebook (the default) or added. */
static void load_card_origin(Ctx *c, CardDef *card, YNode *v)
{
    if (!expect_string(c, v, "'origin'"))
        return;
    const CardKey *origin = key_find(&card_key_table, "origin");
    if (key_choice(origin, v->str)) {
        card->added = strcmp(v->str, "added") == 0;
        return;
    }
    const char **names = name_list(c, origin->nchoices);
    for (int i = 0; i < origin->nchoices; i++)
        names[i] = origin->choices[i].value;
    unknown_with_hint(c, v->loc, names, origin->nchoices, v->str, "unknown origin");
}

/* Does the card lack its name, its type or an attribute of its type: a
 * key that a misspelt key may stand for? Counted once per card. */
static bool card_lacks(Ctx *c, const CardDef *card, CardRead *r)
{
    if (r->lacks >= 0)
        return r->lacks;
    YNode *item = r->item;
    int given = 0;
    for (int i = 0; card->type && i < item->n; i++) {
        YNode *k = item->items[2 * i];
        const Attr *a = k->kind == YN_SCALAR && is_first_key(item, i)
                            ? cards_find_attr(c->cs, k->str) : NULL;
        given += a && type_attr_pos(card->type, a->index) >= 0;
    }
    r->lacks = !map_get(item, "name", NULL) || !map_get(item, "type", NULL) ||
               (card->type && given < card->type->nattrs);
    return r->lacks;
}

/* Reports key k as unknown in a card, suggesting the card keys and the
 * type's attributes (every attribute when the type is unknown). Past
 * --max-errors the error is only counted, and a suggestion is sought only
 * if it may be a key the card lacks: then it is not counted as missing. */
static void report_unknown_card_key(Ctx *c, const CardDef *card, YNode *k, CardRead *r)
{
    const CardSet *cs = c->cs;
    if (!diag_shown(c->d, SEV_ERROR) && !card_lacks(c, card, r)) {
        report_unknown_key(c, k, "a card", NULL, 0, NULL);
        return;
    }
    int nk = card_key_table.n;
    const char **known = name_list(c, nk + (card->type ? card->type->nattrs : cs->nattrs));
    for (int j = 0; j < nk; j++)
        known[j] = card_key_table.keys[j].name;
    for (int j = 0; card->type && j < card->type->nattrs; j++)
        known[nk++] = card->type->attrs[j].attr->name;
    for (int j = 0; !card->type && j < cs->nattrs; j++)
        known[nk++] = cs->attrs[j]->name;
    report_unknown_key(c, k, "a card", known, nk, &r->meant);
}

/* A key that is not a card key: an attribute of the card's type, an
 * attribute its type lacks, or unknown. */
static void load_card_other_key(Ctx *c, CardDef *card, YNode *k, YNode *v, CardRead *r)
{
    const char *key = k->str;
    const Attr *a = cards_find_attr(c->cs, key);
    int pos = a && card->type ? type_attr_pos(card->type, a->index) : -1;
    if (pos >= 0) {
        c->given[pos] = c->card_no;
        load_card_attr(c, card, &card->type->attrs[pos], v);
    } else if (card->type && a) {
        diag_error(c->d, k->loc, "type '%s' does not declare attribute '%s'",
                   card->type->name, key);
    } else if (!card->type && a) {
        /* the type is missing or wrong, and reported: do not pile on */
    } else {
        report_unknown_card_key(c, card, k, r);
    }
}

static void load_card_value(Ctx *c, CardDef *card, CardRead *r, YNode *k, YNode *v);

/* A value written as an alias of a scalar (`power: *p`): what is wrong
 * with it is placed at the anchored scalar, where each use says the same
 * and is merged into one (diags_merge_repeats), and the use is noted. */
static void load_aliased_value(Ctx *c, CardDef *card, CardRead *r, YNode *k, YNode *v)
{
    Diags *outer = c->d, inner;
    diags_init(&inner, c->a);
    inner.max_errors = INT_MAX;
    c->d = &inner;
    load_card_value(c, card, r, k, v);
    c->d = outer;
    Loc at = v->anchored->loc;
    for (int i = 0; i < inner.list.len; i++) {
        const Diag *g = inner.list.items[i];
        bool here = g->sev != SEV_NOTE && g->loc.line == v->loc.line && g->loc.col == v->loc.col;
        diag_add_from(g->origin, outer, g->sev, here ? at : g->loc, g->hint, "%s", g->msg);
    }
    CardAliasUse *u = arena_alloc(c->a, sizeof *u);
    u->at = at;
    u->use = v->loc;
    u->card = card->name;
    vec_push(c->a, &c->cs->alias_uses, u);
}

/* Reads the i-th key of a card, except 'name' and 'type' (read first). */
static void load_card_key(Ctx *c, CardDef *card, CardRead *r, int i)
{
    YNode *item = r->item;
    YNode *k = item->items[2 * i], *v = item->items[2 * i + 1];
    if (k->kind != YN_SCALAR || !is_first_key(item, i))
        return;
    if (v->alias && v->kind == YN_SCALAR && v->anchored && !item->alias &&
        strcmp(k->str, "effect") != 0) /* an effect's own merge: parse.c */
        load_aliased_value(c, card, r, k, v);
    else
        load_card_value(c, card, r, k, v);
}

/* Reads the value v of key k of a card. */
static void load_card_value(Ctx *c, CardDef *card, CardRead *r, YNode *k, YNode *v)
{
    const char *key = k->str;
    if (strcmp(key, "name") == 0 || strcmp(key, "type") == 0)
        return;
    if (strcmp(key, "count") == 0)
        load_count(c, card, v);
    else if (strcmp(key, "text") == 0)
        load_card_text(c, card, v);
    else if (strcmp(key, "effect") == 0)
        load_card_effect(c, card, v);
    else if (strcmp(key, "origin") == 0)
        load_card_origin(c, card, v);
    else
        load_card_other_key(c, card, k, v, r);
}

/* Reports the keys a card lacks: its name, its type and its type's
 * attributes (those no key gave: c->given), except those a misspelt key was
 * taken for (in meant). The card is named in the messages when its name is
 * valid. */
static void report_missing_card_keys(Ctx *c, const CardDef *card, YNode *item,
                                     bool name_given, bool type_given, const StrMap *meant)
{
    bool named = card->name != NULL;
    if (!name_given && !was_meant(meant, "name"))
        diag_error(c->d, item->loc, "card has no 'name'");
    if (!type_given && !was_meant(meant, "type"))
        diag_error(c->d, item->loc, "card%s%s%s has no 'type'", named ? " '" : "",
                   named ? card->name : "", named ? "'" : "");
    for (int j = 0; card->type && j < card->type->nattrs; j++) {
        const TypeAttr *ta = &card->type->attrs[j];
        if (c->given[j] != c->card_no && !was_meant(meant, ta->attr->name))
            diag_error(c->d, item->loc, "card%s%s%s of type '%s' has no '%s'",
                       named ? " '" : "", named ? card->name : "", named ? "'" : "",
                       card->type->name, ta->attr->name);
    }
}

/* Adds a card with a valid name to the set: by name (a second card of that
 * name is reported), and to the cards and their instances once its type is
 * known too, if its entry has no error (whole); a card with errors is only
 * remembered as left out, so that the rules may still name it. */
static void register_card(Ctx *c, CardDef *card, bool whole)
{
    CardSet *cs = c->cs;
    CardDef *prev = cards_find_card(cs, card->name);
    if (!prev)
        prev = strmap_get(&cs->left_out, card->name);
    if (prev) {
        diag_error(c->d, card->loc, "duplicate card name '%s'", card->name);
        diag_note(c->d, prev->loc, "'%s' first defined here", card->name);
        c->incomplete = true;
        cs->nleft_out++;
        return;
    }
    if (!whole || !card->type) { /* counted all the same, as the author wrote it */
        strmap_put(c->a, &cs->left_out, card->name, card);
        cs->nleft_out++;
        card->index = -1;
    } else {
        strmap_put(c->a, &cs->by_name, card->name, card);
        card->index = cs->ncards;
        card->first_instance = cs->instances;
        cs->cards[cs->ncards++] = card;
    }
    if (!card->type)
        return;
    cs->instances += card->count;
    card->type->instances += card->count;
}

/* Reads one card: its name and type first (its attributes depend on the
 * type), then its other keys in order, then what it lacks; registers it if
 * it has a valid name. */
static void load_card(Ctx *c, YNode *item)
{
    if (!expect_map(c, item, "a card"))
        return;
    CardDef *card = new_card(c, item);
    int errors = c->d->nerrors;
    c->card_no++;
    YNode *name = map_get(item, "name", NULL);
    bool name_ok = name && load_card_name(c, card, name);
    if (item->alias)
        card->loc = item->loc; /* the card is where the alias uses it */
    YNode *type = map_get(item, "type", NULL);
    if (type)
        load_card_type(c, card, type);
    CardRead r = {.item = item, .lacks = -1};
    for (int i = 0; i < item->n; i++)
        load_card_key(c, card, &r, i);
    report_missing_card_keys(c, card, item, name != NULL, type != NULL, &r.meant);
    if (!name_ok || !card->type)
        c->incomplete = true;
    if (name_ok)
        register_card(c, card, c->d->nerrors == errors);
}

/* A card written as an alias (`- *imp`) shares the anchored card's nodes,
 * and their positions: what is wrong with it is reported at the alias,
 * where the card is used, each with a note at its place in the anchored
 * card. */
static void load_card_through_alias(Ctx *c, YNode *item)
{
    Diags *outer = c->d, inner;
    diags_init(&inner, c->a);
    inner.max_errors = INT_MAX;
    c->d = &inner;
    load_card(c, item);
    c->d = outer;
    for (int i = 0; i < inner.list.len; i++) {
        const Diag *g = inner.list.items[i];
        if (g->sev == SEV_NOTE) {
            diag_add_from(g->origin, outer, SEV_NOTE, g->loc, g->hint, "%s", g->msg);
            continue;
        }
        diag_add_from(g->origin, outer, g->sev, item->loc, g->hint, "%s", g->msg);
        if (g->loc.line != item->loc.line || g->loc.col != item->loc.col)
            diag_note(outer, g->loc, "here, in the card that the alias repeats");
    }
}

static void load_cards(Ctx *c, YNode *cards)
{
    if (cards->kind != YN_SEQ) {
        diag_error(c->d, cards->loc, "'cards' must be a list, found %s",
                   ynode_describe(cards));
        return;
    }
    if (cards->n == 0) {
        diag_error(c->d, cards->loc, "'cards' lists no card");
        return;
    }
    if (cards->n > c->lim->max_cards) {
        c->incomplete = true;
        diag_error(c->d, cards->loc, "too many cards: %d entries (limit max_cards = %d)",
                   cards->n, c->lim->max_cards);
        return;
    }
    c->cs->cards = arena_alloc(c->a, sizeof *c->cs->cards * (size_t)(cards->n + 1));
    for (int i = 0; i < cards->n; i++) {
        if (cards->items[i]->alias)
            load_card_through_alias(c, cards->items[i]);
        else
            load_card(c, cards->items[i]);
        if (c->cs->instances > c->lim->max_instances) {
            diag_error(c->d, cards->items[i]->loc,
                       "too many card instances: more than %lld (limit max_instances)",
                       c->lim->max_instances);
            return;
        }
    }
}

/* ---- expect ------------------------------------------------------------ */

static bool expect_number(Ctx *c, YNode *v, long long *n)
{
    const char *why;
    if (!parse_yaml_int(v, n, &why)) {
        diag_error(c->d, v->loc, "an expected count must be a whole number, found %s", why);
        return false;
    }
    if (*n < 0) {
        diag_error(c->d, v->loc, "an expected count must not be negative, found %lld", *n);
        return false;
    }
    return true;
}

/* 'expect: total': the number of card instances. */
static void check_expect_total(Ctx *c, YNode *v, bool compare)
{
    long long n;
    if (expect_number(c, v, &n) && compare && n != c->cs->instances)
        diag_error(c->d, v->loc, "expected %lld cards in total, but the cards add up "
                                 "to %lld", n, c->cs->instances);
}

/* 'expect: types': the instances of each named type. */
static void check_expect_types(Ctx *c, YNode *v, bool compare)
{
    if (!expect_map(c, v, "'expect: types'"))
        return;
    CardSet *cs = c->cs;
    for (int j = 0; j < v->n; j++) {
        YNode *tk = v->items[2 * j], *tv = v->items[2 * j + 1];
        if (tk->kind != YN_SCALAR || !is_first_key(v, j))
            continue;
        TypeDef *t = cards_find_type(cs, tk->str);
        if (!t) {
            int n;
            const char **names = type_names(c, &n);
            unknown_with_hint(c, tk->loc, names, n, tk->str, "undeclared type");
            continue;
        }
        long long n;
        if (expect_number(c, tv, &n) && compare && n != t->instances)
            diag_error(c->d, tv->loc, "expected %lld cards of type '%s', but the "
                                      "cards add up to %lld", n, t->name,
                       t->instances);
    }
}

/* The instances of the cards whose attribute a has its value idx: all
 * counted in one pass over the cards, the first time 'expect' asks. */
static long long instances_with(Ctx *c, const Attr *a, int idx)
{
    const CardSet *cs = c->cs;
    if (!c->by_value) {
        c->by_value = arena_alloc(c->a, sizeof *c->by_value * (size_t)(cs->nattrs + 1));
        for (int i = 0; i < cs->nattrs; i++)
            c->by_value[i] = arena_alloc(c->a, sizeof **c->by_value *
                                                   (size_t)(cs->attrs[i]->nvalues + 1));
        for (int ci = 0; ci < cs->ncards; ci++) {
            const CardDef *cd = cs->cards[ci];
            for (int p = 0; p < cd->type->nattrs; p++)
                if (cd->value[p] >= 0)
                    c->by_value[cd->type->attrs[p].attr->index][cd->value[p]] += cd->count;
        }
    }
    return c->by_value[a->index][idx];
}

/* One attribute's map under 'expect: attributes': the instances of each
 * named value. */
static void check_expect_values(Ctx *c, const Attr *a, YNode *av, bool compare)
{
    if (!expect_map(c, av, "an attribute's expected counts"))
        return;
    for (int q = 0; q < av->n; q++) {
        YNode *vk = av->items[2 * q], *vv = av->items[2 * q + 1];
        if (vk->kind != YN_SCALAR || !is_first_key(av, q))
            continue;
        int idx = attr_value_index(a, vk->str);
        if (idx < 0) {
            const char *what = arena_printf(c->a, "attribute '%s' has no value", a->name);
            unknown_with_hint(c, vk->loc, a->values, a->nvalues, vk->str, what);
            continue;
        }
        long long have = instances_with(c, a, idx);
        long long n;
        if (expect_number(c, vv, &n) && compare && n != have)
            diag_error(c->d, vv->loc, "expected %lld cards with %s '%s', but the "
                                      "cards add up to %lld", n, a->name,
                       vk->str, have);
    }
}

/* 'expect: attributes': per named attribute, its values' instances. */
static void check_expect_attributes(Ctx *c, YNode *v, bool compare)
{
    if (!expect_map(c, v, "'expect: attributes'"))
        return;
    CardSet *cs = c->cs;
    for (int j = 0; j < v->n; j++) {
        YNode *ak = v->items[2 * j], *av = v->items[2 * j + 1];
        if (ak->kind != YN_SCALAR || !is_first_key(v, j))
            continue;
        Attr *a = cards_find_attr(cs, ak->str);
        if (!a) {
            int n;
            const char **names = attr_names(c, &n);
            unknown_with_hint(c, ak->loc, names, n, ak->str, "undeclared attribute");
            continue;
        }
        check_expect_values(c, a, av, compare);
    }
}

/* 'expect': the counts the author expects, compared with the cards'. */
static void check_expect(Ctx *c, YNode *ex)
{
    if (!expect_map(c, ex, "'expect'"))
        return;
    /* Totals are compared only when every card was counted; otherwise a
     * miscount would be reported twice, once where it is and once here. */
    bool compare = !c->incomplete;
    for (int i = 0; i < ex->n; i++) {
        YNode *k = ex->items[2 * i], *v = ex->items[2 * i + 1];
        if (k->kind != YN_SCALAR || !is_first_key(ex, i))
            continue;
        if (strcmp(k->str, "total") == 0)
            check_expect_total(c, v, compare);
        else if (strcmp(k->str, "types") == 0)
            check_expect_types(c, v, compare);
        else if (strcmp(k->str, "attributes") == 0)
            check_expect_attributes(c, v, compare);
        else
            report_unknown_table_key(c, k, &expect_key_table, NULL);
    }
}

/* ---- the file ---------------------------------------------------------- */

/* Per value of each attribute, the cards that have it. */
static void count_values(CardSet *cs, Arena *a)
{
    for (int i = 0; i < cs->nattrs; i++)
        cs->attrs[i]->ncards_with = arena_alloc(a, sizeof(int) *
                                                       (size_t)(cs->attrs[i]->nvalues + 1));
    for (int k = 0; k < cs->ncards; k++) {
        const CardDef *cd = cs->cards[k];
        for (int p = 0; cd->value && p < cd->type->nattrs; p++)
            if (cd->value[p] >= 0 && cd->value[p] < cd->type->attrs[p].attr->nvalues)
                cd->type->attrs[p].attr->ncards_with[cd->value[p]]++;
    }
}

CardSet *cards_load(YNode *root, const SrcFile *f, const CardLimits *lim,
                    Diags *d)
{
    Ctx c = {.f = f, .d = d, .a = d->arena, .lim = lim};
    if (root->kind != YN_MAP) {
        diag_error(d, root->loc, "a card file must be a map with the keys 'game', 'types' "
                                 "and 'cards', found %s", ynode_describe(root));
        return NULL;
    }
    expect_map(&c, root, "the card file");
    CardSet *cs = arena_alloc(c.a, sizeof *cs);
    cs->file = f;
    c.cs = cs;

    YNode *game = map_get(root, "game", NULL);
    YNode *types = map_get(root, "types", NULL);
    YNode *cards = map_get(root, "cards", NULL);
    YNode *expect = map_get(root, "expect", NULL);
    StrMap meant = {0};
    for (int i = 0; i < root->n; i++) {
        YNode *k = root->items[2 * i];
        if (k->kind != YN_SCALAR || !is_first_key(root, i))
            continue;
        if (!key_find(&file_key_table, k->str))
            report_unknown_table_key(&c, k, &file_key_table, &meant);
    }
    Loc top = root->loc;
    if (!game) {
        if (!was_meant(&meant, "game"))
            diag_error(d, top, "the card file has no 'game' (the game's name)");
    } else if (check_name(&c, game, "'game'", false)) {
        cs->game = game->str;
        cs->game_loc = game->loc;
    }
    int errors = d->nerrors;
    if (!types) {
        if (!was_meant(&meant, "types"))
            diag_error(d, top, "the card file has no 'types'");
        c.no_types = true;
    } else {
        load_types(&c, types);
    }
    cs->types_broken = !types || d->nerrors != errors;
    if (!cards) {
        if (!was_meant(&meant, "cards"))
            diag_error(d, top, "the card file has no 'cards'");
    } else {
        load_cards(&c, cards);
    }
    if (expect)
        check_expect(&c, expect);
    count_values(cs, d->arena);
    /* A declared type that no card has: rules that need it can never fire. */
    if (cards && cards->kind == YN_SEQ && !c.incomplete)
        for (int i = 0; i < cs->ntypes; i++)
            if (cs->types[i]->instances == 0)
                diag_warning(d, cs->types[i]->loc, "type '%s' is declared, but no card has it",
                             cs->types[i]->name);
    return cs;
}
