"""What importing the MDN web docs refused (75 pages) showed the guard: names about
something else read as a credential's (``passEncoder``, ``STORAGE_KEY``, a CSRF token),
values that are names, types, paths, ids or digests read as secrets, samples the url
rule knows (the anonymous user, a documentation's host) reported by the second
opinion, and role addresses, add-on ids, dummy ids, ISBNs and matrices read as personal
data. Each sample beside a near case that must still be refused, and the samples kept
refused on purpose (a random password in teaching code, a common word given to a
password, private keys, a person's address)."""

from __future__ import annotations

import base64

import pytest

from mdbrain.core import guard
from mdbrain.store import secret_scan


def secret_rules(text: str) -> list[str]:
    return [hit.rule for hit in guard.scan(text)]


def personal_rules(text: str) -> list[str]:
    return [hit.rule for hit in guard.personal(text)]


def refused(text: str) -> list[str]:
    """What an import refuses: every rule, personal data, and detect-secrets."""
    hits = guard.inspect(text, personal_data=True, second_opinion=secret_scan.findings)
    return [hit.rule for hit in hits]


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


# --- names about something else ---------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # "pass" before a camel-case hump: a render pass's encoder, a descriptor
        "  passEncoder: GPURenderBundleEncoder | GPURenderPassEncoder",
        "const renderPassDescriptor: GPURenderPassDescriptor = {",
        # a method called on a variable named so: its argument is the method's
        '  sharedSecretValue.classList.add("fade-in");',
        '    token.classList.remove("highlight");',
        # a token against request forgery, in a cookie, a form's body, a hidden field
        "Cookie: PHPSESSID=298zf09hf012fh2; csrftoken=u32t4o3tb3gg43; _gat=1",
        "Cookie: sessionid=6ynxs23n521lu21b1t136rhbv7ezngie; "
        "csrftoken=zIPUJsAZv6pcgCBJSCj1zU6pQZbfMUAT; _gat=1",
        "csrfmiddlewaretoken=zIPUJsAZv6pcgCBJSCj1zU6pQZbfMUAT&user-username=hamish",
        '<input\n  type="hidden"\n  name="csrfmiddlewaretoken"\n'
        '  value="0QRWHnYVg776y2l66mcvZqp8alrv4lb8S8lZ4ZJUWGZFA5VHrVfL2mpH29YZ39PW" />',
        # getsentry/rfcs: a credential's method looking into it, given a piece to look for
        'if not token.startswith("sntrys_") or token.count("_") != 2:',
        'if secret.removeprefix("whsec_xK9q"):',
    ],
)
def test_a_name_about_something_else_holds_no_secret(text: str) -> None:
    assert secret_rules(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "userPass: Xk9mQ2vL7pR4",  # "pass" last: a password
        "DB_PASS_PROD: Xk9mQ2vL7pR4",  # separated by "_": still a password's name
        'passWord = "Xk9mQ2vL7pR4"',  # the hump completes the name
        'auth.setToken("Xk9mQ2vL7pR4")',  # the method called names the credential
        'passwordInput.fill("Xk9mQ2vL7pR4")',  # called on the credential's holder
        'this.passwordField.sendKeys("Xk9mQ2vL7pR4")',
        'if password.equals("Xk9mQ2vL7pR4"):',  # compared with the password itself
        "Cookie: sessionid=abc; auth_token=zIPUJsAZv6pcgCBJSCj1zU6pQZbfMUAT",
        '<input type="hidden" name="api_key"\n'
        '  value="0QRWHnYVg776y2l66mcvZqp8alrv4lb8S8lZ4ZJUWGZFA5VHrVfL2mpH29YZ39PW" />',
    ],
)
def test_a_credentials_name_beside_them_still_holds_one(text: str) -> None:
    assert secret_rules(text), text


# --- values that are names, types, slugs, paths, ids, digests ---------------------------


