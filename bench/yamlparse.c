/* yamlparse.c: the lower limit for `cardc check`: read a file and run
 * libyaml's event parser over it, doing nothing with the events.
 *
 *   yamlparse FILE        (exit status 0 if the file parses) */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: yamlparse FILE\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    size_t cap = 1 << 16, len = 0, got;
    unsigned char *text = malloc(cap);
    while (text && (got = fread(text + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap)
            text = realloc(text, cap *= 2);
    }
    fclose(f);
    if (!text)
        return 2;

    yaml_parser_t parser;
    yaml_event_t ev;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, text, len);
    long events = 0;
    int ok = 1, done = 0;
    while (!done) {
        if (!yaml_parser_parse(&parser, &ev)) {
            ok = 0;
            break;
        }
        done = ev.type == YAML_STREAM_END_EVENT;
        events++;
        yaml_event_delete(&ev);
    }
    yaml_parser_delete(&parser);
    free(text);
    if (!ok) {
        fprintf(stderr, "yamlparse: %s: syntax error\n", argv[1]);
        return 1;
    }
    return events > 0 ? 0 : 1;
}
