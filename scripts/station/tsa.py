#!/usr/bin/env python3
"""A throwaway RFC 3161 timestamp server for tests only (scripts/station/test.sh):
it answers each POSTed query with `openssl ts -reply`, signed by a
self-signed timestamping certificate made in DIR. Listens on 127.0.0.1 and
prints its port on the first line of stdout.

    scripts/station/tsa.py DIR
"""
import http.server
import os
import subprocess
import sys
import tempfile

DIR = sys.argv[1]
CONFIG = os.path.join(DIR, "tsa.cnf")


def setup():
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", "/CN=Lifetag test timestamping",
         "-addext", "keyUsage=critical,digitalSignature",
         "-addext", "extendedKeyUsage=critical,timeStamping",
         "-keyout", os.path.join(DIR, "tsa-key.pem"), "-out", os.path.join(DIR, "tsa.pem")],
        check=True, capture_output=True)
    with open(os.path.join(DIR, "tsa-serial"), "w") as f:
        f.write("01\n")
    with open(CONFIG, "w") as f:
        f.write(f"""[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
serial = {DIR}/tsa-serial
crypto_device = builtin
signer_cert = {DIR}/tsa.pem
certs = {DIR}/tsa.pem
signer_key = {DIR}/tsa-key.pem
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = yes
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
""")


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        if length <= 0 or length > 1 << 16:
            self.send_error(400)
            return
        query = self.rfile.read(length)
        with tempfile.TemporaryDirectory(dir=DIR) as tmp:
            q, r = os.path.join(tmp, "q.tsq"), os.path.join(tmp, "r.tsr")
            with open(q, "wb") as f:
                f.write(query)
            done = subprocess.run(["openssl", "ts", "-reply", "-config", CONFIG, "-queryfile", q, "-out", r],
                                  capture_output=True)
            if done.returncode != 0:
                sys.stderr.write(done.stderr.decode())
                self.send_error(500)
                return
            with open(r, "rb") as f:
                reply = f.read()
        self.send_response(200)
        self.send_header("Content-Type", "application/timestamp-reply")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)

    def log_message(self, *args):
        pass


setup()
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
