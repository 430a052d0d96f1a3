"""The fixed sentences of the drafts ``init --scan`` writes, in English and in French.

A base is written in its marker's ``lang``; the drafts of ``init --scan`` are
too. Every sentence a draft says on its own (titles, headings, summaries made
from counts, the note that it is a draft) comes from the tables here, by key;
what the code says (docstrings, names, signatures) is quoted as it is. A
language without a table is written in English.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

_EN: Final = {
    "note": "Draft written by `mdbrain init --scan` from the code: it lists what the files "
    "hold and nothing more. Check it and complete it before marking it stable.",
    "skipped": "Skipped by the scan: {note}.",
    "exports": "Exports: {names}.",
    "symbols": "Public symbols:",
    "methods": " Public methods: {names}.",
    "more": "… and {n} more.",
    "more_items": " and {n} more",
    "runs": "How it runs: {how}.",
    "commands": "Commands it defines: {names}.",
    "routes": "Routes: {names}.",
    "nothing": "No docstring and no public symbols found.",
    "bare_files": "Files with no docstring and no public symbol: {names}.",
    "more_files": "Other files, past the {most} described above: {names}.",
    "inventory": "{language} {what} with {parts}.",
    "inventory_none": "no public symbols",
    "inventory_empty": "{language} {what} with no public symbols.",
    "colon": ": ",
    "root_files": "Files at the top of the repository",
    "what_module": "module",
    "what_package": "package of {files}",
    "what_folder": "folder of {files}",
    "theme_code": "Code in {folder}/",
    "theme_code_root": "Code at the top of the repository",
    "theme_other": "Other code",
    "theme_entry": "Entry points, commands and routes",
    "theme_testing": "Tests",
    "theme_project": "Project: layout, configuration and documentation",
    "theme_infra": "Infrastructure: deployment, CI and scripts",
    "split": "{title}: package and smaller modules",
    "entry_points": "Entry points",
    "declared": ", declared in {file}",
    "runs_file": "; runs {file}",
    "commands_heading": "Commands",
    "routes_heading": "Routes",
    "entry_summary": "{parts} found in the code.",
    "last_of_list": "{items} and {last}",
    "tests_title": "Tests in {root}/",
    "tests_summary": "Tests in {root}/: {files} with {tests}, and {others}.",
    "tests_unread": "Tests in {root}/: {others}, in {languages}, whose tests the scan does"
    " not count.",
    "test_files": "Test files",
    "repository_title": "Repository layout and documentation",
    "repository_summary": "Layout of the repository: {files}, mostly {common}; its READMEs "
    "and documentation folders.",
    "languages": "Languages",
    "top_folders": "Top-level folders",
    "readme_sections": "Sections of {readme}",
    "doc_folders": "Documentation folders",
    "left_out": "Left out of the drafts",
    "left_out_why": "Examples, snippets, vendored and generated code and test data are "
    "counted here, not drafted as units of the project.",
    "configuration_title": "Configuration and build files",
    "configuration_summary": "{files}: {shown}.",
    "files": "Files",
    "package": "{kind} package {name}",
    "programs": "Programs",
    "scripts": "Scripts",
    "dependencies": "Dependencies",
    "overview_summary": "{title}: {drafts} from the code.",
    "configured": "{tool} is configured in {file}",
    "how_tests_run": "How they run",
    "translations": "Translations of the README",
    "drafted_in": "; drafts: {themes}",
    "set_aside": "; left out of the drafts",
    "tools": "Tools configured",
    "hooks": "Hooks run before each commit",
    "start_here": "Where to start",
    "themes": "Themes",
    "reason_program": "runs as a program",
    "reason_commands": "defines {commands}",
    "reason_routes": "serves {routes}",
    "reason_library": "where the library starts ({file})",
    "reason_core": "imported by {n} other units",
    "reason_root": "the root module",
    "called": "{title} (called here)",
    "tested": "{title} (imported by these tests)",
    "repository_summary_empty": "An empty repository: no file yet.",
    "same_as": "The same as {first}: {others}.",
    "code_in": "Code in {folder}.",
    "documents": "Documents",
    "readme_says": "What {readme} says",
    "related": "Related",
    "imported": "{title} (imported here)",
    "terraform_root": "Terraform root module",
    "terraform_module": "Terraform module in {folder}/",
    "terraform_summary": "Terraform module with {parts}.",
    "containers_title": "Container images and services",
    "containers_summary": "Container builds and services: {parts}.",
    "ci_title": "CI pipelines",
    "ci_summary": "{files} of continuous integration with {parts}.",
    "shell_title": "Shell scripts in {folder}/",
    "shell_summary": "{files}: {names}.",
}
_FR: Final = {
    "note": "Brouillon écrit par `mdbrain init --scan` à partir du code : il recense ce que "
    "contiennent les fichiers, rien de plus. Vérifiez-le et complétez-le avant de le passer "
    "en stable.",
    "skipped": "Ignoré par l'analyse : {note}.",
    "exports": "Exporte : {names}.",
    "symbols": "Symboles publics :",
    "methods": " Méthodes publiques : {names}.",
    "more": "… et {n} de plus.",
    "more_items": " et {n} de plus",
    "runs": "Comment il s'exécute : {how}.",
    "commands": "Commandes définies : {names}.",
    "routes": "Routes : {names}.",
    "nothing": "Ni docstring ni symbole public trouvé.",
    "bare_files": "Fichiers sans docstring ni symbole public : {names}.",
    "more_files": "Autres fichiers, au-delà des {most} décrits plus haut : {names}.",
    "inventory": "{What} {language} avec {parts}.",
    "inventory_none": "aucun symbole public",
    "inventory_empty": "{What} {language} sans symbole public.",
    "colon": " : ",
    "root_files": "Fichiers à la racine du dépôt",
    "what_module": "module",
    "what_package": "paquet de {files}",
    "what_folder": "dossier de {files}",
    "theme_code": "Code dans {folder}/",
    "theme_code_root": "Code à la racine du dépôt",
    "theme_other": "Autre code",
    "theme_entry": "Points d'entrée, commandes et routes",
    "theme_testing": "Tests",
    "theme_project": "Projet : organisation, configuration et documentation",
    "theme_infra": "Infrastructure : déploiement, intégration continue et scripts",
    "split": "{title} : paquet et petits modules",
    "entry_points": "Points d'entrée",
    "declared": ", déclaré dans {file}",
    "runs_file": " ; exécute {file}",
    "commands_heading": "Commandes",
    "routes_heading": "Routes",
    "entry_summary": "{parts} trouvés dans le code.",
    "last_of_list": "{items} et {last}",
    "tests_title": "Tests dans {root}/",
    "tests_summary": "Tests dans {root}/ : {files} avec {tests}, et {others}.",
    "tests_unread": "Tests dans {root}/ : {others} en {languages} ; leurs tests ne sont pas"
    " comptés.",
    "test_files": "Fichiers de test",
    "repository_title": "Organisation du dépôt et documentation",
    "repository_summary": "Organisation du dépôt : {files}, surtout {common} ; ses README "
    "et dossiers de documentation.",
    "languages": "Langages",
    "top_folders": "Dossiers de premier niveau",
    "readme_sections": "Sections de {readme}",
    "doc_folders": "Dossiers de documentation",
    "left_out": "Laissé hors des brouillons",
    "left_out_why": "Les exemples, extraits, le code embarqué ou généré et les données de "
    "test sont comptés ici, sans brouillon comme unités du projet.",
    "configuration_title": "Fichiers de configuration et de construction",
    "configuration_summary": "{files} : {shown}.",
    "files": "Fichiers",
    "package": "paquet {kind} {name}",
    "programs": "Programmes",
    "scripts": "Scripts",
    "dependencies": "Dépendances",
    "overview_summary": "{title} : {drafts} à partir du code.",
    "configured": "{tool} est configuré dans {file}",
    "how_tests_run": "Comment ils s'exécutent",
    "translations": "Traductions du README",
    "drafted_in": " ; brouillons : {themes}",
    "set_aside": " ; laissé hors des brouillons",
    "tools": "Outils configurés",
    "hooks": "Hooks lancés avant chaque commit",
    "start_here": "Par où commencer",
    "themes": "Thèmes",
    "reason_program": "se lance comme un programme",
    "reason_commands": "définit {commands}",
    "reason_routes": "sert {routes}",
    "reason_library": "le point de départ de la bibliothèque ({file})",
    "reason_core": "importé par {n} autres unités",
    "reason_root": "le module racine",
    "called": "{title} (appelé ici)",
    "tested": "{title} (importé par ces tests)",
    "repository_summary_empty": "Un dépôt vide : aucun fichier pour l'instant.",
    "same_as": "Identique à {first} : {others}.",
    "code_in": "Code dans {folder}.",
    "documents": "Documents",
    "readme_says": "Ce que dit {readme}",
    "related": "Voir aussi",
    "imported": "{title} (importé ici)",
    "terraform_root": "Module Terraform racine",
    "terraform_module": "Module Terraform dans {folder}/",
    "terraform_summary": "Module Terraform avec {parts}.",
    "containers_title": "Images de conteneurs et services",
    "containers_summary": "Construction de conteneurs et services : {parts}.",
    "ci_title": "Pipelines d'intégration continue",
    "ci_summary": "{files} d'intégration continue avec {parts}.",
    "shell_title": "Scripts shell dans {folder}/",
    "shell_summary": "{files} : {names}.",
}
# Nouns counted in drafts: (singular, plural).
_NOUNS_EN: Final = {
    "file": ("file", "files"), "test": ("test", "tests"), "test file": ("test file", "test files"),
    "other file": ("other file", "other files"), "document": ("document", "documents"),
    "draft": ("draft document generated", "draft documents generated"),
    "entry point": ("entry point", "entry points"),
    "command": ("CLI command", "CLI commands"), "route": ("HTTP route", "HTTP routes"),
    "config file": ("configuration and build file", "configuration and build files"),
    "pipeline file": ("file", "files"), "script": ("shell script", "shell scripts"),
    "function": ("public function", "public functions"),
    "class": ("public class", "public classes"), "const": ("public constant", "public constants"),
    "let": ("public variable", "public variables"), "var": ("public variable", "public variables"),
    "interface": ("public interface", "public interfaces"), "type": ("public type", "public types"),
    "enum": ("public enum", "public enums"), "fn": ("public function", "public functions"),
    "struct": ("public struct", "public structs"), "trait": ("public trait", "public traits"),
    "value": ("exported value", "exported values"), "re-export": ("re-export", "re-exports"),
    "resource": ("resource", "resources"), "data": ("data source", "data sources"),
    "module": ("module call", "module calls"), "variable": ("input variable", "input variables"),
    "output": ("output", "outputs"), "provider": ("provider setting", "provider settings"),
    "requirement": ("version requirement", "version requirements"),
    "stage": ("stage", "stages"), "port": ("exposed port", "exposed ports"),
    "service": ("service", "services"), "trigger": ("trigger", "triggers"), "job": ("job", "jobs"),
    "step": ("command run", "commands run"),
}  # fmt: skip
_NOUNS_FR: Final = {
    "file": ("fichier", "fichiers"), "test": ("test", "tests"),
    "test file": ("fichier de test", "fichiers de test"),
    "other file": ("autre fichier", "autres fichiers"), "document": ("document", "documents"),
    "draft": ("brouillon généré", "brouillons générés"),
    "entry point": ("point d'entrée", "points d'entrée"),
    "command": ("commande CLI", "commandes CLI"), "route": ("route HTTP", "routes HTTP"),
    "config file": ("fichier de configuration et de construction",
                    "fichiers de configuration et de construction"),
    "pipeline file": ("fichier", "fichiers"), "script": ("script shell", "scripts shell"),
    "function": ("fonction publique", "fonctions publiques"),
    "class": ("classe publique", "classes publiques"),
    "const": ("constante publique", "constantes publiques"),
    "let": ("variable publique", "variables publiques"),
    "var": ("variable publique", "variables publiques"),
    "interface": ("interface publique", "interfaces publiques"),
    "type": ("type public", "types publics"),
    "enum": ("énumération publique", "énumérations publiques"),
    "fn": ("fonction publique", "fonctions publiques"),
    "struct": ("structure publique", "structures publiques"),
    "trait": ("trait public", "traits publics"),
    "value": ("valeur exportée", "valeurs exportées"),
    "re-export": ("réexportation", "réexportations"),
    "resource": ("ressource", "ressources"), "data": ("source de données", "sources de données"),
    "module": ("appel de module", "appels de module"),
    "variable": ("variable d'entrée", "variables d'entrée"), "output": ("sortie", "sorties"),
    "provider": ("réglage de fournisseur", "réglages de fournisseur"),
    "requirement": ("exigence de version", "exigences de version"),
    "stage": ("étape", "étapes"), "port": ("port exposé", "ports exposés"),
    "service": ("service", "services"), "trigger": ("déclencheur", "déclencheurs"),
    "job": ("tâche", "tâches"), "step": ("commande exécutée", "commandes exécutées"),
}  # fmt: skip
# Fixed phrases the readers write in English (how a file runs, why it was skipped).
_TERMS_FR: Final = {
    "runs with `python -m`": "se lance avec `python -m`",
    "runs as a script (`__name__ == '__main__'`)": "se lance comme script "
    "(`__name__ == '__main__'`)",
    "Node script (shebang line)": "script Node (ligne shebang)",
    "runs as a script (`require.main === module`)": "se lance comme script "
    "(`require.main === module`)",
    "Go program (`package main`)": "programme Go (`package main`)",
    "Rust program (`fn main`)": "programme Rust (`fn main`)",
    "console script": "script console",
    "package bin": "exécutable du paquet",
    "binary": "exécutable",
    "not valid Python": "Python invalide",
    "Python nested too deeply to be read": "Python trop imbriqué pour être lu",
    "larger than 2 MB": "plus de 2 Mo",
    "Other": "Autre",
}
TABLES: Final = {"en": (_EN, _NOUNS_EN, {}), "fr": (_FR, _NOUNS_FR, _TERMS_FR)}


@dataclass(frozen=True, slots=True)
class Words:
    """The sentences of one language: ``words("key", name=...)``, counts, terms."""

    lang: str

    def _tables(self) -> tuple[dict[str, str], dict[str, tuple[str, str]], dict[str, str]]:
        return TABLES.get(self.lang, TABLES["en"])

    def __call__(self, key: str, **values: object) -> str:
        return self._tables()[0][key].format(**values)

    def noun(self, noun: str, n: int = 2) -> str:
        """A noun of the tables, singular for 1 (and 0 in French), plural otherwise."""
        one, many = self._tables()[1].get(noun, (noun, noun + "s"))
        single = n == 1 or (n == 0 and self.lang == "fr")
        return one if single else many

    def count(self, n: int, noun: str) -> str:
        """'3 files', '1 test', '0 fichier'."""
        return f"{n} {self.noun(noun, n)}"

    def listed(self, items: Sequence[str]) -> str:
        """'a, b and c', 'a, b et c'."""
        if len(items) < 2:
            return "".join(items)
        return self("last_of_list", items=", ".join(items[:-1]), last=items[-1])

    def term(self, text: str) -> str:
        """A phrase a reader wrote in English, in this language when the tables know it
        (as a whole, or as the start of the phrase)."""
        terms = self._tables()[2]
        if text in terms:
            return terms[text]
        head = next((t for t in terms if text.startswith(t + " ")), None)
        return terms[head] + text[len(head) :] if head else text


def words(lang: str) -> Words:
    """The sentences for a base written in ``lang`` ('en' when the tables lack it)."""
    base = lang.replace("_", "-").partition("-")[0].lower()
    return Words(base if base in TABLES else "en")


def draft_notes() -> frozenset[str]:
    """The line a scan's draft opens on, in every language: the reader's row says "draft"
    already, so a passage leaves it out."""
    return frozenset(sentences["note"] for sentences, _nouns, _terms in TABLES.values())
