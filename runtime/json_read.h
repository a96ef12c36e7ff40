/* json_read.h: inside libcardrt, the JSON reader of the stats files. */
#ifndef CARDRT_JSON_READ_H
#define CARDRT_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum JType {
    JSON_NULL,
    JSON_TRUE,
    JSON_FALSE,
    JSON_INT,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT,
} JType;

typedef struct JVal {
    JType type;
    bool neg;                   /* JSON_INT: negative (its magnitude in u) */
    uint64_t u;                 /* JSON_INT: the magnitude */
    char *str;                  /* JSON_STRING */
    int n;                      /* JSON_ARRAY, JSON_OBJECT: how many items */
    struct JVal *items;         /* the items (an object's values) */
    char **keys;                /* JSON_OBJECT: the keys */
} JVal;

/* Parses s[0..n): false with a message and its byte offset in err. */
bool json_parse(const char *s, size_t n, JVal *out, char *err, size_t errn);
void json_free(JVal *v);
/* The value of key in object obj; NULL when absent (or obj is none). */
const JVal *json_get(const JVal *obj, const char *key);

#endif
