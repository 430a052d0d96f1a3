"""A page in another language than the base's is known as such, and answers questions
in its own language before others (rust-lang/rfcs keeps its Leadership Council RFC in
five more languages, named only by a suffix glued to the file name; the Korean copy came
before the English RFC for "Leadership Council")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mdbrain.core import language
from mdbrain.service.brain import Brain
from tests.conftest import MakeBase, doc
from tests.test_import import meta, run_import

ENGLISH = (
    "# Leadership Council\n\nThis RFC establishes a Leadership Council as the successor of "
    "the core team, and the new governance structure of the project. The council delegates "
    "most of its authority to the teams, which keep the decisions they make today.\n"
)
KOREAN = (
    "# 절차적 정보\n\n이 RFC는 핵심 팀의 후계자로서 Leadership Council 을 설립하고, "
    "프로젝트 구성원들이 권한을 위임하는 새로운 거버넌스 구조를 만듭니다. 심의회는 대부분의 "
    "권한을 각 팀에 위임합니다. Leadership Council 은 팀 사이의 일을 조정합니다.\n"
)
JAPANESE = (
    "# 手続きに関する情報\n\nこのRFCは、コアチームの後継としてリーダーシップ・カウンシルを設立し、"
    "プロジェクトのメンバーが権限を委ねる新しいガバナンス構造を定めます。`Council` の権限の"
    "大部分はチームに委ねられます。\n"
)
CHINESE = (
    "# 程序性資訊\n\n本 RFC 建立了一個繼承核心團隊的領導委員會 (Leadership Council)。理事會將"
    "大部分權力下放給各團隊，並由 @jntrnr、@joshtriplett、@Mark-Simulacrum 共同撰寫，"
    "參見 https://rust-lang.zulipchat.com/#narrow/stream/369838-rfc-leadership-council。\n"
)
RUSSIAN = (
    "# Процедурная информация\n\nЭтот RFC учреждает Leadership Council как преемника "
    "основной команды и новую структуру управления проектом. Совет передаёт большую часть "
    "своих полномочий командам.\n"
)


@pytest.mark.parametrize(
    ("text", "code"),
    [(KOREAN, "ko"), (JAPANESE, "ja"), (CHINESE, "zh"), (RUSSIAN, "ru"), (ENGLISH, "en")],
)
def test_a_pages_language_is_told_by_its_script_or_its_small_words(text: str, code: str) -> None:
    assert language.of_page(text * 3) == code


def test_code_names_and_short_texts_tell_no_language() -> None:
    # a page of code in another script's comments, and a line of Korean: too little
    assert (
        language.of_page("```python\n# 한국어 주석입니다 한국어 주석입니다\nx = 1\n```\n") is None
    )
    assert language.script_language("설정") is None
    assert language.script_language("Run `make test` before you push.") is None


def test_an_imported_page_in_another_language_says_so(make_base: MakeBase) -> None:
    root = make_base({})
    source = root.parent / "text" / "3392-leadership-council"
    source.mkdir(parents=True)
    for name, body in (("council.md", ENGLISH), ("council-ko.md", KOREAN * 2),
                       ("council-ja.md", JAPANESE * 2)):  # fmt: skip
        (source / name).write_text(body, encoding="utf-8")
    run_import(root, source)
    theme = "3392-leadership-council"
    assert "lang" not in meta(root, f"{theme}/council.md")  # the base's own language
    assert meta(root, f"{theme}/council-ko.md")["lang"] == "ko"
    assert meta(root, f"{theme}/council-ja.md")["lang"] == "ja"


def test_an_english_page_imported_into_a_french_base_says_it_is_english(
    make_base: MakeBase, tmp_path: Path
) -> None:
    root = make_base({}, 'version: "1"\nroot: ./kb\nlang: fr\n')
    source = tmp_path / "notes"
    source.mkdir()
    (source / "council.md").write_text(ENGLISH * 3, encoding="utf-8")
    run_import(root, source)
    assert meta(root, "notes/council.md")["lang"] == "en"


def test_a_question_is_answered_in_its_own_language_first(make_base: MakeBase) -> None:
    pages = {
        "council.md": doc("3392 leadership council", body=ENGLISH),
        "council/council-ko.md": doc("Leadership Council 절차적 정보", body=KOREAN, lang="ko"),
        "council/council-ru.md": doc("Leadership Council", body=RUSSIAN, lang="ru"),
    }
    root = make_base(pages)
    searcher = Brain.open(root).reader().searcher
    assert searcher.rank("Leadership Council", 3)[0].id == "council.md"
    # asked in Korean, the Korean copy comes first
    assert searcher.rank("Leadership Council 절차적 정보 권한", 3)[0].id == "council/council-ko.md"


def test_a_draft_list_of_pages_comes_after_the_page_that_answers(make_base: MakeBase) -> None:
    # as import writes one for a folder's pages no other page links to: its title and
    # path name the folder, its lines every page's title
    listing = "\n".join(
        f"- [Leadership council, part {n}](part-{n}.md): part {n} of the council's rules"
        for n in range(5)
    )
    pages = {f"leadership-council/part-{n}.md": doc(f"Part {n}", body="Rules.\n") for n in range(5)}
    pages["leadership-council.md"] = doc("3392 leadership council", body=ENGLISH)
    pages["leadership-council/overview.md"] = doc(
        "Imported pages: leadership-council", body=f"{listing}\n", type="overview", status="draft"
    )
    root = make_base(pages)
    ranked = [c.id for c in Brain.open(root).reader().searcher.rank("Leadership Council", 3)]
    assert ranked[0] == "leadership-council.md"


def test_a_readme_typed_as_an_overview_keeps_its_score(make_base: MakeBase) -> None:
    """dotnet/designs: its imported README, typed overview, came 19th for "Creating a
    proposal", its own section's title, below pages saying "proposal" in passing."""
    passing = "A proposal for the runtime. The proposal creates a cache; proposals vary.\n"
    pages = {f"accepted/d{n}.md": doc(f"Design {n}", body=passing) for n in range(6)}
    pages["readme.md"] = doc(
        "Design proposals",
        body="## Creating a proposal\n\nTo create a proposal, open a branch and copy the"
        " template.\n",
        type="overview",
        status="draft",
    )
    root = make_base(pages)
    ranked = [c.id for c in Brain.open(root).reader().searcher.rank("Creating a proposal", 3)]
    assert ranked[0] == "readme.md"


