/* json_read.c: a small JSON reader for the stats files (statsfile.c):
 * objects, arrays, strings (the escapes stats_write writes, and \uXXXX
 * of ASCII), integers, true, false and null. Limits: depth 16, a file
 * of at most 64 MiB; anything else is an error with its byte offset. */
#include "json_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { JSON_MAX_DEPTH = 16 };

typedef struct Reader {
    const char *s;
    size_t i, n;
    char *err;                  /* the first error, written once */
    size_t errn;
    bool failed;
} Reader;

static bool fail(Reader *r, const char *what)
{
    if (!r->failed)
        snprintf(r->err, r->errn, "%s at byte %zu", what, r->i);
    r->failed = true;
    return false;
}

static void ws(Reader *r)
{
    while (r->i < r->n && strchr(" \t\r\n", r->s[r->i]))
        r->i++;
}

static bool value(Reader *r, JVal *v, int depth);

static bool string(Reader *r, char **out)
{
    size_t cap = 16, len = 0;
    char *b = malloc(cap);
    if (!b)
        return fail(r, "out of memory");
    r->i++;
    while (r->i < r->n && r->s[r->i] != '"') {
        char c = r->s[r->i++];
        if (c == '\\' && r->i < r->n) {
            char e = r->s[r->i++];
            const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
            const char *k = strchr(from, e);
            unsigned u = 0;
            if (e == 'u' && r->i + 4 <= r->n && sscanf(r->s + r->i, "%4x", &u) == 1 && u < 0x80)
                c = (char)u, r->i += 4;
            else if (e == 'u' && r->i + 4 <= r->n && !strncmp(r->s + r->i, "fffd", 4))
                c = '?', r->i += 4; /* what rt_json_string writes for bytes not UTF-8 */
            else if (k && e)
                c = to[k - from];
            else
                return free(b), fail(r, "bad escape in a string");
        }
        if (len + 2 > cap) {
            char *nb = realloc(b, cap *= 2);
            if (!nb)
                return free(b), fail(r, "out of memory");
            b = nb;
        }
        b[len++] = c;
    }
    b[len] = '\0';
    if (r->i >= r->n)
        return free(b), fail(r, "unterminated string");
    r->i++;
    *out = b;
    return true;
}

static bool number(Reader *r, JVal *v)
{
    bool neg = r->s[r->i] == '-';
    r->i += neg;
    if (r->i >= r->n || r->s[r->i] < '0' || r->s[r->i] > '9')
        return fail(r, "bad number");
    uint64_t x = 0;
    while (r->i < r->n && r->s[r->i] >= '0' && r->s[r->i] <= '9') {
        unsigned d = (unsigned)(r->s[r->i++] - '0');
        if (x > (UINT64_MAX - d) / 10)
            return fail(r, "number out of range");
        x = x * 10 + d;
    }
    if (r->i < r->n && strchr(".eE", r->s[r->i]))
        return fail(r, "not an integer");
    if (neg && x > (uint64_t)INT64_MAX + 1)
        return fail(r, "number out of range");
    v->type = JSON_INT;
    v->neg = neg;
    v->u = x;
    return true;
}

/* Appends a slot to v's items (and keys, for an object). */
static JVal *grow(Reader *r, JVal *v)
{
    if (v->n % 8 == 0) {
        JVal *it = realloc(v->items, (size_t)(v->n + 8) * sizeof *it);
        char **k = v->type == JSON_OBJECT ? realloc(v->keys, (size_t)(v->n + 8) * sizeof *k)
                                          : NULL;
        if (it)
            v->items = it;
        if (k)
            v->keys = k;
        if (!it || (v->type == JSON_OBJECT && !k))
            return fail(r, "out of memory"), NULL;
    }
    memset(&v->items[v->n], 0, sizeof v->items[0]);
    if (v->type == JSON_OBJECT)
        v->keys[v->n] = NULL;
    return &v->items[v->n++];
}

static bool members(Reader *r, JVal *v, int depth, char close)
{
    r->i++;
    ws(r);
    if (r->i < r->n && r->s[r->i] == close)
        return r->i++, true;
    for (;;) {
        ws(r);
        char *key = NULL;
        if (v->type == JSON_OBJECT) {
            if (r->i >= r->n || r->s[r->i] != '"' || !string(r, &key))
                return fail(r, "expected a key");
            ws(r);
            if (r->i >= r->n || r->s[r->i++] != ':')
                return free(key), fail(r, "expected ':'");
        }
        JVal *it = grow(r, v);
        if (!it)
            return free(key), false;
        if (key)
            v->keys[v->n - 1] = key;
        if (!value(r, it, depth + 1))
            return false;
        ws(r);
        if (r->i < r->n && r->s[r->i] == ',') {
            r->i++;
            continue;
        }
        if (r->i < r->n && r->s[r->i] == close)
            return r->i++, true;
        return fail(r, "expected ',' or the end");
    }
}

static bool word(Reader *r, const char *w, JVal *v, JType t)
{
    size_t k = strlen(w);
    if (r->n - r->i < k || memcmp(r->s + r->i, w, k))
        return fail(r, "unexpected character");
    r->i += k;
    v->type = t;
    return true;
}

static bool value(Reader *r, JVal *v, int depth)
{
    ws(r);
    if (depth > JSON_MAX_DEPTH)
        return fail(r, "nested too deep");
    if (r->i >= r->n)
        return fail(r, "unexpected end");
    char c = r->s[r->i];
    if (c == '{' || c == '[') {
        v->type = c == '{' ? JSON_OBJECT : JSON_ARRAY;
        return members(r, v, depth, c == '{' ? '}' : ']');
    }
    if (c == '"') {
        v->type = JSON_STRING;
        return string(r, &v->str);
    }
    if (c == 't')
        return word(r, "true", v, JSON_TRUE);
    if (c == 'f')
        return word(r, "false", v, JSON_FALSE);
    if (c == 'n')
        return word(r, "null", v, JSON_NULL);
    return number(r, v);
}

bool json_parse(const char *s, size_t n, JVal *out, char *err, size_t errn)
{
    Reader r = {.s = s, .n = n, .err = err, .errn = errn};
    memset(out, 0, sizeof *out);
    bool ok = value(&r, out, 0);
    ws(&r);
    if (ok && r.i != n)
        ok = fail(&r, "text after the value");
    if (!ok)
        json_free(out);
    return ok;
}

void json_free(JVal *v)
{
    for (int i = 0; i < v->n; i++) {
        json_free(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->str);
    memset(v, 0, sizeof *v);
}

const JVal *json_get(const JVal *obj, const char *key)
{
    for (int i = 0; obj && obj->type == JSON_OBJECT && i < obj->n; i++)
        if (obj->keys[i] && !strcmp(obj->keys[i], key))
            return &obj->items[i];
    return NULL;
}
