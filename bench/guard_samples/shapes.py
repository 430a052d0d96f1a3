"""Fake secrets in every shape the guard must catch, and stand-ins it must let pass.

Every value is drawn from a seeded random generator: the right prefix and length,
random characters, never a real credential. A shape gives a snippet as it would sit
in a document body; single-line shapes are also tried alone, as a short field value
(a title, a tag, an author, a reason).
"""

from __future__ import annotations

import base64
import random
import string
from dataclasses import dataclass

UPPER = string.ascii_uppercase
LOWER = string.ascii_lowercase
DIGITS = string.digits
ALNUM = UPPER + LOWER + DIGITS
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "-_"
HEX = "0123456789abcdef"


@dataclass(frozen=True)
class Shape:
    name: str
    body: str  # the snippet, as it would sit in a document body

    @property
    def field(self) -> str | None:
        """The snippet alone as a one-line field value, when it fits on one line."""
        return None if "\n" in self.body.strip() else self.body.strip()


class _Fake:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)  # noqa: S311 - fake values, not secrets

    def pick(self, alphabet: str, size: int) -> str:
        # redraw the rare string that lacks a class: real tokens mix them
        while True:
            value = "".join(self.rng.choice(alphabet) for _ in range(size))
            classes = [set(value) & set(part) for part in (UPPER, LOWER, DIGITS)]
            wanted = [set(alphabet) & set(part) for part in (UPPER, LOWER, DIGITS)]
            if all(got or not want for got, want in zip(classes, wanted, strict=True)):
                return value

    def password(self) -> str:
        # a generated password: letters, digits and a symbol, 12 to 16 characters
        core = self.pick(ALNUM, self.rng.randint(11, 15))
        return core[:5] + self.rng.choice("!#%+-_") + core[5:]

    def b64(self, data: bytes) -> str:
        return base64.b64encode(data).decode()

    def der_key(self, size: int = 900) -> bytes:
        return bytes.fromhex("308204bd020100300d06092a864886f70d0101010500") + self.rng.randbytes(
            size
        )

    def wrap(self, text: str, width: int = 64) -> str:
        return "\n".join(text[i : i + width] for i in range(0, len(text), width))

    def jwt(self) -> str:
        head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
        claims = f'{{"sub":"{self.rng.randint(10**5, 10**6)}","name":"Ana","iat":1700000000}}'
        body = base64.urlsafe_b64encode(claims.encode()).decode().rstrip("=")
        return f"{head}.{body}.{self.pick(URLSAFE, 43)}"