def _point(written: str) -> int:
    return int(written[2:], 16) if written.startswith("\\u") else ord(written)


# The scripts as patterns, the way a reader would write them: what script_language
# counts without compiling them must agree.
_REFERENCE = {
    "ja": r"[\u3040-\u30ff]",
    "ko": r"[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]",
    "zh": r"[\u4e00-\u9fff\u3400-\u4dbf]",
    "ru": r"[\u0400-\u04ff]",
    "el": r"[\u0370-\u03ff]",
    "ar": r"[\u0600-\u06ff]",
    "he": r"[\u0590-\u05ff]",
    "hi": r"[\u0900-\u097f]",
    "th": r"[\u0e00-\u0e7f]",
    "latin": r"[A-Za-z\u00c0-\u024f]",
}
# characters at and around the edges of every block, and some between them
_EDGES = sorted(
    {
        chr(point + step)
        for block in _REFERENCE.values()
        for first, last in re.findall(r"(\\u[0-9a-f]{4}|\w)-(\\u[0-9a-f]{4}|\w)", block)
        for point in (_point(first), _point(last))
        for step in (-1, 0, 1)
    }
    | set(" .,1é中ア한Жλ").union(map(chr, range(0x2000, 0x2010)))
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_EDGES), max_size=120))
def test_script_counts_agree_with_the_blocks_as_patterns(chars: list[str]) -> None:
    text = "".join(chars)
    expected = {code: len(re.findall(p, text)) for code, p in _REFERENCE.items()}
    assert language._letters_by_script(text) == expected
