"""The re-ranker finds a question's words without splitting whole texts: by leads in the
text, and by a sorted word table kept in the index. Both must count exactly what
``text.split()`` counts, whatever the words."""

from __future__ import annotations

from collections import Counter

from hypothesis import example, given, settings
from hypothesis import strategies as st

from mdbrain.core import ranking, text
from mdbrain.store.search_index import SECTION_MARK

# few letters, so that words share beginnings and ends as real vocabularies do
WORD = st.text(alphabet="abé_1", min_size=1, max_size=7)
LINES = st.lists(st.lists(WORD, max_size=6).map(" ".join), min_size=1, max_size=8)


def _body(lines: list[str], cuts: set[int]) -> str:
    """A body as the search index stores it: normalised, and cut into sections at the
    start of the given lines (each part starts on its line's first character)."""
    flat = text.normalise("\n".join(lines))
    starts, at = [], 1
    for line in lines:
        starts.append(at)
        at += len(line) + 3  # the line, then " \n " before the next one
    marks = [0, *sorted(starts[i] for i in cuts if 0 < i < len(lines))]
    ends = [*marks[1:], len(flat)]
    return SECTION_MARK.join(flat[a:b] for a, b in zip(marks, ends, strict=True))


def _asked(groups: list[list[str]]) -> ranking.Asked:
    terms = [
        ranking.Term(group[0], tuple((word, 1.0) for word in dict.fromkeys(group)), 1.0)
        for group in groups
        if group
    ]
    return ranking.asked(terms)


@settings(max_examples=300, deadline=None)
@given(
    lines=LINES,
    cuts=st.sets(st.integers(0, 8)),
    groups=st.lists(st.lists(WORD, min_size=1, max_size=5), min_size=1, max_size=4),
)
@example(lines=["ab abé ab_", "a"], cuts={1}, groups=[["ab", "a"], ["abé"]])
@example(lines=["abab ab ab"], cuts=set(), groups=[["ab"], ["abab", "aba"]])
def test_words_are_found_exactly_where_splitting_finds_them(
    lines: list[str], cuts: set[int], groups: list[list[str]]
) -> None:
    body = _body(lines, cuts)
    question = _asked(groups)
    wanted = set(question.gives)
    expected = [word for word in body.split() if word in wanted]

    found = ranking.located(question, body)

    assert [word for _at, word in found] == expected
    assert all(body[at : at + len(word)] == word for at, word in found)
    assert all(at == 0 or body[at - 1] in (" ", SECTION_MARK) for at, _word in found)
    in_table = ranking.counted_in_table(question, ranking.word_table(body))
    assert in_table == dict(Counter(expected))
    counted = ranking.counted(question, body)
    assert {word: n for word, n in counted.items() if word in wanted} == dict(Counter(expected))


@given(st.lists(WORD, min_size=1, max_size=30))
def test_leads_cover_every_word_once(words: list[str]) -> None:
    leads = ranking.asked([ranking.Term("t", tuple((w, 1.0) for w in words), 1.0)]).leads
    assert not any(a != b and b.startswith(a) for a in leads for b in leads)
    for word in words:
        assert sum((word + " ").startswith(lead) for lead in leads) == 1


def test_words_sharing_a_beginning_are_looked_for_together() -> None:
    question = _asked([["function", "functions", "functional"], ["dll"]])
    assert question.leads == ("dll ", "function")


def test_a_word_inside_another_is_not_counted() -> None:
    question = _asked([["run"]])
    body = text.normalise("overrun rerun run runs\nrun")
    assert ranking.counted(question, body)["run"] == 2
    assert ranking.counted_in_table(question, ranking.word_table(body)) == {"run": 2}
    assert [at for at, _w in ranking.located(question, body)] == [
        i for i in range(len(body)) if body.startswith(" run ", i - 1)
    ]


def _terms(*groups: str) -> ranking.Asked:
    return _asked([group.split() for group in groups])


def test_two_terms_asked_in_a_row_are_found_in_a_row_or_one_short_word_apart() -> None:
    question = _terms("byte", "order", "mark")
    body = text.normalise("A byte order mark. The order of a byte, and byte of order: mark!")
    found = ranking.pairs_of(question, ranking.located(question, body), gap=5)
    # "byte order", "order mark", then "byte of order" (one short word apart) and
    # "order: mark"; "order of a byte" is the wrong order and too far apart
    assert [number for _at, number in found] == [0, 1, 0, 1]
    assert [body[at:].split()[0] for at, _n in found] == ["order", "mark", "order", "mark"]
    # side by side only
    assert ranking.pairs_of(question, ranking.located(question, body), gap=1) == found[:2]


def test_a_section_holding_the_words_in_a_row_scores_above_one_holding_them_apart() -> None:
    question = _terms("move", "constructor")
    params = ranking.Params(weights=(1.0,), pair_weight=1.0)
    together = text.normalise("write a move constructor for the buffer class here")
    apart = text.normalise("move the buffer first then write the class constructor")
    scores = []
    for section in (together, apart):
        hits = ranking.located(question, section)
        pairs = Counter(number for _at, number in ranking.pairs_of(question, hits, 5))
        scores.append(
            ranking.passage_score(
                question,
                ranking.counted(question, section),
                len(section),
                heading={},
                average=len(section),
                params=params,
                pairs=pairs,
            )
        )
    assert scores[0] > scores[1]


def test_within_a_document_a_term_every_section_holds_weighs_least() -> None:
    question = _asked([["subject"], ["moved"], ["copied"]])
    held = [[3.0, 0.0, 0.0], [1.0, 1.0, 0.0], [2.0, 0.0, 1.0], [1.0, 0.0, 1.0]]
    weights = [term.idf for term in ranking.within(question, held).terms]
    assert weights[0] < weights[2] < weights[1] == 1.0  # every, two, one section of four
    assert ranking.within(question, held[:1]) is question  # one section: nothing to choose
    assert question.gives == ranking.within(question, held).gives
