#!/usr/bin/env bash
# The documentation resolves inside a clone (make check, make test):
#  - a section sign outside docs/ belongs to a citation that names a page of
#    the repository and a numbered section of it (the page's path, a space,
#    the sign and the number; or a list of numbers joined by commas,
#    slashes, dashes, "and" or "or"), and that page has a heading with the
#    sign and that number;
#  - a link in a docs page whose text names a numbered section lands on a
#    page that has it;
#  - nothing names the documents that sit outside the repository, whose
#    content docs/design/ restates;
#  - every relative link of README.md and docs/ reaches a file that exists.
# Run alone: scripts/test/docs.sh. It reads the files git tracks or would
# track, so it sees a new file before its commit.
set -euo pipefail
cd "$(dirname "$0")/../.."

git ls-files -z --cached --others --exclude-standard | python3 -c '
import os, re, sys

this = "scripts/test/docs.sh"
paths = sorted(p for p in sys.stdin.read().split("\0") if p and os.path.isfile(p))

def text(path):
    with open(path, "rb") as f:
        data = f.read()
    if b"\0" in data:
        return None
    return data.decode("utf-8", "replace")

headings = {}
def sections(page):
    """The section numbers a page has as headings (a heading line whose
    text starts with the section sign and a number)."""
    if page not in headings:
        found = set()
        body = text(page) if os.path.isfile(page) else None
        for m in re.finditer(r"(?m)^#+ " + sign + r"(\d+)\b", body or ""):
            found.add(m.group(1))
        headings[page] = found if body is not None else None
    return headings[page]

sign = "\u00a7"  # the section sign, spelled so that a search for it finds citations only
number = sign + r"(\d+)"
joiner = r"\s*(?:,|/|-|–|and|or|, and)\s*"
citation = re.compile(r"(docs/[A-Za-z0-9_./-]+\.md) " + number + r"((?:" + joiner + number + r")*)")
# The documents outside the repository: the design notes and the two specs.
outside = re.compile(r"DESIGN[.]md|shared/sp[e]c|sp[e]c/(individual|admin-corporate)-side")
section_link = re.compile(r"\[([^\]]*" + sign + r"[^\]]*)\]\(([^)#\s]+\.md)(#[^)]*)?\)")
link = re.compile(r"\]\(([^)\s]+)\)")

problems = []
cited = 0
for path in paths:
    if path == this:
        continue
    body = text(path)
    if body is None:
        continue
    in_docs = path.startswith("docs/")
    markdown_page = path == "README.md" or (in_docs and path.endswith(".md"))
    for n, line in enumerate(body.split("\n"), 1):
        where = "%s:%d" % (path, n)
        if outside.search(line):
            problems.append("%s: names a document outside the repository: %s" % (where, line.strip()))
        covered = []
        for m in citation.finditer(line):
            cited += 1
            page = m.group(1)
            numbers = [m.group(2)] + re.findall(number, m.group(3))
            have = sections(page)
            if have is None:
                problems.append("%s: cites %s, which does not exist" % (where, page))
            else:
                for s in numbers:
                    if s not in have:
                        problems.append("%s: cites %s %s%s, which has no such section" % (where, page, sign, s))
            covered.append(m.span())
        if markdown_page:
            for m in section_link.finditer(line):
                target = os.path.normpath(os.path.join(os.path.dirname(path), m.group(2)))
                have = sections(target)
                for s in re.findall(number, m.group(1)):
                    cited += 1
                    if have is None or s not in have:
                        problems.append("%s: links %s for %s%s, which it does not have" % (where, m.group(2), sign, s))
            for m in link.finditer(line):
                target = m.group(1)
                if re.match(r"[a-z]+:", target) or target.startswith("#"):
                    continue
                resolved = os.path.normpath(os.path.join(os.path.dirname(path), target.split("#")[0]))
                if not os.path.exists(resolved):
                    problems.append("%s: links %s, which does not exist" % (where, target))
        if in_docs:
            continue
        for i, ch in enumerate(line):
            if ch == sign and not any(a <= i < b for a, b in covered):
                problems.append("%s: a section sign that cites no page of docs/: %s" % (where, line.strip()))
                break

for p in problems:
    print("docs: " + p, file=sys.stderr)
if problems:
    sys.exit("docs: %d problems" % len(problems))
if cited == 0:
    sys.exit("docs: found no citation at all: is the check reading the repository?")
print("docs: %d citations resolve, links reach their files" % cited)
'
