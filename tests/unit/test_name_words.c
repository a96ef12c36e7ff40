/* test_name_words.c: how name_has reads a card's name as words
 * (compiler/sema_name_words.c, LANGUAGE.md §6 "Words in a card's name"):
 * whole words, in a row, in any case; the separators are anything but
 * letters, digits and apostrophes. */
#include "sema.h"

#include <criterion/criterion.h>

Test(name_words, a_whole_word_in_any_case)
{
    cr_assert(name_has_words("Pop Quiz", "quiz"));
    cr_assert(name_has_words("Pop Quiz", "QUIZ"));
    cr_assert(name_has_words("MOCK EXAM!", "exam"));
    cr_assert(name_has_words("Mid-Year Exam", "exam"));
    cr_assert(name_has_words("Mid-Year Exam", "mid"));
}

Test(name_words, not_part_of_a_word)
{
    cr_assert_not(name_has_words("Exams Week", "exam"));
    cr_assert_not(name_has_words("Example Day", "exam"));
    cr_assert_not(name_has_words("Pop Quiz", "qui"));
    cr_assert_not(name_has_words("Quizzes", "quiz"));
    cr_assert(name_has_words("Exams Week", "exams"));
}

Test(name_words, several_words_in_a_row)
{
    cr_assert(name_has_words("Mid-Year Exam", "mid year"));
    cr_assert(name_has_words("Mid-Year Exam", "year  exam"));
    cr_assert(name_has_words("Mid-Year Exam", "Mid Year Exam"));
    cr_assert_not(name_has_words("Mid-Year Exam", "exam mid"));
    cr_assert_not(name_has_words("Mid-Year Exam", "mid exam"));
    cr_assert_not(name_has_words("Mid-Year", "mid year exam"));
}

Test(name_words, apostrophes_and_digits_are_part_of_words)
{
    cr_assert(name_has_words("Teacher's Pet", "teacher's"));
    cr_assert_not(name_has_words("Teacher's Pet", "teacher"));
    cr_assert(name_has_words("Round 2 Test", "2"));
    cr_assert_not(name_has_words("Round 22 Test", "2"));
}

Test(name_words, no_words_match_nothing)
{
    cr_assert_not(name_has_words("Pop Quiz", ""));
    cr_assert_not(name_has_words("Pop Quiz", "  "));
    cr_assert_not(name_has_words("", "quiz"));
}