@pytest.mark.parametrize(
    "text",
    [
        # a type's or a member's name: an acronym first or last, words in camel case
        'title: "IdentityCredential: configURL property"',
        # a field's name quoted in prose
        'along with a randomly-generated password ("ice-pwd"). You can use this string.',
        'This fragment, along with the ICE password ("ice-pwd"), identifies it.',
        # an escape sequence then words, in a template literal
        "    log(\n      `New credential:\\ndisplay name: ${credential.name}, "
        "username: ${credential.id}, password: ${credential.password}`,\n    );",
        # words joined by a hyphen: a key of local storage, given to no password's name
        'const STORAGE_KEY = "period-tracker";',
        # ids of a device, named in camel case
        '  "deviceId": "jjxEMqxIhGdryqbTjDrXPWrkjy55Vte70kWpMe3Lge8=",',
        'Object { deviceId: "HJtTemQTM64Bivxv3ZEyKjCi1VR8042lPNpmXKObKJE=", kind: "videoinput" }',
        # HTTP Digest's nonces and opaque: sent in clear in the challenge
        '    nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v",',
        '    opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"',
        '    cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ",',
        # a WebAuthn credential id: an item of a list of ids, or given as an id's example
        "  allAcceptedCredentialIds: [\n    // A list of base64url-encoded credential IDs\n"
        '    "vI0qOggiE3OT01ZRWBYz5l4MEgU0c7PmAA",\n  ],',
        '// Retrieve base64url-encoded credential ID,\n// such as "vI0qOggiE3OT01ZRWBYz5l4MEgU0c7PmAA"',
        # a path of words
        '{{PreviousNext("Web/API/WebGL_API/Tutorial/Using_shaders_to_apply_color_in_WebGL", '
        '"Web/API/WebGL_API/Tutorial/Creating_3D_objects_using_WebGL") }}',
        '{{PreviousMenu("Web/Progressive_web_apps/Tutorials/js13kGames/'
        'Re-engageable_Notifications_Push", "Web/Progressive_web_apps/Tutorials/js13kGames")}}',
        # a hash source of a Content-Security-Policy, after a quoted keyword
        '  "content_security_policy": "script-src \'self\' '
        "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='; object-src 'self'\"",
    ],
)
def test_a_name_a_path_an_id_or_a_digest_is_no_secret(text: str) -> None:
    assert secret_rules(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "db_pass: GPUqxzTrwpXk",  # an acronym, then no words
        'password ("Xk9-pwd!2")',  # no name: a value
        "    log(`password:\\nXk9mQ2vL7pR4`);",  # the escape set aside, a value remains
        'const STORAGE_KEY = "Xk9mQ2vL7pR4";',
        'db_password = "purple-monkey-dishwasher"',  # words given to a password's name
        '  "clientSecret": "jjxEMqxIhGdryqbTjDrXPWrkjy55Vte70kWpMe3Lge8=",',
        '  apiKeys: [\n    "vI0qOggiE3OT01ZRWBYz5l4MEgU0c7PmAA",\n  ],',
        '// the token, such as "vI0qOggiE3OT01ZRWBYz5l4MEgU0c7PmAA"',
        '{{X("Web/Xk9mQ2vL7pR4zT/abQ8rT2vW9xY3zL5kq")}}',  # a path of random parts
        "  \"csp\": \"script-src 'self' 'Xk9mQ2vL7pR4zT8wB3nF6hJ1kM5qS0uV7aD2'\"",
    ],
)
def test_a_random_value_in_the_same_places_is_still_a_secret(text: str) -> None:
    assert secret_rules(text), text


