#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Strict KTAP counter for KUnit output in a kernel console log.

usage: ktap.py [--after=MARKER] [--prefix=P] [--manifest=FILE] LOG

--after: only read the log after the last line containing MARKER (if any).
--manifest: FILE's lines "kunit PASS SUITE: CASE..." (tools/testing/
manifest) name the suites and cases that must run: each one of them that
printed no result (a leaf under SUITE@PASS.CASE) is a failure, "not ok
P<suite>@<pass>.<case> (not run: ...)".

A line "xu-kunit: pass MODEL" (tools/testing/kunit/guest.sh writes one to
the kernel log before each pass) names the suites after it SUITE@MODEL,
so that a suite run once per simulated model reports distinct names.

Prints one line per test case (leaf of the KTAP tree: a plain case or one
parameter of a parameterised case): "ok P<suite>.<case>", "not ok ...",
"skip ...", then a last line "# ktap: N passed, N failed, N skipped".
Every KTAP document in the log is read (each test module load prints one).
Failures also include: a subtest whose plan ("1..N") is not met (a crash
mid-suite), a parent reported "not ok" without a failed child, and no test
case at all.  Exit status 0 iff nothing failed and at least one case ran.
"""
import re
import sys

TS = re.compile(r'^\[\s*\d+\.\d+\]\s?')
RESULT = re.compile(r'^(\s*)(ok|not ok) (\d+)\s*(?:- )?(.*?)\s*(#\s*(SKIP|skip)\b.*)?$')
VERSION = re.compile(r'^(\s*)K?TAP version \d+')
PLAN = re.compile(r'^(\s*)1\.\.(\d+)\s*$')
SUBTEST = re.compile(r'^(\s*)# Subtest: (.*)$')
PASS = re.compile(r'xu-kunit: pass (\S+)')


class Frame:
    def __init__(self, indent, name=''):
        self.indent = indent
        self.name = name
        self.plan = None
        self.n = 0
        self.failed = 0


def manifest_cases(path):
    """SUITE@PASS.CASE for each case of each "kunit" line of @path."""
    cases = []
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) < 3 or w[0] != 'kunit' or not w[2].endswith(':'):
                continue
            suite = '%s@%s' % (w[2][:-1], w[1])
            cases += ['%s.%s' % (suite, c) for c in w[3:]]
    return cases


def main(argv):
    after = None
    prefix = ''
    path = None
    manifest = None
    for a in argv[1:]:
        if a.startswith('--after='):
            after = a.split('=', 1)[1]
        elif a.startswith('--prefix='):
            prefix = a.split('=', 1)[1]
        elif a.startswith('--manifest='):
            manifest = a.split('=', 1)[1]
        else:
            path = a
    if path is None:
        print(__doc__, file=sys.stderr)
        return 2
    with open(path, errors='replace') as f:
        lines = [TS.sub('', l.rstrip('\r\n').replace('\r', '')) for l in f]
    if after is not None:
        idx = [i for i, l in enumerate(lines) if after in l]
        if idx:  # without the marker, read the whole log
            lines = lines[idx[-1] + 1:]

    counts = {'ok': 0, 'not ok': 0, 'skip': 0}
    out = []
    stack = []
    ran = set()

    def report(kind, name):
        counts[kind] += 1
        out.append('%s %s%s' % (kind, prefix, name))
        # SUITE@PASS.CASE of a leaf: a case that ran, whatever its result
        ran.add('.'.join(name.split(' (')[0].split('.')[:2]))

    def path_of(name):
        parts = [f.name for f in stack if f.name] + [name]
        return '.'.join(parts)

    def close_above(indent):
        """Pop frames deeper than indent; return (had_children, child_failed)."""
        had, failed = False, False
        while stack and stack[-1].indent > indent:
            fr = stack.pop()
            if fr.plan is not None and fr.n != fr.plan:
                report('not ok', path_of(fr.name or ('KTAP document' if fr.indent == 0 else 'subtest')) +
                       ' (incomplete: %d of %d results)' % (fr.n, fr.plan))
                failed = True
            had = had or fr.n > 0
            failed = failed or fr.failed > 0
        return had, failed

    cur_pass = None
    for l in lines:
        m = PASS.search(l)
        if m:
            cur_pass = m.group(1)
            continue
        m = VERSION.match(l)
        if m:
            ind = len(m.group(1))
            close_above(ind - 1)
            stack.append(Frame(ind))
            continue
        m = SUBTEST.match(l)
        if m:
            ind = len(m.group(1))
            close_above(ind)
            name = m.group(2).strip()
            if cur_pass and not any(f.name for f in stack if f.indent < ind):
                name += '@' + cur_pass
            if stack and stack[-1].indent == ind and not stack[-1].name:
                stack[-1].name = name
            else:
                stack.append(Frame(ind, name))
            continue
        m = PLAN.match(l)
        if m:
            ind = len(m.group(1))
            if not stack or stack[-1].indent != ind:
                close_above(ind)
                if not stack or stack[-1].indent != ind:
                    stack.append(Frame(ind))
            stack[-1].plan = int(m.group(2))
            continue
        m = RESULT.match(l)
        if not m or not stack:
            continue
        ind = len(m.group(1))
        had_children, child_failed = close_above(ind)
        if not stack or stack[-1].indent != ind:
            stack.append(Frame(ind))
        fr = stack[-1]
        fr.n += 1
        kind = m.group(2)
        name = m.group(4) or ('test %s' % m.group(3))
        skipped = m.group(6) is not None
        if kind == 'not ok' and not skipped:
            fr.failed += 1
        if not had_children:
            report('skip' if skipped else kind, path_of(name))
        elif kind == 'not ok' and not skipped and not child_failed:
            report('not ok', path_of(name) + ' (reported failed)')
    close_above(-1)

    if manifest is not None:
        for want in manifest_cases(manifest):
            if want not in ran:
                report('not ok', '%s (not run: %s names it)' % (want, manifest))

    for o in out:
        print(o)
    total = sum(counts.values())
    if total == 0:
        print('not ok %sno KTAP test results found' % prefix)
        counts['not ok'] += 1
    print('# ktap: %d passed, %d failed, %d skipped' %
          (counts['ok'], counts['not ok'], counts['skip']))
    return 0 if counts['not ok'] == 0 else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
