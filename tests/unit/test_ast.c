/* test_ast.c: the tree of the rules, read through the role names ast.h
 * lists for each kind: what the grammar sets, what the checker fills in,
 * and the children as kid[] for the generic walkers. */
#include "helpers.h"
#include "parse.h"

#include <criterion/criterion.h>
#include <string.h>

static const char cards[] = "game: T\n"
                            "types:\n"
                            "  cheat:\n"
                            "    attributes:\n"
                            "      color: [red, blue]\n"
                            "  stress:\n"
                            "cards:\n"
                            "  - {name: Red Cheat, type: cheat, color: red, count: 3}\n"
                            "  - {name: Deadline, type: stress, count: 2}\n";

static const char rules[] =
    "game \"T\"\n"
    "players 2..3\n"
    "limit decisions 500\n"
    "zone deck: shared, ordered, hidden\n"
    "zone hand: per player, public\n"
    "var rounds: int = 0\n"
    "var tokens: per player int = 1\n"
    "func cheats(p: player): int = count(c in hand[p] where c.type == cheat)\n"
    "proc main() {\n"
    "    let p = seat(0)\n"
    "    if rounds > 1 {\n"
    "        rounds += 1\n"
    "    } else if ask p \"Again?\" {\n"
    "        shuffle deck\n"
    "    }\n"
    "    for q in players from p {\n"
    "        move top(deck) to hand[q] bottom\n"
    "    }\n"
    "    choose cards p \"Pick\" from hand[p] where color == red into deck size 1..2 "
    "such that count(chosen) > 0\n"
    "    tokens[p] = cheats(p)\n"
    "    end\n"
    "}\n";

/* Loads the cards and parses the rules; checks them too if check. */
static void build(Compilation *c, bool check)
{
    cr_assert(LOAD(c, cards));
    const SrcFile *f = comp_add_text(c, "t.rules", rules, sizeof rules - 1);
    vec_push(&c->arena, &c->rule_files, (void *)f);
    cr_assert(phase_parse(c));
    if (check && !phase_check(c))
        cr_assert_fail("%s", diags_text(c, false));
}

static Node *decl(Compilation *c, NodeKind k, const char *name)
{
    for (int i = 0; i < c->prog.decls.len; i++) {
        Node *n = c->prog.decls.items[i];
        if (n->kind == k && (!name || !strcmp(n->name, name)))
            return n;
    }
    cr_assert_fail("no %s %s", node_kind_names[k], name ? name : "");
    return NULL;
}

/* The i-th statement of main's body. */
static Node *stmt(Compilation *c, int i)
{
    Node *n = decl(c, N_PROCDECL, "main")->body->stmts;
    while (n && i-- > 0)
        n = n->next;
    cr_assert_not_null(n);
    return n;
}

Test(ast, declarations_carry_their_roles)
{
    Compilation c;
    build(&c, false);
    Node *pl = decl(&c, N_PLAYERSDECL, NULL);
    cr_assert_eq(pl->min_players, 2);
    cr_assert_eq(pl->max_players, 3);
    cr_assert_eq(decl(&c, N_LIMITDECL, "decisions")->limit, 500);
    Node *deck = decl(&c, N_ZONEDECL, "deck");
    cr_assert_str_eq(deck->flag_list->name, "shared");
    cr_assert_str_eq(deck->flag_list->next->next->name, "hidden");
    cr_assert_str_eq(decl(&c, N_ZONEDECL, "hand")->flag_list->name, "per player");
    Node *tokens = decl(&c, N_VARDECL, "tokens");
    cr_assert_eq(tokens->per_player, 1);
    cr_assert_eq(tokens->init->literal, 1);
    cr_assert_eq(decl(&c, N_VARDECL, "rounds")->per_player, 0);
    Node *f = decl(&c, N_FUNCDECL, "cheats");
    cr_assert_str_eq(f->params->name, "p");
    cr_assert_eq(f->params->type, T_PLAYER);
    cr_assert_eq(f->type, T_INT);
    cr_assert_null(f->body);
    Node *count = f->expr_body;
    cr_assert_eq(count->kind, N_CALL);
    Node *src = count->args;
    cr_assert_eq(src->kind, N_SOURCE);
    cr_assert_str_eq(src->name, "c");
    cr_assert_eq(src->in->kind, N_INDEX);
    cr_assert_str_eq(src->in->base->name, "hand");
    cr_assert_str_eq(src->in->index->name, "p");
    cr_assert_eq(src->filter->binop, OP_EQ);
    cr_assert_eq(src->filter->lhs->kind, N_FIELD);
    cr_assert_str_eq(src->filter->lhs->base->name, "c");
    cr_assert_str_eq(src->filter->lhs->name, "type");
    comp_free(&c);
}