# --- a user and a password together -----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # Python's unbuffered mode given a Windows path, no "user:password"
        'python -u "c:\\\\path\\\\to\\\\native-messaging\\\\app\\\\ping_pong.py"',
        # the anonymous user's password opens what is open to everyone (RFC 1635)
        '// An <a id="myAnchor" href="https://anonymous:flabada@developer.mozilla.org/'
        'en-US/docs/HTMLAnchorElement"> is in the document',
        '  "https://anonymous:flabada@developer.mozilla.org/en-US/docs/Web/API/URL/password",',
        # xkcd 936's passphrase, and "hello:world" in HTTP Basic
        'const pattern = new URLPattern({ password: "correct-horse-battery{-staple}?" });',
        "Proxy-Authorization: basic " + b64("hello:world"),
    ],
)
def test_a_sample_user_and_password_pass(text: str) -> None:
    assert secret_rules(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "curl -u c:Xk9mQ2vL7pR4 https://api.acme.io",  # one letter, then no path
        "https://admin:flabada@developer.mozilla.org/",  # a user who is someone
        'new URLPattern({ password: "purple-monkey-dishwasher" })',
        "Proxy-Authorization: basic " + b64("hello:world2"),
    ],
)
def test_a_real_user_and_password_are_still_a_secret(text: str) -> None:
    assert secret_rules(text), text


@pytest.mark.parametrize(
    "text",
    [
        '  baseURL: "https://myuser:mypass@example.com/mypath?search=1&p=3#fred",',
        'console.log(pattern.test("https://user:correct-horse-battery@example.com")); // true',
    ],
)
def test_the_second_opinion_lets_a_sample_address_pass_as_the_url_rule_does(text: str) -> None:
    assert refused(text) == []


def test_the_second_opinion_still_refuses_a_real_address() -> None:
    assert refused('  baseURL: "https://myuser:Xk9mQ2vL7pR4@api.acme.io/mypath",')


# --- samples kept refused on purpose ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # a common password given to a password's name: teaching code cannot be told from a
        # configuration, and people use these words ("password = 'dragon'" is refused too)
        'let pwd = "cheese";',
        "> - Password: `quickbrownfox`",
        # random values, samples or not: they cannot be told from real ones
        "test_user1 = User.objects.create_user(username='testuser1', password='1X<ISRUkw+tuK')",
        '  password: "zDR$ERHGDFy",',
        "# SECRET_KEY = 'django-insecure-&psk#na5l=p3q8_a+-$4w1f^lt3lx1c@d*p4x$ymm_rn7pwb87'",
        "otpauth://totp/LABEL?secret=MQCHJLS6FJXT2BGQJ6QMG3WCAVUC2HJZ&issuer=My_Website",
        "Proxy-Authorization: Bearer kNTktNTA1My00YzLT1234",
        "- `postgresql://postgres:admin123@db:5432`",  # a placeholder word given a digit
    ],
)
def test_samples_that_look_real_are_still_refused(text: str) -> None:
    assert refused(text), text


# --- personal data: roles, stand-ins, ids -----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '<a href="mailto:nowhere@mozilla.org">Send email to nowhere</a>',  # no one
        "contact the Mozilla Foundation: [licensing@mozilla.org](mailto:licensing@mozilla.org)",
        '<a href="mailto:kwrite-devel@kde.org">Mailing list</a>',  # a project's list
        "user = User.objects.create_user('myusername', 'myemail@crazymail.com', 'mypassword')",
        '<span class="input-hint">Example: jane@sample.com</span>',
        # an add-on's id, in form an address: as an "id", and wherever the page writes it
        '      "id": "borderify@mozilla.org",',
        '// recipient: browser.runtime.id === "red@mozilla.org"\n'
        'browser.runtime.sendMessage("red@mozilla.org", "my message");',
        '  if (sender.id === "blue@mozilla.org") {\n  // from "blue@mozilla.org"',
    ],
)
def test_a_role_a_stand_in_or_an_id_is_no_persons_address(text: str) -> None:
    assert personal_rules(text) == []


