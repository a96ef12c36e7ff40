/* ynode.h: a YAML document as a tree of nodes that remember their position.
 *
 * libyaml's event parser feeds an explicit stack (no recursion), so depth,
 * alias expansion and size limits are enforced while reading. Aliases share
 * the anchored node; their expanded weight counts against the node budget,
 * which defuses "billion laughs" documents in constant time. */
#ifndef CARDC_YNODE_H
#define CARDC_YNODE_H

#include "diag.h"

typedef enum { YN_SCALAR, YN_SEQ, YN_MAP } YKind;

typedef struct YNode YNode;
struct YNode {           /* (fields ordered to fit in 64 bytes) */
    YKind kind;
    bool quoted;        /* scalar written with quotes or as a block */
    char style;         /* scalar: 'p'lain, '\'', '"', '|' literal, '>' folded */
    bool repeated;      /* a map key that an earlier key of its map equals */
    bool alias;         /* written as an alias: loc is the alias's, the rest
                         * is the anchored node's (its items are shared) */
    int n;
    unsigned src;       /* scalar: the byte offset in the file where its node
                         * starts (at its anchor or tag, if any) */
    Loc loc;            /* where the node starts (for a scalar, with src) */
    const char *str;    /* scalar text (NUL-terminated) */
    size_t len;
    union {
        YNode **items;          /* seq: n items; map: n pairs as key, value, key... */
        const YNode *anchored;  /* an alias of a scalar: the scalar it repeats */
    };
};

/* Limits of the loader; each has a diagnostic that names it. */
typedef struct YamlLimits {
    int max_depth;              /* nested collections */
    long long max_nodes;        /* nodes after alias expansion */
    size_t max_scalar;          /* bytes in one scalar */
} YamlLimits;

extern const YamlLimits yaml_default_limits;

/* Parses f. Returns the root node, or NULL after reporting errors (an
 * empty document returns NULL with an error too). */
YNode *yaml_load(const SrcFile *f, const YamlLimits *lim, Diags *d);

/* A node's kind in words for messages: "a map", "a list", "a number"... */
const char *ynode_describe(const YNode *n);

#endif
