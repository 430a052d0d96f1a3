"""Vocabulary and English-like technical prose for the benchmark corpus generator.

Every function draws from the ``random.Random`` it is given, so a seeded generator
always yields the same text.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


NOUNS = _words(
    "request session token cache queue worker service client server record schema field "
    "handler endpoint payload header cookie policy rule event message job batch shard "
    "replica node cluster lease lock snapshot checkpoint migration table column query "
    "cursor page stream buffer channel topic subscription tenant account user role "
    "permission certificate signature digest manifest bundle artifact release build "
    "pipeline stage deployment rollout probe metric trace span alert dashboard threshold "
    "quota limit timeout retry backoff fallback gateway proxy router route resource "
    "document attachment upload download export report invoice payment refund ledger "
    "balance order cart catalog product price discount notification template locale "
    "translation ranking filter facet scheduler calendar reminder flag setting profile "
    "preference audit journal backup volume bucket blob partition offset consumer "
    "producer connection pool transaction constraint invariant contract revision"
)
VERBS = _words(
    "validate store rotate revoke refresh cache invalidate forward retry reject accept "
    "emit record serialize parse normalize rank filter schedule throttle batch compact "
    "replicate persist publish consume acknowledge encrypt sign verify resolve merge "
    "split load render export migrate archive restore track report aggregate stream "
    "buffer lock release expire renew monitor tag"
)
ADJECTIVES = _words(
    "stale fresh idempotent atomic durable transient optional mandatory primary secondary "
    "upstream downstream internal external public expired pending active inactive "
    "partial complete concurrent sequential deterministic cached signed encrypted "
    "compressed versioned sharded regional global local default custom legacy current "
    "invalid valid duplicate unique ordered bounded lazy eager"
)
PREPOSITIONS = _words("to from into behind before after for with across within")
CONNECTORS = _words("When If After Before Unless Once While")
THEMES = _words(
    "auth billing storage search gateway observability deployment security data-pipeline "
    "notifications frontend payments identity scheduling caching messaging reporting "
    "onboarding catalog compliance"
)
SUB_THEMES = _words(
    "sessions tokens mfa invoices refunds ledgers buckets replication ranking facets "
    "routing rate-limits metrics tracing alerting rollouts canary secrets-management "
    "audit-trail ingestion exports webhooks email push ui-shell accessibility i18n "
    "jobs cron eviction warmup queues retries topics schemas dashboards onboarding-flows "
    "policies retention lifecycle v1 v2 internals runbooks"
)
TAGS = _words(
    "auth session cookie jwt oauth mfa api rest grpc webhook cache redis postgres sql "
    "migration schema queue kafka retry backoff idempotency latency throughput slo "
    "metrics tracing logging alerting ci cd rollout canary feature-flag security tls "
    "encryption privacy gdpr billing invoice payment refund search ranking index "
    "storage s3 backup restore cron scheduler email push ui accessibility i18n testing "
    "runbook incident on-call compliance audit performance"
)
TYPES = (
    ("concept", 12),
    ("feature", 18),
    ("api", 12),
    ("guide", 12),
    ("process", 8),
    ("decision", 12),
    ("reference", 10),
    ("overview", 4),
    ("rule", 6),
    ("fact", 6),
)
STATUSES = (("stable", 62), ("draft", 22), ("needs-review", 11), ("archived", 5))
PRIORITIES = (("p0", 15), ("p1", 45), ("p2", 40))
AUDIENCES = ("dev", "ops", "pm", "qa", "support", "security")
HEADINGS = (
    "Scope",
    "Behaviour",
    "Rationale",
    "Context",
    "Decision",
    "Consequences",
    "Configuration",
    "Usage",
    "Examples",
    "Limits",
    "Failure modes",
    "Security",
    "Performance",
    "Operations",
    "Monitoring",
    "Migration",
    "Troubleshooting",
    "Glossary",
    "Data model",
    "Lifecycle",
    "Interfaces",
    "Dependencies",
    "Testing",
    "Rollout",
    "Open questions",
    "Alternatives considered",
    "Known issues",
    "Background",
)
REVIEW_REASONS = (
    "impl_refs changed since the last update",
    "behaviour reported different in production",
    "owner left the team",
    "superseded decision still cited",
)
EXTERNAL_LINKS = (
    ("RFC 6265", "https://www.rfc-editor.org/rfc/rfc6265"),
    ("RFC 7519", "https://www.rfc-editor.org/rfc/rfc7519"),
    ("the OWASP cheat sheet", "https://cheatsheetseries.owasp.org/"),
    ("the PostgreSQL manual", "https://www.postgresql.org/docs/current/"),
    ("Semantic Versioning", "https://semver.org/"),
    ("the Python docs", "https://docs.python.org/3/library/"),
)


def weighted(rng: random.Random, table: Sequence[tuple[str, int]]) -> str:
    names = [name for name, _ in table]
    weights = [weight for _, weight in table]
    return rng.choices(names, weights)[0]


def third_person(verb: str) -> str:
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def plural(noun: str) -> str:
    return third_person(noun)


def article(word: str) -> str:
    vowel = word[0] in "aeiou" and not word.startswith(("user", "unique"))
    return ("an " if vowel else "a ") + word


def sentence(rng: random.Random) -> str:
    n1, n2, n3 = rng.choice(NOUNS), rng.choice(NOUNS), rng.choice(NOUNS)
    adj, verb = rng.choice(ADJECTIVES), rng.choice(VERBS)
    templates = (
        f"The {adj} {n1} {third_person(verb)} the {n2} {rng.choice(PREPOSITIONS)} the {n3}.",
        f"{rng.choice(CONNECTORS)} the {n1} is {adj}, the {n2} "
        f"{third_person(verb)} it and records {article(n3)} event.",
        f"Each {n1} {third_person(verb)} at most one {adj} {n2} per {n3}.",
        f"{article(n1).capitalize()} that is {adj} must not {verb} the {n2} directly.",
        f"In practice the {n1} handles about {rng.randint(2, 900)} {plural(n2)} "
        f"per second without {article(adj)} {n3}.",
        f"The default {n1} timeout is {rng.choice((50, 100, 250, 500, 2000))} ms, "
        f"and operators tune it with the `{n2}_{n3}` setting.",
        f"Clients should {verb} the {n1} before they read {article(adj)} {n2}.",
        f"This keeps the {n1} {adj} even when the {n2} {third_person(verb)} late.",
    )
    return rng.choice(templates)


def paragraph(rng: random.Random) -> str:
    return " ".join(sentence(rng) for _ in range(rng.randint(1, 5)))


def title(rng: random.Random) -> str:
    words = [rng.choice(ADJECTIVES), rng.choice(NOUNS), rng.choice(NOUNS)]
    words = words[rng.randint(0, 1) :]
    if rng.random() < 0.3:
        words.append(rng.choice(("handling", "policy", "lifecycle", "limits", "model")))
    return " ".join(words).capitalize()


def summary(rng: random.Random, title: str) -> str:
    text = f"{title}: {sentence(rng)} {sentence(rng)}"
    if len(text) > 230:
        text = text[:230].rsplit(" ", 1)[0].rstrip(",.") + "."
    return text