@pytest.mark.parametrize(
    "text",
    [
        '<a href="mailto:nora@mozilla.org">Write to Nora</a>',
        "Write to lisa@mozilla.org",
        "kevin.devel@kde.org",  # a person's name before the word
        "'myra@crazymail.com'",
        "Example: jane@samplers.com",
        '"email": "borderify@mozilla.org"',
        'validate("gretel@mozilla.org")',
        'user_id = "nora@mozilla.org"',  # a person's id may be their address
        'userId: "nora@mozilla.org"',
        '"id": "ana.pereira@gmail.com"',  # at a mail provider: a person's
    ],
)
def test_a_persons_address_beside_them_is_still_personal_data(text: str) -> None:
    assert personal_rules(text) == ["email"], text


# --- personal data: dummy ids, test cards, dates, labelled numbers, matrices ------------


@pytest.mark.parametrize(
    "text",
    [
        '  { ssn: "444-44-4444", name: "Bill", age: 35 },',  # one digit repeated
        "{ssn: '555-55-5555', name: 'Donna'}",
        '"sender_account_uri": "pan:5299920000000149;exp=2020-08;cvc=123",',  # a test PAN
        "has the valid range of `-271821-04` to `+275760-09`.",  # a year and a month
        "  - **ISBN**: 0764543814",
        "Theora: serialno 0170995062",
        "  [+1.9779984951, -2.428592205, +0.4505937099],",  # a row of a matrix
        # getsentry/rfcs: an identifier's value, however a card's it looks
        "WHERE project_id IN array(4551897674350594)",
        '{"org_id": 4551897674350594}',
        "userId=4551897674350594",
    ],
)
def test_a_dummy_id_a_test_card_a_date_or_a_labelled_number_is_no_personal_data(
    text: str,
) -> None:
    assert personal_rules(text) == []


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ('  { ssn: "444-44-4445" }', "national-id"),
        ('"pan:5299921234567804;exp=2020-08"', "credit-card"),
        ("card: 4551897674350594", "credit-card"),  # the same number, a card's label
        ("paid (4551897674350594)", "credit-card"),  # "paid" is no identifier's name
        ("+3361-12-45-67", "phone"),  # a month, then pairs: a number
        ("Tel: 0764543814", "phone"),
        ("Appelez le 0596000537", "phone"),
        ("  Registrant Phone:+1.6509030800", "phone"),
        ("  [+1.9779984951, 2.4, 0.45],", "phone"),  # no negative neighbour
    ],
)
def test_a_real_id_card_or_phone_beside_them_is_still_personal_data(text: str, rule: str) -> None:
    assert personal_rules(text) == [rule], text


@pytest.mark.parametrize(
    "text",
    [
        # a person's address, a sample or not: the guard cannot tell
        "  $email='danilocarsan@gmail.com';",
        "please contact [Andreas Tai](mailto:tai@irt.de).",
        '      username: "allie@oopcode.com",',
        '  <option value="grumpy@woodworkers.com">Grumpy</option>',
        '  <div role="gridcell">496-619-5098</div>',
        '  td[0].textContent = "0384928528";',
        '<a href="tel:+49.157.0156">+49 157 0156</a>',
    ],
)
def test_personal_data_that_looks_real_is_still_refused(text: str) -> None:
    assert refused(text), text


def test_a_sentence_written_in_base64_is_no_secret() -> None:
    """kubernetes/enhancements' kubeadm output KEP: an example's "raw" field holds, in
    base64, "For the actual output of the "kubeadm init" command, please see https://..."
    beside a group named "...-token"; the page was refused. A token in base64 is still
    one."""
    said = 'For the actual output of the "kubeadm init" command, please see https://x.test/y'
    example = (
        '```json\n{\n  "groups": ["system:bootstrappers:kubeadm:default-node-token"],\n'
        f'  "raw": "{b64(said)}"\n}}\n```\n'
    )
    assert secret_rules(example) == []
    token = f'the token is "{b64("ghp_x9Kd83hfLQp02mZzQ8rTb41nVc7Yy0aPpWe2")}" here'
    assert secret_rules(token)
    words = f'the token is "{b64("a0Zq9 Xk2Lw 7Pt4Q mN3vR 8bY6c Hs1Jd")}" here'
    assert secret_rules(words)  # six random words are no sentence
