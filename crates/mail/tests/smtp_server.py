"""A real SMTP server for tests/smtp_tls.rs: aiosmtpd on 127.0.0.1:PORT, STARTTLS required
before anything else, AUTH (PLAIN, LOGIN) only over TLS and for one user. Every accepted message
is written to OUT_DIR as N.eml (the bytes received) and N.json (envelope, login, TLS). Prints
"ready" once it accepts connections; stops when its input closes or it is killed.

usage: smtp_server.py PORT CERT_PEM KEY_PEM USER PASSWORD OUT_DIR
"""

import json
import logging
import ssl
import sys
from pathlib import Path

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

port, cert, key, user, password, out_dir = sys.argv[1:7]
# Quiet: aiosmtpd logs a deprecation warning of its own on every login.
logging.getLogger("mail.log").setLevel(logging.ERROR)
out = Path(out_dir)


def authenticator(server, session, envelope, mechanism, auth_data):
    ok = isinstance(auth_data, LoginPassword) and auth_data.login == user.encode() and auth_data.password == password.encode()
    return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)


class Keep:
    def __init__(self):
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        base = out / str(self.count)
        base.with_suffix(".eml").write_bytes(envelope.original_content)
        login = session.auth_data.login.decode() if isinstance(session.auth_data, LoginPassword) else None
        facts = {"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos, "login": login, "tls": session.ssl is not None}
        # Written last: the test waits for the .json.
        base.with_suffix(".json").write_text(json.dumps(facts))
        return "250 Message accepted for delivery"


tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
tls.load_cert_chain(cert, key)
controller = Controller(
    Keep(),
    hostname="127.0.0.1",
    port=int(port),
    tls_context=tls,
    require_starttls=True,
    auth_require_tls=True,
    authenticator=authenticator,
)
controller.start()
print("ready", flush=True)
try:
    sys.stdin.read()
finally:
    controller.stop()
