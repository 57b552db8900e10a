#!/usr/bin/env python3
"""metrics-labels.py URL...: reads each cloud's /metrics (after the browser
journeys) and fails on any series with a label value that could be a
person's data or a secret: an "@" (an address), a run of more than 6 digits
(a phone number, an id card, a date of birth written as digits), or a
token (16 or more letters, digits, "-" or "_" in a row, a digit among
them). Bucket bounds (le, quantile) are numbers by construction, and
lifetag_build_info's commit is the build's public name; neither is checked.
It also fails if the journeys' requests were not counted at all."""
import re
import sys
import urllib.request

LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')
SUSPECT = [
    ("an @", re.compile(r"@")),
    ("a digit run longer than 6", re.compile(r"[0-9]{7,}")),
    ("a token", re.compile(r"(?=[A-Za-z0-9_-]*[0-9])[A-Za-z0-9_-]{16,}")),
]
EXEMPT = {("*", "le"), ("*", "quantile"), ("lifetag_build_info", "commit")}

problems, requests = [], 0
for url in sys.argv[1:]:
    text = urllib.request.urlopen(url, timeout=10).read().decode()
    for line in text.splitlines():
        if not line or line.startswith("#"):
            continue
        name = re.match(r"[a-zA-Z_:][a-zA-Z0-9_:]*", line).group(0)
        if name == "lifetag_http_request_duration_seconds_count":
            requests += float(line.rsplit(" ", 1)[1])
        labels = line[len(name):].rsplit(" ", 1)[0]
        for key, value in LABEL.findall(labels):
            if ("*", key) in EXEMPT or (name, key) in EXEMPT:
                continue
            for what, pattern in SUSPECT:
                if pattern.search(value):
                    problems.append(f"{url}: {what} in {name} {key}={value!r}")
if requests == 0:
    problems.append("no request was counted in lifetag_http_request_duration_seconds")
for p in problems:
    print("metrics-labels:", p, file=sys.stderr)
if problems:
    sys.exit(1)
print(f"metrics: {len(sys.argv) - 1} clouds' series after the journeys ({int(requests)} requests): no address, long digit run or token in a label")
