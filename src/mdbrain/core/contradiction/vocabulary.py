"""Words shared by the readers of a sentence: every word is folded (lower case, no
accents) before it is looked up."""

from __future__ import annotations

from collections.abc import Iterable

from mdbrain.core.text import fold


def folded_words(text: str) -> frozenset[str]:
    return frozenset(fold(word) for word in text.split())


def word_table(groups: Iterable[tuple[str, float]]) -> dict[str, float]:
    return {word: value for words, value in groups for word in folded_words(words)}


FUNCTION = folded_words(
    """
    a an the and or but nor if unless until when while whereas than then so as at by for from
    in into of off on onto over per to up with within without via vs versus each every any all
    both either neither no not only also just still even very more most less least much many
    few same such own other another this that these those it its they them their there here is
    are was were be been being has have had do does did will would shall should can could may
    might must default defaults given after before since because though although whether which
    who whom whose what where why how i we you he she our your his her my me us about around
    approximately roughly maximum minimum max once twice times
    au aux avec ce ces cet cette dans de des du d en entre et ou par pour sans sous sur le la
    les l qu que qui quoi est sont etait etaient sera seront ete etre ont avait plus moins
    chaque tout tous toute toutes ne pas n se s sa son ses leur leurs y il ils elle elles nous
    vous je tu ci ca cela ceci soit comme si mais donc car puis ainsi afin lors depuis vers chez
    jusqu jusque environ defaut parmi selon chacun chacune
    """
)
IDENTIFYING = folded_words(
    """
    version versions release releases v python node java jdk rfc rfcs iso ieee iec ecma pep
    port ports section sections chapter chapitre article articles step etape option solution
    adr issue issues pr ticket bug error erreur errors erreurs http status statut code level
    niveau id numero no n page phase table tableau figure line ligne annexe annex appendix
    sprint epsg utf windows ubuntu debian macos ios android studio kubernetes k8s eks es
    ecmascript gcc clang php ruby postgres postgresql mysql openssl tls ssl type item slot
    rank rang tier classe class modele model
    """
)
RATE_WORDS = folded_words("per par a an each every chaque")
NEGATIONS = folded_words("not never no none nothing neither nor ne n pas jamais aucun aucune rien")