def secret_shapes(seed: int = 7) -> list[Shape]:
    """At least 80 fake secrets, one per shape, the bypass forms included."""
    f = _Fake(seed)
    pw = f.password
    anthropic = "sk-ant-api03-" + f.pick(URLSAFE, 93) + "AA"
    github = "ghp_" + f.pick(ALNUM, 36)
    aws = "AKIA" + f.pick(UPPER + DIGITS, 16)
    openai = "sk-proj-" + f.pick(URLSAFE, 74) + "T3BlbkFJ" + f.pick(URLSAFE, 74)
    pem = f.wrap(f.b64(f.der_key()))
    openssh = f.wrap(f.b64(b"openssh-key-v1\x00\x00\x00\x00\x04none" + f.rng.randbytes(600)), 70)
    pgp = f.wrap(
        f.b64(bytes([0x95, 0x03, 0xC6, 0x04]) + f.rng.randbytes(4) + b"\x01" + f.rng.randbytes(700))
    )
    kube_pem = "-----BEGIN RSA PRIVATE KEY-----\n" + pem + "\n-----END RSA PRIVATE KEY-----\n"
    user = "svc_" + f.pick(LOWER, 5)

    def worded() -> str:
        # a password made of a word, a password's word and digits ("Hunter2-Secret-99")
        word = f.rng.choice(("Falcon", "Orion", "Copper", "Harbor", "Winter", "Mango"))
        said = f.rng.choice(("Secret", "Token", "Password", "Changeme"))
        digit, digits = f.rng.randint(1, 9), f.rng.randint(10, 99)
        shapes = (
            f"{word}{digit}-{said}-{digits}",
            f"{said}!{word}{digits}",
            f"{word}#{said}{digits}",
        )
        return f.rng.choice(shapes)

    def basic(password: str) -> str:
        return f.b64(f"{user}:{password}".encode())

    shapes = {
        # cloud and vendor tokens
        "aws-access-key-id": f"aws_access_key_id = {aws}",
        "aws-access-key-bare": f"The key is {'AKIA' + f.pick(UPPER + DIGITS, 16)}.",
        "aws-temporary-key": f"key: ASIA{f.pick(UPPER + DIGITS, 16)}",
        "aws-secret-key": f"aws_secret_access_key = {f.pick(B64, 40)}",
        "github-classic": f"token ghp_{f.pick(ALNUM, 36)}",
        "github-oauth": f"GITHUB_TOKEN=gho_{f.pick(ALNUM, 36)}",
        "github-fine-grained": f"github_pat_{f.pick(ALNUM, 22)}_{f.pick(ALNUM, 59)}",
        "gitlab": f"export GITLAB_TOKEN=glpat-{f.pick(URLSAFE, 20)}",
        "slack-bot": f"xoxb-{f.pick(DIGITS, 12)}-{f.pick(DIGITS, 13)}-{f.pick(ALNUM, 24)}",
        "slack-webhook": "https://hooks.slack.com/services/"
        + f"T{f.pick(UPPER + DIGITS, 10)}/B{f.pick(UPPER + DIGITS, 10)}/{f.pick(ALNUM, 24)}",
        "google-api-key": f"key=AIza{f.pick(URLSAFE, 35)}",
        "google-oauth-secret": f"client_secret: GOCSPX-{f.pick(URLSAFE, 28)}",
        "stripe-live": f"sk_live_{f.pick(ALNUM, 24)}",
        "stripe-restricted": f"rk_live_{f.pick(ALNUM, 24)}",
        "stripe-test": f"stripe.api_key = 'sk_test_{f.pick(ALNUM, 24)}'",
        "stripe-webhook": f"whsec_{f.pick(ALNUM, 32)}",
        "openai-legacy": f"OPENAI_API_KEY=sk-{f.pick(ALNUM, 20)}T3BlbkFJ{f.pick(ALNUM, 20)}",
        "openai-project": f"client = OpenAI(api_key={openai!r})",
        "openai-service-account": f"sk-svcacct-{f.pick(URLSAFE, 64)}",
        "anthropic": f"ANTHROPIC_API_KEY={anthropic}",
        "npm": f"//registry.npmjs.org/:_authToken=npm_{f.pick(ALNUM, 36)}",
        "pypi": f"password = pypi-AgEIcHlwaS5vcmc{f.pick(URLSAFE, 120)}",
        "huggingface": f"hf_{f.pick(UPPER + LOWER, 34)}",
        "twilio-api-key": f"SK{f.pick(HEX, 32)}",
        "sendgrid": f"SG.{f.pick(URLSAFE, 22)}.{f.pick(URLSAFE, 43)}",
        "azure-storage": "DefaultEndpointsProtocol=https;AccountName=shop;"
        + f"AccountKey={f.pick(B64, 86)}==;EndpointSuffix=core.windows.net",
        "azure-sas": "https://shop.blob.core.windows.net/c?sv=2022-11-02&ss=b"
        + f"&sig={f.pick(ALNUM, 40)}%2B{f.pick(ALNUM, 8)}%3D",
        "gcp-service-account": '{"type": "service_account", '
        + '"private_key": "-----BEGIN PRIVATE KEY-----\\n'
        + f.b64(f.der_key(300))[:120]
        + '\\n-----END PRIVATE KEY-----\\n"}',
        "telegram-bot": f"bot{f.rng.randint(10**8, 10**9)}:AA{f.pick(URLSAFE, 33)}",
        "digitalocean": f"dop_v1_{f.pick(HEX, 64)}",
        "shopify": f"shpat_{f.pick(HEX, 32)}",
        "databricks": f"dapi{f.pick(HEX, 32)}",
        "age": f"AGE-SECRET-KEY-1{f.pick(UPPER + DIGITS, 58)}",
        # private keys
        "pem-rsa": kube_pem,
        "pem-openssh": "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + openssh
        + "\n-----END OPENSSH PRIVATE KEY-----",
        "pem-ec": "-----BEGIN EC PRIVATE KEY-----\n"
        + f.wrap(f.b64(bytes.fromhex("30770201010420") + f.rng.randbytes(110)))
        + "\n-----END EC PRIVATE KEY-----",
        "pem-body-pkcs8": pem,
        "pem-body-openssh": openssh,
        "pem-body-one-line": f"PRIVATE_KEY={f.b64(f.der_key(600))}",
        "pem-body-middle-lines": f.wrap(f.pick(B64, 64 * 6)),
        "pgp-private-key": "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
        + pgp
        + "\n-----END PGP PRIVATE KEY BLOCK-----",
        "pgp-body": pgp,
        "putty": "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n"
        + f"Public-Lines: 2\n{f.pick(B64, 64)}\nPrivate-Lines: 1\n{f.pick(B64, 44)}",
        # web tokens and HTTP
        "jwt": f.jwt(),
        "authorization-bearer": f'-H "Authorization: Bearer {f.pick(ALNUM, 40)}"',
        "authorization-basic": f"Authorization: Basic {f.b64(f'{user}:{pw()}'.encode())}",
        "authorization-json": f'headers = {{"Authorization": "Bearer {f.jwt()}"}}',
        "bearer-bare": f'auth = "Bearer {f.pick(ALNUM, 32)}"',
        "curl-u": f"curl -u {user}:{pw()} https://api.internal/v1",
        "curl-user": f'curl --user "{user}:{pw()}" https://api.internal/v1',
        # URLs and connection strings
        "url-postgres": f"postgres://app:{pw()}@db.internal:5432/shop",
        "url-mongodb": f"mongodb+srv://{user}:{pw()}@cluster0.ab1cd.mongodb.net/prod",
        "url-redis": f"redis://:{pw()}@cache.internal:6379/0",
        "url-https": f"git clone https://{user}:{pw()}@git.internal/team/repo.git",
        "dsn-go": f"{user}:{pw()}@tcp(db.internal:3306)/shop",
        "odbc": f"Server=db.internal;Database=shop;User Id={user};Pwd={pw()};",
        "netrc-line": f"machine api.internal login {user} password {pw()}",
        "netrc-block": f"machine api.internal\n  login {user}\n  password {pw()}",
        # assignments in code and configuration
        "assign-quoted": f'password = "{pw()}"',
        "assign-yaml": f"  password: {pw()}",
        "assign-env": f"DB_PASSWORD={pw()}",
        "assign-json": f'{{"client_secret": "{f.pick(ALNUM, 32)}"}}',
        "assign-cli": f"mysqladmin --password {pw()} status",
        "assign-cli-equals": f"wget --password={pw()} https://files.internal/a.zip",
        "assign-xml": f"<password>{pw()}</password>",
        "assign-call": f'conn.setPassword("{pw()}")',
        "assign-markdown": f"**Password:** `{pw()}`",
        "high-entropy": f'value: "{f.pick(B64, 40)}"',
        # other languages
        "fr-mot-de-passe": f"Le mot de passe : {pw()}",
        "fr-mot_de_passe": f'mot_de_passe = "{pw()}"',
        "fr-mdp": f"mdp: {pw()}",
        "de-passwort": f"Passwort: {pw()}",
        "de-kennwort": f"Kennwort = {pw()}",
        "es-contrasena": f"contraseña: {pw()}",
        "es-clave": f'clave = "{pw()}"',
        "it-parola": f"parola d'ordine: {pw()}",
        "pt-senha": f"senha: {pw()}",
        "nl-wachtwoord": f"wachtwoord = {pw()}",
        # in a sentence: a name of several words, a verb, then a random value
        "sentence-access-key": f"The SES secret access key is {f.pick(B64, 40)}.",
        "sentence-fr": f"Le mot de passe de la base est {f.pick(ALNUM, 20)}",
        "sentence-api-key": f"The API key for staging is now `{f.pick(ALNUM, 24)}`",
        # bypass forms
        "split-concatenation": f'key = "{anthropic[:20]}" + "{anthropic[20:]}"',
        "split-implicit-lines": f'token = (\n    "{github[:18]}"\n    "{github[18:]}"\n)',
        "split-continuation": f"export TOKEN={github[:20]}\\\n{github[20:]}",
        "split-across-lines": f"The key is {aws[:10]}\n{aws[10:]} for production.",
        "split-across-three-lines": f"token: {github[:14]}\n  {github[14:28]}\n  {github[28:]}",
        "split-dot-concatenation": f"$key = '{openai[:30]}' . '{openai[30:]}';",
        "zero-width-github": github[:10] + "\u200b" + github[10:],
        "zero-width-aws": aws[:4] + "\u200d" + aws[4:12] + "\u2060" + aws[12:],
        "soft-hyphen-anthropic": anthropic[:30] + "\u00ad" + anthropic[30:],
        "bom-openai": openai[:20] + "\ufeff" + openai[20:],
        "base64-assignment": f"echo {f.b64(f'password={pw()}'.encode())} | base64 -d",
        "base64-github": f"TOKEN_B64={f.b64(github.encode())}",
        "base64-aws": f"data: {f.b64(f'aws_access_key_id = {aws}'.encode())}",
        "base64-pem": f"tls.key: {f.b64(kube_pem.encode())}",
        # a password where an account's name usually goes, and one a Kubernetes Secret holds
        "credential-parameter": f"Connect-Service -ComputerName S1 -Credential {pw()}",
        "base64-secret-data": f"data:\n  password: {f.b64(pw().encode())}",
        # a password's word among the user's own words and digits; HTTP Basic written
        # where headers are set, not only after "Authorization:" (found in a trial)
        "assign-worded-password": f'db_password = "{worded()}"',
        "basic-worded-password": "OTEL_EXPORTER_OTLP_HEADERS="
        + f'"Authorization=Basic {basic(worded())}"',
        "basic-url-encoded": f"OTEL_EXPORTER_OTLP_HEADERS=Authorization=Basic%20{basic(pw())}",
        "basic-header-value": f'proxy_set_header Authorization "Basic {basic(pw())}";',
        # a generated key under a name an SDK also gives a service's name (a trial: edgex)
        "assign-service-key": f'const serviceKey = "{f.pick(ALNUM, 24)}"',
    }
    return [Shape(name, body) for name, body in shapes.items()]