Test(ast, statements_carry_their_roles)
{
    Compilation c;
    build(&c, false);
    Node *let = stmt(&c, 0);
    cr_assert_eq(let->kind, N_LET);
    cr_assert_eq(let->init->kind, N_CALL);
    cr_assert_eq(let->init->args->literal, 0);

    Node *ifs = stmt(&c, 1);
    cr_assert_eq(ifs->kind, N_IF);
    cr_assert_eq(ifs->cond->binop, OP_GT);
    cr_assert_str_eq(ifs->cond->lhs->name, "rounds");
    cr_assert_eq(ifs->cond->rhs->literal, 1);
    Node *add = ifs->then->stmts;
    cr_assert_eq(add->kind, N_ASSIGN);
    cr_assert_eq(add->assign_op, ASSIGN_ADD);
    cr_assert_str_eq(add->target->name, "rounds");
    cr_assert_eq(add->rhs->literal, 1);
    Node *elif = ifs->els;
    cr_assert_eq(elif->kind, N_IF);
    cr_assert_eq(elif->cond->kind, N_ASK);
    cr_assert_str_eq(elif->cond->who->name, "p");
    cr_assert_str_eq(elif->cond->name, "Again?");
    cr_assert_eq(elif->then->stmts->kind, N_SHUFFLE);
    cr_assert_str_eq(elif->then->stmts->zone->name, "deck");
    cr_assert_null(elif->els);

    Node *loop = stmt(&c, 2);
    cr_assert_eq(loop->kind, N_FOR);
    cr_assert_str_eq(loop->name, "q");
    cr_assert_eq(loop->iter->kind, N_PLAYERSREF);
    cr_assert_str_eq(loop->from->name, "p");
    Node *move = loop->body->stmts;
    cr_assert_eq(move->kind, N_MOVE);
    cr_assert_eq(move->card->kind, N_TOPCARD);
    cr_assert_eq(move->card->pos_kind, POS_TOP);
    cr_assert_str_eq(move->card->zone->name, "deck");
    cr_assert_str_eq(move->to->base->name, "hand");
    cr_assert_eq(move->pos->pos_kind, POS_BOTTOM);
    cr_assert_null(move->pos->at);

    Node *pick = stmt(&c, 3);
    cr_assert_eq(pick->kind, N_CHOOSECARDS);
    cr_assert_str_eq(pick->who->name, "p");
    cr_assert_str_eq(pick->name, "Pick");
    cr_assert_str_eq(pick->src->in->base->name, "hand");
    cr_assert_str_eq(pick->src->filter->lhs->name, "color");
    cr_assert_str_eq(pick->into->name, "deck");
    cr_assert_eq(pick->size->items->literal, 1);
    cr_assert_eq(pick->size->items->next->literal, 2);
    cr_assert_eq(pick->such->binop, OP_GT);
    cr_assert_str_eq(pick->such->lhs->args->name, "chosen");

    Node *set = stmt(&c, 4);
    cr_assert_eq(set->assign_op, ASSIGN_SET);
    cr_assert_str_eq(set->target->base->name, "tokens");
    cr_assert_str_eq(set->rhs->name, "cheats");
    cr_assert_eq(stmt(&c, 5)->kind, N_END);
    comp_free(&c);
}

