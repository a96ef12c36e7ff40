/* init.c: `cardc init GAMEDIR`, a starter game (see schema.h): High Card,
 * small enough to read at once, which `cardc check` passes and `cardc
 * build -o` builds. Its cards.yaml begins with the modeline that points
 * yaml-language-server (and the editors built on it) at the schema. */
#include "schema.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static const char starter_cards[] =
    "# High Card's cards: the card file of a game made by `cardc init`\n"
    "# (the format: man cardc-cards, or docs/INTERFACES.md section 3).\n"
    "game: High Card\n"
    "types:\n"
    "  number:\n"
    "    attributes:\n"
    "      rank: [1, 2, 3, 4, 5]\n"
    "cards:\n"
    "  - {name: One, type: number, rank: 1, count: 4}\n"
    "  - {name: Two, type: number, rank: 2, count: 4}\n"
    "  - {name: Three, type: number, rank: 3, count: 4}\n"
    "  - {name: Four, type: number, rank: 4, count: 4}\n"
    "  - {name: Five, type: number, rank: 5, count: 4, text: \"The best card.\"}\n"
    "expect:\n"
    "  total: 20\n";

static const char starter_rules[] =
    "# High Card: every player draws one card; the highest rank wins\n"
    "# (the language: man cardc-rules, or docs/LANGUAGE.md).\n"
    "game \"High Card\"\n"
    "players 2..4\n"
    "\n"
    "zone deck: shared, ordered, hidden\n"
    "zone hand: per player, public\n"
    "\n"
    "func score(p: player): int = sum(hand[p], rank)\n"
    "\n"
    "proc main() {\n"
    "    shuffle deck\n"
    "    for p in players {\n"
    "        move top(deck) to hand[p]\n"
    "    }\n"
    "    end\n"
    "}\n";

static const char starter_readme[] =
    "High Card: a starter game made by `cardc init`.\n"
    "\n"
    "  cards.yaml   the cards: their types, attributes and counts\n"
    "  game.rules   the rules: zones, turns, and who wins\n"
    "\n"
    "Check it, build it and play it:\n"
    "\n"
    "  cardc check .\n"
    "  cardc build . -o high-card\n"
    "  ./high-card play --players 2\n"
    "\n"
    "Then rename the game (in both files) and make it yours. An editor with\n"
    "yaml-language-server completes and checks cards.yaml as you type: its\n"
    "first line names cardc's schema of the card file.\n";

/* Whether dir holds any entry; -1 if it cannot be read. */
static int has_files(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *e;
    int found = 0;
    while (!found && (e = readdir(d)))
        found = strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return found;
}

/* Writes dir/name; 0, or 2 after saying why. */
static int put(const char *dir, const char *name, const char *text, size_t len)
{
    Buf path = {0};
    buf_printf(&path, "%s/%s", dir, name);
    int status = 0;
    if (write_file(path.data, text, len) != 0) {
        fprintf(stderr, "cardc: cannot write '%s': %s\n", path.data, strerror(errno));
        status = 2;
    }
    buf_free(&path);
    return status;
}

int init_game(const char *dir, const char *schema_path)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "cardc: cannot make the folder '%s': %s\n", dir, strerror(errno));
        return 2;
    }
    int full = has_files(dir);
    if (full != 0) {
        if (full < 0)
            fprintf(stderr, "cardc: cannot read the folder '%s': %s\n", dir, strerror(errno));
        else
            fprintf(stderr, "cardc: '%s' already holds files: init writes a new game into "
                            "an empty folder only\n", dir);
        return 2;
    }
    Buf cards = {0};
    buf_printf(&cards, "# yaml-language-server: $schema=%s\n%s", schema_path, starter_cards);
    int status = put(dir, "cards.yaml", cards.data, cards.len);
    buf_free(&cards);
    if (!status)
        status = put(dir, "game.rules", starter_rules, sizeof starter_rules - 1);
    if (!status)
        status = put(dir, "README", starter_readme, sizeof starter_readme - 1);
    return status;
}
