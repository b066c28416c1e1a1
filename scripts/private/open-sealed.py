#!/usr/bin/env python3
"""Opens a private album's sealed files with its password alone, with the
`cryptography` package: an implementation independent of imgsite's (Swift,
swift-crypto) and of the browser's (Web Crypto), used by the tests to check
that what a build publishes decrypts as documented (docs/how-it-works.md,
"Private albums"), and by anyone to get an album's files back.

    FAMILY_PASSWORD=… open-sealed.py site/p-7kq2m9x4ab --password-env FAMILY_PASSWORD --out opened/

Reads the salt and rounds from the album's unlock page (index.html), derives
the keys, and writes each file of _sealed/ decrypted under its own name in
--out; prints "opened NAME BYTES" for each, and exits 1 if any fails.
"""
import argparse
import base64
import getpass
import hashlib
import html.parser
import os
import sys
import unicodedata

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.exceptions import InvalidTag

MAGIC = b"ISEALED1"
CHUNK = 65536
TAG = 16
HEAD = 24


class LockReader(html.parser.HTMLParser):
    """The unlock form's data-salt and data-rounds."""

    lock = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and "data-unlock" in attrs:
            self.lock = (base64.b64decode(attrs["data-salt"]), int(attrs["data-rounds"]))


def hkdf(key, salt, info):
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=salt, info=info).derive(key)


def keys(password, salt, rounds):
    """The album's file key and name key."""
    master = hashlib.pbkdf2_hmac("sha256", unicodedata.normalize("NFC", password).encode(), salt, rounds, 32)
    return hkdf(master, None, b"imgsite files"), hkdf(master, None, b"imgsite names")


def open_sealed(data, name, files_key):
    """age's STREAM with AES-256-GCM: a key per file, 64 KiB chunks, nonce = counter and last flag."""
    if len(data) < HEAD + TAG or data[:8] != MAGIC:
        raise ValueError("not a sealed file")
    aead = AESGCM(hkdf(files_key, data[8:HEAD], b"imgsite payload"))
    body, plain, index, start = data[HEAD:], bytearray(), 0, 0
    while True:
        end = min(start + CHUNK + TAG, len(body))
        last = end == len(body) and end - start < CHUNK + TAG
        plain += aead.decrypt(index.to_bytes(11, "big") + bytes([1 if last else 0]), body[start:end], name.encode())
        if last:
            return bytes(plain)
        if end == len(body):
            raise ValueError("cut short: its last chunk is missing")
        start, index = end, index + 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("album", help="the private album's folder in the site (holding index.html and _sealed/)")
    parser.add_argument("--password-env", help="environment variable holding the password (else it is asked for)")
    parser.add_argument("--out", required=True, help="folder for the opened files")
    args = parser.parse_args()
    reader = LockReader()
    with open(os.path.join(args.album, "index.html"), encoding="utf-8") as page:
        reader.feed(page.read())
    if reader.lock is None:
        sys.exit(f"{args.album}/index.html: no unlock form (not a private album's address)")
    password = os.environ[args.password_env] if args.password_env else getpass.getpass("Password: ")
    files, _ = keys(password, *reader.lock)
    os.makedirs(args.out, exist_ok=True)
    sealed = os.path.join(args.album, "_sealed")
    failed = 0
    for name in sorted(os.listdir(sealed)):
        with open(os.path.join(sealed, name), "rb") as file:
            data = file.read()
        try:
            plain = open_sealed(data, name, files)
        except (InvalidTag, ValueError) as error:
            print(f"failed {name}: {error or 'wrong password or changed bytes'}")
            failed += 1
            continue
        with open(os.path.join(args.out, name), "wb") as out:
            out.write(plain)
        print(f"opened {name} {len(plain)}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