Test(ast, the_checker_fills_in_its_roles)
{
    Compilation c;
    build(&c, true);
    Node *deck = decl(&c, N_ZONEDECL, "deck"), *hand = decl(&c, N_ZONEDECL, "hand");
    cr_assert_eq(deck->zflags, ZF_ORDERED);
    cr_assert_eq(deck->vis, VIS_HIDDEN);
    cr_assert_eq(deck->zone_no, 0);
    cr_assert_eq(deck->first_slot, 0);
    cr_assert_eq(hand->zflags, ZF_PER_PLAYER);
    cr_assert_eq(hand->vis, VIS_PUBLIC);
    cr_assert_eq(hand->zone_no, 1);
    cr_assert_eq(hand->first_slot, 1);
    cr_assert_eq(c.game.nslots, 1 + 3, "a slot per seat of the largest game");
    cr_assert_eq(decl(&c, N_VARDECL, "tokens")->var_no, 0);
    cr_assert_eq(c.game.max_decisions, 500);

    Node *f = decl(&c, N_FUNCDECL, "cheats");
    Node *src = f->expr_body->args;
    cr_assert_eq(f->expr_body->builtin, B_COUNT);
    cr_assert_eq(src->src_kind, SRC_ZONE);
    cr_assert_eq(src->slot, 1, "after the parameter");
    cr_assert_eq(src->filter->lhs->attr, ATTR_TYPE);
    cr_assert_eq(f->nlocals, 2);

    Node *loop = stmt(&c, 2);
    cr_assert_eq(loop->iter->kind, N_SOURCE, "'from' wraps 'players' in a source");
    cr_assert_eq(loop->iter->src_kind, SRC_PLAYERS);
    Node *pick = stmt(&c, 3);
    cr_assert_eq(pick->set_no, 0);
    cr_assert_eq(c.game.sets.items[0], pick);
    cr_assert_str_eq(c.game.prompts.items[pick->prompt], "Pick");
    cr_assert_eq(pick->src->filter->lhs->kind, N_FIELD, "color: a field of the implicit card");
    cr_assert_null(pick->src->filter->lhs->base);
    cr_assert_eq(pick->src->filter->lhs->slot, pick->src->slot);
    cr_assert_eq(pick->such->lhs->args->src_kind, SRC_CHOSEN);
    comp_free(&c);
}

static void count_node(Node *n, void *ctx)
{
    (void)n;
    ++*(int *)ctx;
}

Test(ast, children_are_also_an_array)
{
    Compilation c;
    build(&c, false);
    Node *ifs = stmt(&c, 1);
    cr_assert_eq(ifs->kid[0], ifs->cond);
    cr_assert_eq(ifs->kid[1], ifs->then);
    cr_assert_eq(ifs->kid[2], ifs->els);
    Node *pick = stmt(&c, 3);
    cr_assert_eq(pick->kid[3], pick->size);
    Node *move = stmt(&c, 2)->body->stmts;
    cr_assert_eq(move->kid[0], move->card);
    cr_assert_eq(move->kid[1], move->to);
    cr_assert_eq(move->kid[2], move->pos);
    /* move, top(deck), deck, hand[q], hand, q, bottom */
    int n = 0;
    ast_walk(move, count_node, &n);
    cr_assert_eq(n, 7);
    comp_free(&c);
}

static const char simul_rules[] =
    "game \"T\"\n"
    "players 2..3\n"
    "zone deck: shared, ordered, hidden\n"
    "zone hand: per player, owner\n"
    "proc main() {\n"
    "    for q in players simultaneously {\n"
    "        let c = choose card q \"Keep?\" from hand[q]\n"
    "        move c to deck\n"
    "    }\n"
    "}\n";

/* `for q in players simultaneously`: a FOR marked simultaneous, whose
 * frame keeps one answer per seat of the game (slot + 2 .. slot + 1 +
 * max players) apart from the loop's counters and its choice's local. */
Test(ast, simultaneous_loop_keeps_each_answer)
{
    Compilation c;
    cr_assert(LOAD(&c, cards));
    const SrcFile *f = comp_add_text(&c, "t.rules", simul_rules, sizeof simul_rules - 1);
    vec_push(&c.arena, &c.rule_files, (void *)f);
    cr_assert(phase_parse(&c));
    if (!phase_check(&c))
        cr_assert_fail("%s", diags_text(&c, false));
    Node *loop = stmt(&c, 0);
    cr_assert_eq(loop->kind, N_FOR);
    cr_assert(loop->simultaneous);
    cr_assert_eq(loop->iter->src_kind, SRC_PLAYERS);
    Node *let = loop->body->stmts;
    cr_assert_eq(let->kind, N_LET);
    cr_assert_eq(let->init->kind, N_CHOOSECARD);
    int kept = loop->slot + 2, past = kept + 3; /* players 2..3 */
    cr_assert(loop->iter->slot < kept || loop->iter->slot >= past);
    cr_assert(let->sym->index >= past, "the choice's local %d lies among the answers kept",
              let->sym->index);
    cr_assert(c.game.uses_simul);
    comp_free(&c);
}