def stand_ins() -> list[str]:
    """Documentation that looks like secrets and is not: all of it must pass."""
    return [
        "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "Authorization: Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwi"
        "bmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        'password = "mysecretpassword"',
        'password = "passphrase"',
        "password: changeme",
        "password: ${DB_PASSWORD}",
        'api_key = "<your-api-key>"',
        "token: {{ secrets.GITHUB_TOKEN }}",
        "OPENAI_API_KEY=sk-...",
        "OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        'secret = "0000000000000000"',
        'password = "12345678"',
        'password = "abcdefgh"',
        "curl -u username:password https://api.example.com",
        "curl -u $USER:$TOKEN https://api.example.com",
        "postgres://user:password@localhost:5432/db",
        "postgresql://scott:tiger@localhost/mydatabase",
        "Authorization: Basic dXNlcm5hbWU6cGFzc3dvcmQ=",
        "Authorization: Bearer <token>",
        "Authorization: Bearer $ACCESS_TOKEN",
        "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
        "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----",
        "-----BEGIN PRIVATE KEY-----\n<your key here>\n-----END PRIVATE KEY-----",
        "The password must be at least 12 characters long.",
        "password: the one you chose at sign-up",
        "Mot de passe : votre mot de passe habituel",
        "def login(password: str, token: Optional[str] = None) -> None:",
        "password = getpass.getpass()",
        "token = os.environ['API_TOKEN']",
        "self.password = password",
        "max_tokens = 4096",
        "password_min_length: 12",
        "secretName: my-app-secret",
        "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
        'publicKeyToken="31bf3856ad364e35"',
        "git clone git@github.com:owner/repo.git",
        "npm install react@18.2.0",
        # digests and ids shown to be looked at (seen in decision records and docs)
        '"fingerprint":"6QS2jCKv9hRrgLR0/2VTuNSVmtWa+/j1jEumc9QBBbY="',
        ' "0aJpXCPoRO6ZTxfmOlhuXlEM25YBWGUjiZzQFu9Y0/Q=": {',
        '"digest": "SHA-256=abcdefghijklmnopqrstuvwxyz=",',
        '"integrity": "sha512-9dD2N4kDFSPmJQ8ZAbEbAHbKYyJ4M7E8S1a0wYkVfLJoRnDb0kG0PS8u4qUX1xZ3Q=="',
        # an account's name given to PowerShell's -Credential, which then asks for the
        # password; a SecureString of "password" written in hex (MicrosoftDocs/PowerShell-Docs)
        "Enter-PSSession -ComputerName Server01 -Port 90 -Credential Domain01\\User01",
        "Credential = 'server01\\user01'",
        '<SS N="Password">700061007300730077006f0072006400</SS>',
        # a Secret's data, "secret" in base64, and a word in a logging example
        # (kubernetes/enhancements)
        "  password: c2VjcmV0Cg==",
        'req := Request{Method: "GET", Timeout: 30, secret: "pony"}',
        # a password's word with stand-in words and a number at most
        'client_secret = "your-secret-here"',
        'db_password = "changeme123"',
        'SECRET_KEY = "super-secret-key-123"',
        'JWT_SECRET = "change-me-in-production-2024"',
        # HTTP Basic stand-ins: a placeholder, "user:password", a variable, prose
        "Authorization: Basic <base64>",
        "OTEL_EXPORTER_OTLP_HEADERS=Authorization=Basic%20dXNlcjpwYXNzd29yZA==",
        'proxy_set_header Authorization "Basic $http_authorization";',
        "HTTP Basic authentication sends user:password encoded in base64.",
        # identifiers of words under a key's or a token's name, a sample password named
        # after its kind, John Doe as a login (edgexfoundry/edgex-docs)
        'const serviceKey = "app-simple-filter-xml"',
        '"ProfileToken": "profile_1"',
        'password: "aws-pw"',
        "|Smtp Sender|jdoe@gmail.com |SMTP service sender/username|",
    ]
