"""Bad-input cases for Rubric Studio's `import` and for every command line (written blind).

Written only from README.md, docs/EXPORTS.md, docs/IMPORT.md, docs/export-schema.json and the `--help`
pages. See README.md beside this file for how to use the cases and what the placeholders mean.

IMPORT_CASES: each has "id", "why", "expect" ("refuse" | "import-with-stated-rewrite"),
"message_mentions" (1-3 lowercase words), and either "make" (the source of a function
`def make(base): ...` that returns the bytes of the file; `base` is a list of valid run-level records
as `export --format jsonl` writes them) or "raw" (the file's bytes). A few have "setup" (plain words).
`build_import_file(case, base)` turns a case into bytes.

CLI_CASES: each has "id", "argv" (after `rubric-studio`, with placeholders), "setup" (plain words, "" if
nothing), "expect_exit", "why"; some also have "files" ({path with placeholders: bytes} to create before
the command) and "env" ({name: value with placeholders} to set for the command).
"""

from __future__ import annotations

import copy
import json
import textwrap

# --------------------------------------------------------------------------------------------------
# Import cases
# --------------------------------------------------------------------------------------------------

# Helpers pasted into every `make` function, so each function source stands alone (stdlib only).
_HELPERS = r'''
import json, copy

def D(o):
    # one compact JSON line as the exporter writes it (UTF-8 text as it is)
    return json.dumps(o, ensure_ascii=False, separators=(",", ":"))

def L(*recs):
    # JSON lines, LF endings, UTF-8
    return "".join(D(r) + "\n" for r in recs).encode("utf-8")

def RID(n=0):
    # a fresh run id, unique per case, inside ^[A-Za-z0-9_-]{1,64}$
    s = "bi-" + "".join(ch if (ch.isascii() and ch.isalnum()) or ch in "-_" else "-" for ch in CASE)
    return s[:56] + "-" + str(n)

def _meta(r):
    return r["metadata"]

def graded(r):
    return [s for s in (_meta(r).get("history") or []) if s.get("criteria")]

def _single_turn(r):
    return all((s.get("turn") or 0) == 0 for s in (_meta(r).get("history") or []))

def R(n=0):
    # a fresh, valid, single-turn, outside-any-suite record, satisfied if base has one
    pool = [r for r in base if isinstance(r, dict) and graded(r)]
    order = ([r for r in pool if r["outputs"]["status"] == "satisfied" and _single_turn(r)]
             + [r for r in pool if r["outputs"]["status"] == "satisfied"]
             + [r for r in pool if _single_turn(r)] + pool + list(base))
    r = copy.deepcopy(order[0])
    r["id"] = RID(n)
    r["schema_version"] = 6
    _meta(r)["schema_version"] = 6
    _meta(r)["suite"] = None
    return r

def last(r):
    return graded(r)[-1]

def crit(r):
    return last(r)["criteria"]

def sync_final(r):
    # make final_criteria agree with the last graded pass again (after an edit to that pass)
    by = {c["name"]: c for c in crit(r)}
    fin = _meta(r).get("final_criteria")
    if not isinstance(fin, list):
        return r
    for fc in fin:
        c = by.get(fc.get("name"))
        if c is not None:
            for k in ("passed", "verdict", "check", "gap"):
                if k in c:
                    fc[k] = copy.deepcopy(c[k])
    return r

def set_version(r, v):
    r["schema_version"] = v
    _meta(r)["schema_version"] = v
    return r

def cfg(r):
    c = _meta(r).get("config")
    if not isinstance(c, dict):
        c = {}
        _meta(r)["config"] = c
    return c

def two_pass(r):
    # give turn 0 at least two graded passes: a failing first draft, then the original (satisfied) pass
    h = _meta(r)["history"]
    t0 = [s for s in h if (s.get("turn") or 0) == 0 and s.get("criteria")]
    if len(t0) >= 2:
        return r
    s1 = t0[-1]
    s0 = copy.deepcopy(s1)
    s0["result"] = "needs_revision"
    c0 = s0["criteria"][0]
    c0["passed"] = False
    c0["verdict"] = "fail"
    c0["gap"] = "not met yet"
    s0["iteration"] = 0
    if "iteration_number" in s0:
        s0["iteration_number"] = 1
    s1["iteration"] = 1
    if "iteration_number" in s1:
        s1["iteration_number"] = 2
    h.insert(h.index(s1), s0)
    if "iterations" in _meta(r):
        _meta(r)["iterations"] = len(graded(r))
    c = _meta(r).get("config")
    if isinstance(c, dict) and isinstance(c.get("max_iterations"), int):
        c["max_iterations"] = max(c["max_iterations"], 3)
    return r

def _suite_template():
    for b in base:
        m = b.get("metadata") if isinstance(b, dict) else None
        if isinstance(m, dict) and isinstance(m.get("suite"), dict):
            return copy.deepcopy(m["suite"])
    return {}

def MX(n_items=2, n_cols=2, sid=None):
    # a valid suite run (n_cols == 1) or matrix (n_cols >= 2): one record per cell, item-major order
    sid = sid or (RID(0)[:50] + "-suite")
    tmpl = _suite_template()
    shared = copy.deepcopy(cfg(R(0)))
    out, k = [], 0
    for i in range(n_items):
        for c in range(n_cols):
            r = R(k)
            k += 1
            rc = cfg(r)
            if n_cols > 1 and isinstance(rc.get("max_iterations"), int):
                rc["max_iterations"] = min(20, max(rc["max_iterations"], 3) + c)
            s = copy.deepcopy(tmpl)
            s.update({
                "suite_run_id": sid,
                "name": "bi suite",
                "created_at": _meta(r).get("created_at"),
                "dataset_name": "bi.jsonl",
                "dataset_hash": tmpl.get("dataset_hash") or "ab" * 32,
                "concurrency": 2,
                "columns": n_cols,
                "rubric_name": _meta(r).get("rubric_name"),
                "rubric_version": _meta(r).get("rubric_version"),
                "config": copy.deepcopy(rc) if n_cols == 1 else copy.deepcopy(shared),
                "item": {"id": "item-%d" % i, "position": i, "reference": None, "metadata": {}},
                "column": None if n_cols == 1 else {
                    "index": c,
                    "label": "col-%d" % (c + 1),
                    "rubric": r["inputs"]["rubric"],
                    "rubric_name": _meta(r).get("rubric_name"),
                    "rubric_version": _meta(r).get("rubric_version"),
                    "config": copy.deepcopy(rc),
                },
            })
            _meta(r)["suite"] = s
            out.append(r)
    return out

def S(r):
    return _meta(r)["suite"]

def bump_column(r, by=1):
    # change a matrix cell's configuration (its run's config and its column's, together)
    rc = cfg(r)
    if isinstance(rc.get("max_iterations"), int):
        rc["max_iterations"] = min(20, rc["max_iterations"] + by)
    else:
        rc["max_iterations"] = 3 + by
    S(r)["column"]["config"] = copy.deepcopy(rc)
    return r

def sub(data, old, new):
    # replace a sentinel in the serialised bytes (for what json.dumps cannot write)
    assert old.encode() in data, old
    return data.replace(old.encode(), new.encode(), 1)
'''


def _fn(case_id: str, body: str) -> str:
    body = textwrap.dedent(body).strip("\n")
    src = "def make(base):\n"
    src += "    CASE = %r\n" % case_id
    src += textwrap.indent(_HELPERS.strip("\n"), "    ") + "\n"
    src += textwrap.indent(body, "    ") + "\n"
    return src


IMPORT_CASES: list[dict] = []


def _imp(cid, why, body=None, *, raw=None, expect="refuse", mentions=("line 1",), setup=""):
    case = {"id": cid, "why": why, "expect": expect, "message_mentions": list(mentions)}
    if raw is not None:
        case["raw"] = raw
    else:
        case["make"] = _fn(cid, body)
    if setup:
        case["setup"] = setup
    IMPORT_CASES.append(case)


# ---- the file as a whole: emptiness, framing, encodings, line endings ----------------------------

_imp("empty-file", "a file of zero bytes holds no run: importing nothing must be said, not reported as success",
     raw=b"", mentions=["empty"])
_imp("only-whitespace", "only spaces, tabs and blank lines: no record at all",
     raw=b"   \n\n\t \r\n  \n", mentions=["empty"])
_imp("json-array-pretty", "a JSON array of records (pretty-printed) instead of JSON lines: line 1 is '['",
     "return json.dumps(base, indent=2, ensure_ascii=False).encode('utf-8')", mentions=["line 1"])
_imp("json-array-one-line", "the records as one JSON array on one line instead of one object per line",
     "return (D([R(0), R(1)]) + '\\n').encode('utf-8')", mentions=["line 1", "object"])
_imp("trailing-garbage-same-line", "a valid record followed by garbage on the same line",
     "return (D(R()) + ' garbage}\\n').encode('utf-8')", mentions=["line 1"])
_imp("trailing-garbage-line", "a valid record, then a line that is not JSON ('}{')",
     "return L(R()) + b'}{\\n'", mentions=["line 2"])
_imp("two-objects-one-line", "two records concatenated on one line with no newline between them",
     "return (D(R(0)) + D(R(1)) + '\\n').encode('utf-8')", mentions=["line 1"])
_imp("line-is-a-string", "line 2 is a JSON string, not an object",
     "return L(R(0)) + b'\"hello\"\\n'", mentions=["line 2", "object"])
_imp("line-is-null", "line 2 is the JSON literal null",
     "return L(R(0)) + b'null\\n'", mentions=["line 2", "object"])
_imp("line-is-empty-object", "line 2 is {} (no schema_version, id, inputs, outputs, metadata)",
     "return L(R(0)) + b'{}\\n'", mentions=["line 2", "schema_version"])
_imp("utf16-le-no-bom", "the file is UTF-16 little-endian without a byte order mark (NUL every other byte)",
     "return L(R()).decode('utf-8').encode('utf-16-le')", mentions=["utf-8"])
_imp("utf16-with-bom", "the file is UTF-16 with its BOM: not UTF-8",
     "return L(R()).decode('utf-8').encode('utf-16')", mentions=["utf-8"])
_imp("utf8-bom-then-bad-line-2",
     "a UTF-8 BOM (to be ignored) and a bad line 2: the message must still count the BOM line as line 1",
     """
     r2 = R(1)
     r2["outputs"]["status"] = "bogus"
     return b"\\xef\\xbb\\xbf" + L(R(0), r2)
     """, mentions=["line 2", "status"])
_imp("bom-in-the-middle", "a second UTF-8 BOM at the start of line 2 (two exports concatenated)",
     "return L(R(0)) + b'\\xef\\xbb\\xbf' + L(R(1))", mentions=["line 2"])
_imp("crlf-and-lf-mixed-bad-line-3", "CRLF, LF, CRLF endings mixed; line 3 has an unknown status: must say line 3",
     """
     r3 = R(2)
     r3["outputs"]["status"] = "bogus"
     return (D(R(0)) + "\\r\\n" + D(R(1)) + "\\n" + D(r3) + "\\r\\n").encode("utf-8")
     """, mentions=["line 3", "status"])
_imp("lone-cr-separator", "two records separated by a lone CR (old Mac ending); the second is bad either way",
     """
     r2 = R(1)
     r2["outputs"]["status"] = "bogus"
     return (D(R(0)) + "\\r" + D(r2) + "\\n").encode("utf-8")
     """, mentions=["line"])
_imp("u2028-does-not-split-line-numbers", "line 1 holds U+2028 and U+2029 inside the task (not line breaks); "
     "line 2 is bad: the message must say line 2, not line 3 or 4",
     """
     r1 = R(0)
     r1["inputs"]["task"] = r1["inputs"]["task"] + " \\u2028 and \\u2029 here"
     r2 = R(1)
     r2["metadata"]["history"][0]["wall_time_s"] = "slow"
     return L(r1, r2)
     """, mentions=["line 2", "wall_time_s"])
_imp("nel-does-not-split-line-numbers", "line 1's draft holds U+0085 (NEL), which str.splitlines() splits on; "
     "line 2 is bad: the message must say line 2",
     """
     r1 = R(0)
     last(r1)["draft"] = (last(r1).get("draft") or "") + "\\x85tail"
     r2 = R(1)
     r2["outputs"]["status"] = "bogus"
     return L(r1, r2)
     """, mentions=["line 2", "status"])
_imp("invalid-utf8-byte", "a 0xFF byte inside the task string: not UTF-8",
     "return L(R()).replace(b'\"task\":\"', b'\"task\":\"\\xff', 1)", mentions=["line 1", "utf-8"])
_imp("utf8-encoded-surrogate", "the bytes ED A0 80 (a UTF-16 surrogate encoded as UTF-8, CESU style) in the task",
     "return L(R()).replace(b'\"task\":\"', b'\"task\":\"\\xed\\xa0\\x80', 1)", mentions=["line 1"])
_imp("truncated-last-line", "the last record is cut off half way (a partial copy)",
     "d = L(R(0), R(1)); return d[: len(d) - 40]", mentions=["line 2"])

# ---- characters inside strings -------------------------------------------------------------------

_imp("escaped-lone-surrogate", "\\ud800 (a lone UTF-16 surrogate) escaped inside the task: SQLite cannot store it",
     """
     r = R()
     r["inputs"]["task"] = r["inputs"]["task"] + " SENTINEL-SUR"
     return sub(L(r), "SENTINEL-SUR", "\\\\ud800")
     """, mentions=["line 1", "surrogate"])
_imp("nul-in-draft", "an escaped NUL (\\u0000) inside the last draft",
     """
     r = R()
     last(r)["draft"] = "before\\u0000after"
     return L(r)
     """, mentions=["line 1", "nul"])
_imp("nul-in-note", "a NUL inside the run's note", """
     r = R()
     r["metadata"]["note"] = "a note\\u0000"
     return L(r)
     """, mentions=["line 1", "nul", "note"])
_imp("nul-in-tag", "a NUL inside a tag", """
     r = R()
     r["metadata"]["tags"] = ["ok", "bad\\u0000tag"]
     return L(r)
     """, mentions=["line 1", "nul", "tags"])
_imp("nul-in-file-content", "a NUL in a file's content (binary file smuggled as text)", """
     r = R()
     r["outputs"]["files"] = [{"path": "a.txt", "content": "\\u0000\\u0001binary"}]
     return L(r)
     """, mentions=["line 1", "nul"])
_imp("raw-control-char-in-json-string", "a raw 0x01 byte inside a JSON string (JSON requires control characters escaped)",
     "return L(R()).replace(b'\"task\":\"', b'\"task\":\"\\x01', 1)", mentions=["line 1"])
_imp("raw-nul-byte-in-json-string", "a raw 0x00 byte inside a JSON string",
     "return L(R()).replace(b'\"task\":\"', b'\"task\":\"\\x00', 1)", mentions=["line 1", "nul"])
_imp("reviewer-with-newline", "a human verdict whose reviewer name holds a line break (the Review page refuses it)",
     """
     r = R()
     c = crit(r)[0]
     c["human_passed"] = True
     c["human_reason"] = "fine"
     c["reviewer"] = "ann\\nbob"
     return L(r)
     """, mentions=["line 1", "reviewer"])
_imp("human-reason-with-escape", "a human reason holding a terminal escape sequence (ESC [2J)", """
     r = R()
     c = crit(r)[0]
     c["human_passed"] = False
     c["human_reason"] = "\\u001b[2Jcleared"
     c["reviewer"] = "ann"
     return L(r)
     """, mentions=["line 1", "reason"])
_imp("reviewer-invisible-only", "a reviewer name of only a zero-width space and spaces: nothing visible", """
     r = R()
     c = crit(r)[0]
     c["human_passed"] = True
     c["human_reason"] = "fine"
     c["reviewer"] = " \\u200b "
     return L(r)
     """, mentions=["line 1", "reviewer"])
_imp("human-verdict-without-reviewer", "human_passed is set but no reviewer is named", """
     r = R()
     c = crit(r)[0]
     c["human_passed"] = True
     c["human_reason"] = "fine"
     c["reviewer"] = None
     return L(r)
     """, mentions=["line 1", "reviewer"])
_imp("id-with-bidi-override", "a run id holding U+202E (right-to-left override), which reverses what a terminal shows",
     """
     r = R()
     r["id"] = "run\\u202egpj"
     return L(r)
     """, mentions=["line 1", "id"])
_imp("id-with-newline", "a run id with an escaped line break (would split `runs` output and log lines)", """
     r = R()
     r["id"] = "abc\\ndef"
     return L(r)
     """, mentions=["line 1", "id"])
_imp("id-path-traversal", "a run id '../../etc/passwd' (ids become file and folder names in exports)", """
     r = R()
     r["id"] = "../../etc/passwd"
     return L(r)
     """, mentions=["line 1", "id"])
_imp("id-backslash", "a run id with a Windows path separator", """
     r = R()
     r["id"] = "a\\\\b"
     return L(r)
     """, mentions=["line 1", "id"])
_imp("id-empty", "an empty run id", """
     r = R()
     r["id"] = ""
     return L(r)
     """, mentions=["line 1", "id"])
_imp("id-65-chars", "a run id one character longer than the 64 the schema allows", """
     r = R()
     r["id"] = "a" * 65
     return L(r)
     """, mentions=["line 1", "id"])
_imp("id-sql-wildcard", "a run id '%' (a LIKE wildcard: later `show`/`delete` by prefix must never match everything)",
     """
     r = R()
     r["id"] = "%"
     return L(r)
     """, mentions=["line 1", "id"])
_imp("file-path-traversal", "an output file whose path climbs out of the run's folder", """
     r = R()
     r["outputs"]["files"] = [{"path": "../../../tmp/evil.sh", "content": "echo hi"}]
     return L(r)
     """, mentions=["line 1", "path"])
_imp("file-path-absolute", "an output file with an absolute path", """
     r = R()
     r["outputs"]["files"] = [{"path": "/etc/passwd", "content": "root"}]
     return L(r)
     """, mentions=["line 1", "path"])
_imp("file-path-twice", "one output file path listed twice with different contents", """
     r = R()
     r["outputs"]["files"] = [{"path": "a.txt", "content": "one"}, {"path": "a.txt", "content": "two"}]
     return L(r)
     """, mentions=["line 1", "a.txt"])

# ---- JSON-level oddities --------------------------------------------------------------------------

_imp("duplicate-key-id", "the top-level key 'id' twice with two different values in one object "
     "(json.loads keeps the last silently)",
     """
     s = D(R(0))
     return ('{"id":"' + RID(9) + '",' + s[1:] + "\\n").encode("utf-8")
     """, mentions=["line 1", "duplicate", "id"])
_imp("duplicate-key-passed", "a criterion with 'passed' twice (true then false)", """
     r = R()
     c = crit(r)[0]
     c["passed"] = True
     c["verdict"] = "pass"
     s = D(r)
     needle = '"name":' + json.dumps(c["name"], ensure_ascii=False) + ','
     i = s.index(needle)
     s = s[:i] + '"passed":false,' + s[i:]
     return (s + "\\n").encode("utf-8")
     """, mentions=["line 1", "duplicate", "passed"])
_imp("deep-nesting-array", "an ignored extra field nested 100000 arrays deep (a recursive parser overflows)", """
     s = D(R())
     return (s[:-1] + ',"zz_extra":' + "[" * 100000 + "]" * 100000 + "}\\n").encode("utf-8")
     """, mentions=["line 1"])
_imp("deep-nesting-object-in-config", "metadata.config nested 100000 objects deep", """
     r = R()
     r["metadata"]["config"] = "SENTINEL-DEEP"
     return sub(L(r), '"SENTINEL-DEEP"', '{"a":' * 100000 + "1" + "}" * 100000)
     """, mentions=["line 1", "config"])
_imp("nan-token", "NaN (not JSON) as a pass's wall time", """
     r = R()
     last(r)["wall_time_s"] = 12345.678
     return sub(L(r), "12345.678", "NaN")
     """, mentions=["line 1", "nan"])
_imp("infinity-token", "Infinity (not JSON) as the run's wall time", """
     r = R()
     r["metadata"]["wall_time_s"] = 12345.678
     return sub(L(r), "12345.678", "Infinity")
     """, mentions=["line 1", "wall_time_s"])
_imp("number-1e400", "1e400 parses to infinity in Python: out of range for wall_time_s", """
     r = R()
     r["metadata"]["wall_time_s"] = 12345.678
     return sub(L(r), "12345.678", "1e400")
     """, mentions=["line 1", "wall_time_s"])
_imp("tokens-negative", "input_tokens -1", """
     r = R()
     r["metadata"].setdefault("tokens", {})["input_tokens"] = -1
     return L(r)
     """, mentions=["line 1", "input_tokens"])
_imp("tokens-2-pow-64", "total_tokens 2**64, past any database integer column", """
     r = R()
     r["metadata"].setdefault("tokens", {})["total_tokens"] = 2 ** 64
     return L(r)
     """, mentions=["line 1", "total_tokens"])
_imp("tokens-total-not-sum", "run tokens: input 10 + output 10 but total 5 (a total smaller than its parts)", """
     r = R()
     r["metadata"]["tokens"] = {"input_tokens": 10, "output_tokens": 10, "total_tokens": 5}
     return L(r)
     """, mentions=["line 1", "total_tokens"])
_imp("iteration-float", "a history step with iteration 0.5", """
     r = R()
     last(r)["iteration"] = 0.5
     return L(r)
     """, mentions=["line 1", "iteration"])

# ---- wrong types ---------------------------------------------------------------------------------

_imp("type-id-integer", "the run id as a number", "r = R(); r['id'] = 12345; return L(r)", mentions=["line 1", "id"])
_imp("type-inputs-list", "inputs is a list", "r = R(); r['inputs'] = [r['inputs']['task'], r['inputs']['rubric']]; "
     "return L(r)", mentions=["line 1", "inputs"])
_imp("type-tags-string", "tags as one comma-separated string (would become one tag per character if iterated)",
     "r = R(); r['metadata']['tags'] = 'a,b'; return L(r)", mentions=["line 1", "tags"])
_imp("type-history-object", "history as an object keyed by iteration", "r = R(); "
     "r['metadata']['history'] = {str(i): s for i, s in enumerate(r['metadata']['history'])}; return L(r)",
     mentions=["line 1", "history"])
_imp("type-passed-string", "passed as the string 'true'", "r = R(); crit(r)[0]['passed'] = 'true'; return L(r)",
     mentions=["line 1", "passed"])
_imp("type-status-uppercase", "status 'SATISFIED' (the enum is lowercase)",
     "r = R(); r['outputs']['status'] = 'SATISFIED'; return L(r)", mentions=["line 1", "status"])
_imp("type-turn-string", "a step's turn as the string '0'", "r = R(); last(r)['turn'] = '0'; return L(r)",
     mentions=["line 1", "turn"])
_imp("type-metadata-null", "metadata is null", "r = R(); r['metadata'] = None; return L(r)",
     mentions=["line 1", "metadata"])
_imp("type-config-list", "metadata.config is a list", "r = R(); r['metadata']['config'] = ['max_iterations', 3]; "
     "return L(r)", mentions=["line 1", "config"])
_imp("type-schema-version-bool", "schema_version true (a bool is not an integer)",
     "r = R(); r['schema_version'] = True; return L(r)", mentions=["line 1", "schema_version"])
_imp("type-final-output-number", "final_output 42", "r = R(); r['outputs']['final_output'] = 42; return L(r)",
     mentions=["line 1", "final_output"])

# ---- schema versions vs the fields they carry ----------------------------------------------------

_imp("schema-version-0", "schema_version 0", "r = R(); set_version(r, 0); return L(r)",
     mentions=["line 1", "schema_version"])
_imp("schema-version-7", "schema_version 7: newer than this Rubric Studio (the message should ask for an upgrade)",
     "r = R(); set_version(r, 7); return L(r)", mentions=["line 1", "schema_version", "upgrade"])
_imp("schema-version-top-vs-metadata", "schema_version 6 at the top and 4 inside metadata",
     "r = R(); r['metadata']['schema_version'] = 4; return L(r)", mentions=["line 1", "schema_version"])
_imp("v4-carries-verdict-and-check", "schema version 4 predates verdict and check (v5) yet carries them", """
     r = R()
     set_version(r, 4)
     r["metadata"].pop("suite", None)
     return L(r)
     """, mentions=["line 1", "schema_version", "verdict"])
_imp("v5-carries-suite", "schema version 5 predates metadata.suite (v6) yet carries a suite run", """
     recs = MX(1, 1)
     set_version(recs[0], 5)
     return L(*recs)
     """, mentions=["line 1", "schema_version", "suite"])
_imp("v1-carries-turn-inputs", "schema version 1 predates turn_inputs, error and tool_events (v2) yet carries them", """
     r = R()
     set_version(r, 1)
     r["metadata"].pop("suite", None)
     r["metadata"]["turn_inputs"] = r["metadata"].get("turn_inputs") or [
         {"turn": 0, "message": r["inputs"]["task"], "rubric": r["inputs"]["rubric"], "previous_end": None}]
     r["metadata"]["error"] = None
     return L(r)
     """, mentions=["line 1", "schema_version"])

# ---- a record that contradicts itself ------------------------------------------------------------

_imp("satisfied-with-failing-criterion", "a pass whose result is 'satisfied' while one of its criteria failed "
     "(final_criteria made to agree, so the pass itself is the contradiction)",
     """
     r = R()
     c = crit(r)[0]
     c["passed"] = False
     c["verdict"] = "fail"
     c["gap"] = "missing"
     sync_final(r)
     return L(r)
     """, mentions=["line 1", "satisfied"])
_imp("verdict-pass-but-passed-false", "verdict 'pass' with passed false", """
     r = R()
     c = crit(r)[0]
     c["passed"] = False
     c["verdict"] = "pass"
     sync_final(r)
     return L(r)
     """, mentions=["line 1", "verdict", "passed"])
_imp("verdict-fail-but-passed-true", "verdict 'fail' with passed true", """
     r = R()
     c = crit(r)[0]
     c["passed"] = True
     c["verdict"] = "fail"
     sync_final(r)
     return L(r)
     """, mentions=["line 1", "verdict", "passed"])
_imp("verdict-na-but-passed-true", "verdict 'n/a' with passed true (n/a is false in passed, EXPORTS.md)", """
     r = R()
     c = crit(r)[0]
     c["passed"] = True
     c["verdict"] = "n/a"
     sync_final(r)
     return L(r)
     """, mentions=["line 1", "verdict", "passed"])
_imp("cannot-judge-check-but-pass", "a criterion passed by a check of kind 'cannot_judge'", """
     r = R()
     c = crit(r)[0]
     c["passed"] = True
     c["verdict"] = "pass"
     c["check"] = {"kind": "cannot_judge", "label": None, "looked_for": None, "found": None, "tools": []}
     sync_final(r)
     return L(r)
     """, mentions=["line 1", "cannot_judge"])
_imp("unknown-check-kind", "a check kind that is not in the published list ('magic')", """
     r = R()
     c = crit(r)[0]
     c["check"] = dict(c.get("check") or {}, kind="magic")
     sync_final(r)
     return L(r)
     """, mentions=["line 1", "kind", "magic"])
_imp("check-kind-wrong-case", "check kind 'Word_Count' (case differs from word_count)", """
     r = R()
     c = crit(r)[0]
     c["check"] = dict(c.get("check") or {}, kind="Word_Count")
     sync_final(r)
     return L(r)
     """, mentions=["line 1", "kind"])
_imp("tool-check-without-label", "a check of kind 'tool' whose label (the tool's name) is missing", """
     r = R()
     c = crit(r)[0]
     c["check"] = {"kind": "tool", "label": None, "looked_for": None, "found": None, "tools": []}
     sync_final(r)
     return L(r)
     """, mentions=["line 1", "tool", "label"])
_imp("final-criteria-disagree-with-last-pass", "final_criteria says a criterion failed; the last pass says it passed",
     """
     r = R()
     fin = r["metadata"]["final_criteria"]
     fin[0]["passed"] = not fin[0]["passed"]
     fin[0]["verdict"] = "pass" if fin[0]["passed"] else "fail"
     return L(r)
     """, mentions=["line 1", "final_criteria"])
_imp("final-criteria-unknown-name", "final_criteria names a criterion the last pass never graded", """
     r = R()
     r["metadata"]["final_criteria"].append({"name": "A criterion nobody graded", "passed": True, "verdict": "pass",
                                             "check": {"kind": "judgement"}, "gap": None})
     return L(r)
     """, mentions=["line 1", "final_criteria"])
_imp("criterion-twice-in-one-pass", "one criterion listed twice in the same pass, once passed once failed", """
     r = R()
     c = copy.deepcopy(crit(r)[0])
     c["passed"] = not c["passed"]
     c["verdict"] = "pass" if c["passed"] else "fail"
     crit(r).append(c)
     return L(r)
     """, mentions=["line 1", "criteria"])
_imp("criterion-twice-in-final", "one criterion twice in final_criteria", """
     r = R()
     fin = r["metadata"]["final_criteria"]
     fin.append(copy.deepcopy(fin[0]))
     return L(r)
     """, mentions=["line 1", "final_criteria"])
_imp("status-vs-last-result", "status 'max_iterations_reached' while the last pass says 'satisfied' with every "
     "criterion met", """
     r = R()
     r["outputs"]["status"] = "max_iterations_reached"
     return L(r)
     """, mentions=["line 1", "status"])
_imp("error-message-on-satisfied-run", "an error message on a run whose status is satisfied", """
     r = R()
     r["metadata"]["error"] = "Traceback: the grader exploded"
     return L(r)
     """, mentions=["line 1", "error"])
_imp("pass-repeated", "the same grading pass (turn 0, iteration 0) twice in history", """
     r = R()
     h = r["metadata"]["history"]
     h.insert(h.index(last(r)), copy.deepcopy(last(r)))
     return L(r)
     """, mentions=["line 1", "history"])
_imp("passes-out-of-order", "iteration 1 listed before iteration 0", """
     r = two_pass(R())
     h = r["metadata"]["history"]
     g = graded(r)
     i, j = h.index(g[0]), h.index(g[1])
     h[i], h[j] = h[j], h[i]
     return L(r)
     """, mentions=["line 1", "iteration"])
_imp("iteration-gap", "iterations 0 then 2 (no 1)", """
     r = two_pass(R())
     s = graded(r)[1]
     s["iteration"] = 2
     if "iteration_number" in s:
         s["iteration_number"] = 3
     return L(r)
     """, mentions=["line 1", "iteration"])
_imp("iteration-at-max", "an iteration index equal to the run's max_iterations (only 0..max-1 can exist)", """
     r = two_pass(R())
     cfg(r)["max_iterations"] = 1
     return L(r)
     """, mentions=["line 1", "max_iterations"])
_imp("iterations-count-wrong", "metadata.iterations says 7; history has fewer graded passes", """
     r = R()
     r["metadata"]["iterations"] = 7
     return L(r)
     """, mentions=["line 1", "iterations"])
_imp("turns-count-wrong", "metadata.turns says 3; history holds turn 0 only", """
     r = R()
     r["metadata"]["turns"] = 3
     return L(r)
     """, mentions=["line 1", "turns"])
_imp("turn-number-not-turn-plus-one", "turn 0 with turn_number 5", """
     r = R()
     last(r)["turn_number"] = 5
     return L(r)
     """, mentions=["line 1", "turn_number"], expect="refuse")
_imp("iteration-number-not-iteration-plus-one", "iteration 0 with iteration_number 3 (the two counts disagree)", """
     r = R()
     last(r)["iteration_number"] = last(r)["iteration"] + 3
     return L(r)
     """, mentions=["line 1", "iteration_number"], expect="import-with-stated-rewrite")
_imp("finished-before-created", "finished_at an hour before created_at", """
     r = R()
     r["metadata"]["created_at"] = "2026-05-01T12:00:00+00:00"
     r["metadata"]["finished_at"] = "2026-05-01T11:00:00+00:00"
     return L(r)
     """, mentions=["line 1", "finished_at"])
_imp("created-in-2262", "created_at in 2262, past the 1970-2261 range", """
     r = R()
     r["metadata"]["created_at"] = "2262-01-01T00:00:00+00:00"
     r["metadata"]["finished_at"] = "2262-01-01T00:01:00+00:00"
     return L(r)
     """, mentions=["line 1", "created_at"])
_imp("created-in-1969", "created_at in 1969, before the range", """
     r = R()
     r["metadata"]["created_at"] = "1969-12-31T23:59:59+00:00"
     return L(r)
     """, mentions=["line 1", "created_at"])
_imp("created-in-the-future", "created_at and finished_at in 2199: in range, but a run cannot have finished in the "
     "future", """
     r = R()
     r["metadata"]["created_at"] = "2199-01-01T00:00:00+00:00"
     r["metadata"]["finished_at"] = "2199-01-01T00:01:00+00:00"
     return L(r)
     """, mentions=["line 1", "created_at", "future"])
_imp("created-at-malformed", "created_at '2026-13-45T25:61:00' (month 13, day 45)", """
     r = R()
     r["metadata"]["created_at"] = "2026-13-45T25:61:00+00:00"
     return L(r)
     """, mentions=["line 1", "created_at"])
_imp("created-at-words", "created_at 'yesterday'", """
     r = R()
     r["metadata"]["created_at"] = "yesterday"
     return L(r)
     """, mentions=["line 1", "created_at"])
_imp("graded-before-drafted", "a pass graded before its draft was written", """
     r = R()
     s = last(r)
     s["drafted_at"] = "2026-05-01T12:00:10+00:00"
     s["grading_started_at"] = "2026-05-01T12:00:05+00:00"
     s["graded_at"] = "2026-05-01T12:00:06+00:00"
     r["metadata"]["created_at"] = "2026-05-01T12:00:00+00:00"
     r["metadata"]["finished_at"] = "2026-05-01T12:01:00+00:00"
     return L(r)
     """, mentions=["line 1", "graded_at"])
_imp("rubric-version-without-name", "rubric_version 2 with rubric_name null (a version of no rubric)", """
     r = R()
     r["metadata"]["rubric_name"] = None
     r["metadata"]["rubric_version"] = 2
     return L(r)
     """, mentions=["line 1", "rubric_version"])
_imp("model-spec-without-provider", "models.model 'offline' (no provider:model-id)", """
     r = R()
     r["metadata"]["models"]["model"] = "offline"
     return L(r)
     """, mentions=["line 1", "model"])
_imp("judgement-check-from-offline-grader", "a verdict decided by 'the grader model's judgement' (kind judgement) "
     "in a run graded by offline:grader, which only has deterministic checks", """
     r = R()
     r["metadata"]["models"]["grader"] = "offline:grader"
     c = crit(r)[0]
     c["check"] = {"kind": "judgement", "label": None, "looked_for": None, "found": None, "tools": []}
     sync_final(r)
     return L(r)
     """, mentions=["line 1", "judgement"])
_imp("rubric-only-bullets", "a rubric of only bullets and a zero-width space: empty", """
     r = R()
     r["inputs"]["rubric"] = "- \\n-\\n- \\u200b\\n"
     return L(r)
     """, mentions=["line 1", "rubric"])

# ---- sizes ---------------------------------------------------------------------------------------

_imp("huge-task-300k", "a task of 300 000 characters, past the 256 KiB a run accepts", """
     r = R()
     r["inputs"]["task"] = "Write a poem. " + "x" * 300_000
     return L(r)
     """, mentions=["line 1", "task"])
_imp("huge-rubric-100k", "a rubric of 100 KiB, past the 64 KiB a run accepts", """
     r = R()
     r["inputs"]["rubric"] = "".join("- criterion number %d\\n" % i for i in range(5000))
     return L(r)
     """, mentions=["line 1", "rubric"])
_imp("huge-draft-20mb", "one draft of 20 000 000 characters", """
     r = R()
     last(r)["draft"] = "x" * 20_000_000
     r["outputs"]["final_output"] = last(r)["draft"]
     return L(r)
     """, mentions=["line 1", "draft"])
_imp("huge-note-20mb", "a note of 20 000 000 characters", """
     r = R()
     r["metadata"]["note"] = "n" * 20_000_000
     return L(r)
     """, mentions=["line 1", "note"])
_imp("huge-check-found-20mb", "a check whose 'found' is 20 000 000 characters", """
     r = R()
     c = crit(r)[0]
     c["check"] = dict(c.get("check") or {"kind": "regex"}, found="f" * 20_000_000)
     sync_final(r)
     return L(r)
     """, mentions=["line 1", "found"])
_imp("huge-file-content-30mb", "an output file of 30 000 000 characters", """
     r = R()
     r["outputs"]["files"] = [{"path": "big.txt", "content": "y" * 30_000_000}]
     return L(r)
     """, mentions=["line 1", "files"])
_imp("huge-tag-list", "a million tags", """
     r = R()
     r["metadata"]["tags"] = ["t%d" % i for i in range(1_000_000)]
     return L(r)
     """, mentions=["line 1", "tags"])

# ---- lines that contradict each other ------------------------------------------------------------

_imp("duplicate-run-id-identical", "the same run twice in one file (identical lines)", """
     r = R()
     return L(r, copy.deepcopy(r))
     """, mentions=["line 2", "line 1"])
_imp("duplicate-run-id-different", "one run id on two lines with different statuses and notes", """
     a = R()
     b = copy.deepcopy(a)
     b["metadata"]["note"] = "the other copy"
     return L(a, b)
     """, mentions=["line 2", "line 1"])
_imp("run-id-already-in-store", "a run whose id the store already holds, with a different note: documented as "
     "skipped; it must be said (which id, why), never a silent no-op", """
     r = copy.deepcopy(base[0])
     r["metadata"]["note"] = "changed after export"
     return L(r)
     """, expect="import-with-stated-rewrite", mentions=["already"],
     setup="the store already holds base[0] (import the base file first, or use the store base was exported from)")

# ---- suite runs and the matrix (schema 6) --------------------------------------------------------

_imp("matrix-columns-count-differs", "two cells of one suite run disagree on how many columns it has (2 vs 3)", """
     m = MX(2, 2)
     S(m[1])["columns"] = 3
     return L(*m)
     """, mentions=["line 2", "columns"])
_imp("matrix-two-configs-one-column", "column 1 (index 0) has one configuration on line 1 and another on line 3", """
     m = MX(2, 2)
     bump_column(m[2], 5)
     return L(*m)
     """, mentions=["line 3", "column"])
_imp("matrix-two-columns-one-label", "columns 0 and 1 both labelled 'col-1'", """
     m = MX(2, 2)
     S(m[1])["column"]["label"] = "col-1"
     S(m[3])["column"]["label"] = "col-1"
     return L(*m)
     """, mentions=["line 2", "label"])
_imp("matrix-same-cell-twice", "two runs claim the same cell (item-0, column 0): both lines must be named", """
     m = MX(2, 2)
     S(m[1])["column"] = copy.deepcopy(S(m[0])["column"])
     m[1]["metadata"]["config"] = copy.deepcopy(m[0]["metadata"]["config"])
     return L(*m)
     """, mentions=["line 1", "line 2"])
_imp("suite-position-two-ids", "item position 0 claimed by item-0 and item-1", """
     m = MX(2, 1)
     S(m[1])["item"]["position"] = 0
     return L(*m)
     """, mentions=["line 2", "position"])
_imp("suite-id-two-positions", "item-0 at position 0 on line 1 and at position 1 on line 2", """
     m = MX(2, 1)
     S(m[1])["item"]["id"] = "item-0"
     return L(*m)
     """, mentions=["line 2", "item-0"])
_imp("suite-name-differs", "the suite run's name differs between its lines", """
     m = MX(2, 2)
     S(m[3])["name"] = "another name"
     return L(*m)
     """, mentions=["line 4", "name"])
_imp("suite-dataset-hash-differs", "the dataset hash differs between lines of one suite run", """
     m = MX(2, 1)
     S(m[1])["dataset_hash"] = "cd" * 32
     return L(*m)
     """, mentions=["line 2", "dataset_hash"])
_imp("suite-concurrency-differs", "concurrency 2 on one line, 8 on another", """
     m = MX(2, 1)
     S(m[1])["concurrency"] = 8
     return L(*m)
     """, mentions=["line 2", "concurrency"])
_imp("suite-created-at-differs", "the suite run's created_at differs between lines", """
     m = MX(2, 1)
     S(m[1])["created_at"] = "2020-01-01T00:00:00+00:00"
     return L(*m)
     """, mentions=["line 2", "created_at"])
_imp("suite-rubric-name-differs", "the suite run's rubric_name differs between lines", """
     m = MX(2, 1)
     S(m[1])["rubric_name"] = "some-other-rubric"
     return L(*m)
     """, mentions=["line 2", "rubric_name"])
_imp("suite-created-after-its-run", "the suite run was created a year after its item's run", """
     m = MX(1, 1)
     m[0]["metadata"]["created_at"] = "2026-01-01T00:00:00+00:00"
     m[0]["metadata"]["finished_at"] = "2026-01-01T00:05:00+00:00"
     S(m[0])["created_at"] = "2027-01-01T00:00:00+00:00"
     return L(*m)
     """, mentions=["line 1", "created_at"])
_imp("matrix-column-index-outside", "column index 5 in a suite run of 2 columns", """
     m = MX(2, 2)
     S(m[1])["column"]["index"] = 5
     S(m[3])["column"]["index"] = 5
     return L(*m)
     """, mentions=["line 2", "index"])
_imp("matrix-cell-without-column", "a 2-column suite run where one cell says column null", """
     m = MX(2, 2)
     S(m[1])["column"] = None
     return L(*m)
     """, mentions=["line 2", "column"])
_imp("one-column-suite-with-column", "a suite run of 1 column whose cell carries a column object", """
     m = MX(2, 1)
     S(m[0])["column"] = {"index": 0, "label": "only", "rubric": m[0]["inputs"]["rubric"], "rubric_name": None,
                          "rubric_version": None, "config": copy.deepcopy(m[0]["metadata"]["config"])}
     return L(*m)
     """, mentions=["line 1", "column"])
_imp("suite-position-2-pow-50", "an item at position 2**50 (inside the schema's maximum, absurd for a dataset "
     "capped at 256 MiB)", """
     m = MX(2, 1)
     S(m[1])["item"]["position"] = 2 ** 50
     return L(*m)
     """, mentions=["line 2", "position"])
_imp("matrix-item-reference-differs", "one item's reference differs between its two columns", """
     m = MX(1, 2)
     S(m[0])["item"]["reference"] = "expected A"
     S(m[1])["item"]["reference"] = "expected B"
     return L(*m)
     """, mentions=["line 2", "reference"])
_imp("matrix-item-task-differs", "one item's task (the run's task) differs between its two columns", """
     m = MX(1, 2)
     m[1]["inputs"]["task"] = m[1]["inputs"]["task"] + " (but different)"
     return L(*m)
     """, mentions=["line 2", "task"])
_imp("matrix-run-model-vs-column-model", "a cell's run used one working model while its column's configuration "
     "names another", """
     m = MX(1, 2)
     S(m[1])["column"]["config"]["model"] = "openai:gpt-4o-mini"
     return L(*m)
     """, mentions=["line 2", "model"])
_imp("matrix-column-rubric-vs-run-rubric", "a cell's run rubric differs from its column's rubric text", """
     m = MX(1, 2)
     S(m[1])["column"]["rubric"] = "- A completely different criterion\\n"
     return L(*m)
     """, mentions=["line 2", "rubric"])
_imp("matrix-column-config-cannot-run", "a column configuration with max_iterations 0 (a suite run could not run it)",
     """
     m = MX(1, 2)
     S(m[1])["column"]["config"]["max_iterations"] = 0
     return L(*m)
     """, mentions=["line 2", "max_iterations"])
_imp("matrix-column-config-unknown-key", "a column configuration with an unknown key", """
     m = MX(1, 2)
     S(m[1])["column"]["config"]["frobnicate"] = True
     return L(*m)
     """, mentions=["line 2", "frobnicate"])
_imp("matrix-nine-columns", "columns 9: a matrix has 2 to 8", """
     m = MX(1, 2)
     for r in m:
         S(r)["columns"] = 9
     return L(*m)
     """, mentions=["line 1", "columns"])
_imp("matrix-label-61-chars", "a column label of 61 characters (the schema allows 60)", """
     m = MX(1, 2)
     S(m[1])["column"]["label"] = "L" * 61
     return L(*m)
     """, mentions=["line 2", "label"])
_imp("suite-run-id-path", "a suite_run_id with a path separator", """
     m = MX(1, 1, sid="../suites/x")
     return L(*m)
     """, mentions=["line 1", "suite_run_id"])
_imp("suite-item-id-control", "an item id holding ESC [2J (clears a terminal when `suite show` prints it raw)", """
     m = MX(1, 1)
     S(m[0])["item"]["id"] = "\\u001b[2J"
     return L(*m)
     """, mentions=["line 1", "item"])
_imp("suite-already-stored-differs", "a cell of a suite run the store already holds, claiming 5 columns where the "
     "stored suite run has its own count; the store's suite run must not be silently contradicted", """
     tm = _suite_template()
     m = MX(1, 1, sid=tm.get("suite_run_id"))
     S(m[0])["columns"] = 5
     S(m[0])["column"] = {"index": 4, "label": "extra", "rubric": m[0]["inputs"]["rubric"], "rubric_name": None,
                          "rubric_version": None, "config": copy.deepcopy(m[0]["metadata"]["config"])}
     return L(*m)
     """, mentions=["line 1", "columns"],
     setup="base holds at least one suite-run record, and the store already holds that suite run")


# --------------------------------------------------------------------------------------------------
# CLI cases
# --------------------------------------------------------------------------------------------------

BIG = str(10**30)
NUL_TASK = b"Write a haiku\x00 about rain.\n"
NUL_RUBRIC = b"- Exactly three lines\n- Mentions \x00rain\n"
OK_RUBRIC = b"- Exactly three lines\n- Mentions rain\n"
EMPTY_RUBRIC = "- \n-\n- \u200b\n".encode("utf-8")
BIG_TASK = b"Write a poem about the sea. " * 12_000  # ~336 KB > 256 KiB
BIG_RUBRIC = b"".join(b"- criterion number %d is met\n" % i for i in range(4000))  # ~110 KB > 64 KiB
UTF16_TASK = "Write a haiku about rain.\n".encode("utf-16")
LATIN1_TASK = "Écris un haïku sur la pluie.\n".encode("latin-1")
OK_DATASET = b'{"id": "a", "task": "Write a haiku about rain."}\n{"id": "b", "task": "Write a haiku about snow."}\n'

_CLI: list[dict] = []


def _cli(cid, argv, why, setup="", expect=2, files=None, env=None):
    case = {"id": cid, "argv": list(argv), "setup": setup, "expect_exit": expect, "why": why}
    if files:
        case["files"] = dict(files)
    if env:
        case["env"] = dict(env)
    _CLI.append(case)


T = "{TMP}"

# ---- top level -----------------------------------------------------------------------------------
_cli("top-unknown-command", ["frobnicate"], "no such command")
_cli("top-unknown-option", ["--frobnicate", "runs"], "no such global option")

# ---- run -----------------------------------------------------------------------------------------
_cli("run-empty-task", ["run", "--task", "", "--rubric", "- Mentions rain", "--no-store"], "an empty task")
_cli("run-empty-rubric", ["run", "--task", "Write a haiku", "--rubric", "", "--no-store"], "an empty rubric")
_cli("run-rubric-only-bullets", ["run", "--task", "Write a haiku", "--rubric", "- \n-\n- \u200b", "--no-store"],
     "a rubric of only bullets and a zero-width space is empty (IMPORT.md)")
_cli("run-task-only-invisible", ["run", "--task", "\u200b\u2066\u2069 ", "--rubric", "- Mentions rain", "--no-store"],
     "a task of only invisible and bidi isolate characters has nothing to do")
_cli("run-task-and-task-file", ["run", "--task", "x", "--task-file", "{FILE_OK}", "--rubric", "- a"],
     "two sources for one task")
_cli("run-example-and-task", ["run", "--example", "haiku", "--task", "other task"],
     "an example brings its own task; a second one contradicts it")
_cli("run-task-file-dir", ["run", "--task-file", "{DIR}", "--rubric", "- a"], "the task file is a folder")
_cli("run-task-file-missing", ["run", "--task-file", "{MISSING}", "--rubric", "- a"], "the task file does not exist")
_cli("run-task-file-dangling-link", ["run", "--task-file", "{LINK}", "--rubric", "- a"],
     "the task file is a dangling symlink")
_cli("run-task-file-fifo", ["run", "--task-file", "{FIFO}", "--rubric", "- a"],
     "the task file is a named pipe: must be refused, never block reading it")
_cli("run-task-file-dev-zero", ["run", "--task-file", "/dev/zero", "--rubric", "- a"],
     "a device, endless: must be refused without reading")
_cli("run-task-file-nul", ["run", "--task-file", T + "/nul-task.md", "--rubric", "- a"], "a NUL in the task file",
     setup="{TMP}/nul-task.md holds a NUL byte", files={T + "/nul-task.md": NUL_TASK})
_cli("run-task-file-utf16", ["run", "--task-file", T + "/utf16-task.md", "--rubric", "- a"],
     "a UTF-16 task file is not UTF-8", setup="{TMP}/utf16-task.md is UTF-16 with BOM",
     files={T + "/utf16-task.md": UTF16_TASK})
_cli("run-task-file-latin1", ["run", "--task-file", T + "/latin1-task.md", "--rubric", "- a"],
     "a Latin-1 task file is not UTF-8", setup="{TMP}/latin1-task.md is Latin-1",
     files={T + "/latin1-task.md": LATIN1_TASK})
_cli("run-task-file-too-big", ["run", "--task-file", T + "/big-task.md", "--rubric", "- a"],
     "a task file over 256 KiB", setup="{TMP}/big-task.md is ~336 KB", files={T + "/big-task.md": BIG_TASK})
_cli("run-task-file-unreadable", ["run", "--task-file", T + "/unreadable.md", "--rubric", "- a"],
     "a task file the user cannot read",
     setup="{TMP}/unreadable.md exists with mode 000 (meaningless as root: skip when running as root)",
     files={T + "/unreadable.md": b"Write a haiku.\n"})
_cli("run-rubric-file-nul", ["run", "--task", "Write a haiku", "--rubric-file", T + "/nul-rubric.md"],
     "a NUL in the rubric file", setup="{TMP}/nul-rubric.md holds a NUL", files={T + "/nul-rubric.md": NUL_RUBRIC})
_cli("run-rubric-file-too-big", ["run", "--task", "Write a haiku", "--rubric-file", T + "/big-rubric.md"],
     "a rubric file over 64 KiB", setup="{TMP}/big-rubric.md is ~110 KB", files={T + "/big-rubric.md": BIG_RUBRIC})
_cli("run-rubric-file-fifo", ["run", "--task", "Write a haiku", "--rubric-file", "{FIFO}"], "a pipe as rubric file")
_cli("run-example-unknown", ["run", "--example", "nosuch"], "no such bundled example")
_cli("run-max-iterations-zero", ["run", "--example", "haiku", "--max-iterations", "0", "--no-store"],
     "max iterations must be 1 to 20")
_cli("run-max-iterations-negative", ["run", "--example", "haiku", "--max-iterations", "-1", "--no-store"],
     "a negative max iterations")
_cli("run-max-iterations-21", ["run", "--example", "haiku", "--max-iterations", "21", "--no-store"], "over 20")
_cli("run-max-iterations-huge", ["run", "--example", "haiku", "--max-iterations", BIG, "--no-store"], "10**30")
_cli("run-max-iterations-word", ["run", "--example", "haiku", "--max-iterations", "three", "--no-store"],
     "not a number")
_cli("run-max-iterations-empty", ["run", "--example", "haiku", "--max-iterations", "", "--no-store"], "empty value")
_cli("run-max-iterations-float", ["run", "--example", "haiku", "--max-iterations", "2.5", "--no-store"],
     "not a whole number")
_cli("run-grader-call-limit-zero", ["run", "--example", "haiku", "--grader-call-limit", "0", "--no-store"],
     "a grader with zero calls can never grade")
_cli("run-grader-call-limit-huge", ["run", "--example", "haiku", "--grader-call-limit", BIG, "--no-store"],
     "10**30 grader calls")
_cli("run-model-empty", ["run", "--example", "haiku", "--model", "", "--no-store"],
     "an empty model spec (never replaced by offline:writer)")
_cli("run-model-no-provider", ["run", "--example", "haiku", "--model", "offline", "--no-store"],
     "not provider:model-id")
_cli("run-model-empty-id", ["run", "--example", "haiku", "--model", "offline:", "--no-store"], "no model id")
_cli("run-model-empty-provider", ["run", "--example", "haiku", "--model", ":writer", "--no-store"], "no provider")
_cli("run-model-unknown-provider", ["run", "--example", "haiku", "--model", "nosuchprovider:x", "--no-store"],
     "an unknown provider")
_cli("run-model-bidi", ["run", "--example", "haiku", "--model", "offline:writer\u202e", "--no-store"],
     "a right-to-left override in a model spec")
_cli("run-model-control", ["run", "--example", "haiku", "--model", "offline:wri\x1b[2Jter", "--no-store"],
     "an escape sequence in a model spec")
_cli("run-model-missing-key", ["run", "--example", "haiku", "--model", "openai:gpt-4o-mini", "--no-store"],
     "no OPENAI_API_KEY: refused before anything is stored, naming the variable",
     setup="OPENAI_API_KEY unset", env={"OPENAI_API_KEY": ""})
_cli("run-grader-empty", ["run", "--example", "haiku", "--grader", "", "--no-store"], "an empty grader spec")
_cli("run-grader-tool-unknown", ["run", "--example", "haiku", "--grader-tool", "nosuch_tool", "--no-store"],
     "no such grader tool")
_cli("run-grader-tool-empty", ["run", "--example", "haiku", "--grader-tool", "", "--no-store"], "an empty tool name")
_cli("run-agent-without-project", ["run", "--example", "haiku", "--agent", "nosuch", "--no-store"],
     "no project names an agent 'nosuch'", setup="run from a folder without rubric-studio.toml")
_cli("run-project-missing", ["run", "--example", "haiku", "--project", "{MISSING}", "--no-store"],
     "the project folder does not exist")
_cli("run-project-is-file", ["run", "--example", "haiku", "--project", "{FILE_OK}", "--no-store"],
     "the project is a file, not a folder")
_cli("run-strategy-unknown", ["run", "--example", "haiku", "--strategy", "magic", "--no-store"],
     "not auto, tool or provider")
_cli("run-scheduler-empty", ["run", "--example", "haiku", "--scheduler", "", "--no-store"], "an empty scheduler address")
_cli("run-scheduler-http", ["run", "--example", "haiku", "--scheduler", "http://example.invalid", "--no-store"],
     "not tcp://HOST:PORT")
_cli("run-scheduler-bad-port", ["run", "--example", "haiku", "--scheduler", "tcp://127.0.0.1:99999", "--no-store"],
     "port out of range")
_cli("run-config-missing", ["run", "--config", "{MISSING}"], "the config file does not exist")
_cli("run-config-dir", ["run", "--config", "{DIR}"], "the config is a folder")
_cli("run-config-fifo", ["run", "--config", "{FIFO}"], "the config is a pipe")
_cli("run-config-unknown-key", ["run", "--config", T + "/unknown.toml"], "an unknown key in a config file",
     setup="{TMP}/unknown.toml holds task, rubric and bogus_key",
     files={T + "/unknown.toml": b'task = "Write a haiku"\nrubric = "- Mentions rain"\nbogus_key = 1\n'})
_cli("run-config-task-table", ["run", "--config", T + "/table.toml"], "a table where text belongs (never stringified)",
     setup="{TMP}/table.toml: [task] table", files={T + "/table.toml": b'rubric = "- a"\n[task]\ntext = "x"\n'})
_cli("run-config-invalid-toml", ["run", "--config", T + "/broken.toml"], "an unterminated TOML string",
     setup="{TMP}/broken.toml is invalid TOML", files={T + "/broken.toml": b'task = "Write\nrubric = "- a"\n'})
_cli("run-config-nul", ["run", "--config", T + "/nul.toml"], "a NUL inside the config file",
     setup="{TMP}/nul.toml holds a NUL", files={T + "/nul.toml": b'task = "Wri\x00te"\nrubric = "- a"\n'})
_cli("run-config-max-iter-string", ["run", "--config", T + "/maxit.toml"], "max_iterations as text in a config",
     setup="{TMP}/maxit.toml: max_iterations = \"3\"",
     files={T + "/maxit.toml": b'task = "Write a haiku"\nrubric = "- a"\nmax_iterations = "3"\n'})
_cli("run-config-yaml-list", ["run", "--config", T + "/list.yaml"], "a YAML list where a mapping belongs",
     setup="{TMP}/list.yaml is a YAML list", files={T + "/list.yaml": b"- task\n- rubric\n"})
_cli("run-config-wrong-extension", ["run", "--config", T + "/run.txt"], "neither .toml nor .yaml",
     setup="{TMP}/run.txt", files={T + "/run.txt": b'task = "Write a haiku"\nrubric = "- a"\n'})
_cli("run-workers-env-bad", ["run", "--example", "haiku", "--no-store"],
     "RUBRIC_STUDIO_WORKERS=-1 is refused with the fix (README)", setup="env RUBRIC_STUDIO_WORKERS=-1",
     env={"RUBRIC_STUDIO_WORKERS": "-1"})
_cli("run-workers-env-huge", ["run", "--example", "haiku", "--no-store"], "RUBRIC_STUDIO_WORKERS=10**30",
     setup="env RUBRIC_STUDIO_WORKERS=10**30", env={"RUBRIC_STUDIO_WORKERS": BIG})
_cli("runs-home-is-file", ["runs"], "RUBRIC_STUDIO_HOME names a file", setup="env RUBRIC_STUDIO_HOME={FILE_OK}",
     env={"RUBRIC_STUDIO_HOME": "{FILE_OK}"})
_cli("runs-db-url-malformed", ["runs"], "a malformed RUBRIC_STUDIO_DB_URL (the message must mask any password)",
     setup="env RUBRIC_STUDIO_DB_URL='postgresql+psycopg://u:secret@:notaport/x'",
     env={"RUBRIC_STUDIO_DB_URL": "postgresql+psycopg://u:secret@:notaport/x"})

# ---- resume --------------------------------------------------------------------------------------
_cli("resume-unknown", ["resume", "nosuchrun"], "no such run")
_cli("resume-empty", ["resume", ""], "an empty run id")
_cli("resume-percent", ["resume", "%"], "an SQL wildcard as run id")
_cli("resume-underscore", ["resume", "_"], "an SQL single-character wildcard as run id")
_cli("resume-suite-id", ["resume", "{SUITE}"], "a suite run id where a run id belongs (suite resume is the command)")
_cli("resume-finished", ["resume", "{RUN}"], "a finished run has nothing to resume")
_cli("resume-prefix-wildcard", ["resume", "{RUN_PREFIX}%"], "a prefix plus a LIKE wildcard")
_cli("resume-scheduler-bad", ["resume", "{RUN}", "--scheduler", "not-a-url"], "a bad scheduler address")
_cli("resume-project-missing", ["resume", "{RUN}", "--project", "{MISSING}"], "the project folder does not exist")

# ---- show / delete -------------------------------------------------------------------------------
_cli("show-empty", ["show", ""], "an empty run id")
_cli("show-percent", ["show", "%"], "'%' must not match a run by LIKE")
_cli("show-quad-percent", ["show", "%%%%"], "'%%%%' must not match a run by LIKE")
_cli("show-underscore", ["show", "_"], "'_' must not match a one-character id by LIKE")
_cli("show-prefix-percent", ["show", "{RUN_PREFIX}%"], "a prefix followed by '%'")
_cli("show-prefix-underscores", ["show", "{RUN_PREFIX}" + "_" * 26], "a prefix padded with '_' wildcards")
_cli("show-suite-id", ["show", "{SUITE}"], "a suite run id where a run id belongs")
_cli("show-path", ["show", "../{RUN}"], "a path separator in a run id")
_cli("show-control", ["show", "\x1b[31mred"], "an escape sequence as id (must be echoed escaped)")
_cli("show-bidi", ["show", "\u202e{RUN}"], "a right-to-left override before a real id")
_cli("show-huge-number", ["show", BIG], "a 31-digit id")
_cli("delete-percent", ["delete", "%"], "'%' must never delete every run")
_cli("delete-quad-percent", ["delete", "%%%%"], "'%%%%' must never delete anything")
_cli("delete-underscore", ["delete", "_"], "'_' must never delete a one-character id by LIKE")
_cli("delete-empty", ["delete", ""], "an empty run id")
_cli("delete-suite-id", ["delete", "{SUITE}"], "a suite run id where a run id belongs")
_cli("delete-prefix", ["delete", "{RUN_PREFIX}"],
     "a delete must name a whole run id; a prefix must not delete (irreversible)")
_cli("delete-unknown", ["delete", "nosuchrun"], "no such run")

# ---- runs ----------------------------------------------------------------------------------------
_cli("runs-limit-zero", ["runs", "--limit", "0"], "limit must be 1 or more")
_cli("runs-limit-negative", ["runs", "--limit", "-1"], "a negative limit")
_cli("runs-limit-huge", ["runs", "--limit", BIG], "10**30 past 2**63-1")
_cli("runs-limit-word", ["runs", "--limit", "ten"], "not a number")
_cli("runs-offset-negative", ["runs", "--offset", "-1"], "offset must be 0 or more")
_cli("runs-offset-huge", ["runs", "--offset", BIG], "10**30 past 2**63-1")
_cli("runs-since-month-13", ["runs", "--since", "2026-13-01"], "no month 13")
_cli("runs-since-feb-30", ["runs", "--since", "2026-02-30"], "no 30 February")
_cli("runs-since-words", ["runs", "--since", "yesterday"], "not YYYY-MM-DD")
_cli("runs-since-empty", ["runs", "--since", ""], "an empty date")
_cli("runs-until-before-since", ["runs", "--since", "2026-06-01", "--until", "2026-01-01"],
     "a window that ends before it starts")
_cli("runs-status-unknown", ["runs", "--status", "done"], "not a status")
_cli("runs-rubric-version-zero", ["runs", "--rubric-name", "{RUBRIC}", "--rubric-version", "0"], "versions count from 1")
_cli("runs-rubric-version-huge", ["runs", "--rubric-name", "{RUBRIC}", "--rubric-version", BIG], "10**30")
_cli("runs-rubric-version-missing", ["runs", "--rubric-name", "{RUBRIC}", "--rubric-version", "3"],
     "poems has versions 1 and 2 only")
_cli("runs-rubric-version-without-name", ["runs", "--rubric-version", "2"], "a version of which rubric?")
_cli("runs-id-percent", ["runs", "--id", "%"], "'%' cannot be a run id (and must not match every run)")
_cli("runs-model-empty", ["runs", "--model", ""], "an empty model spec as filter")

# ---- export --------------------------------------------------------------------------------------
_cli("export-format-unknown", ["export", "--format", "xml", "--out", T + "/x.xml"], "no such format")
_cli("export-out-dir", ["export", "--format", "jsonl", "--out", "{DIR}"], "an existing folder for a one-file format")
_cli("export-out-under-file", ["export", "--format", "jsonl", "--out", "{FILE_OK}/x.jsonl"], "a path under a file")
_cli("export-out-proc", ["export", "--format", "jsonl", "--out", "/proc/rubric.jsonl"], "/proc")
_cli("export-out-sys", ["export", "--format", "csv", "--out", "/sys/rubric.csv"], "/sys")
_cli("export-out-empty", ["export", "--format", "jsonl", "--out", ""], "an empty output path")
_cli("export-out-fifo", ["export", "--format", "jsonl", "--out", "{FIFO}"], "a pipe as output")
_cli("export-out-dangling-link", ["export", "--format", "jsonl", "--out", "{LINK}"],
     "a dangling symlink: writing would create its target elsewhere")
_cli("export-parquet-out-file", ["export", "--format", "parquet", "--out", "{FILE_OK}"],
     "parquet writes a folder; the target is a file")
_cli("export-calibration-csv-name", ["export", "--format", "calibration", "--out", T + "/cal.csv"],
     "a .csv name for a JSONL format")
_cli("export-rubric-version-missing", ["export", "--format", "jsonl", "--out", T + "/v3.jsonl",
                                       "--rubric-name", "{RUBRIC}", "--rubric-version", "3"],
     "a version that does not exist")
_cli("export-since-bad", ["export", "--format", "jsonl", "--out", T + "/s.jsonl", "--since", "2026-02-30"],
     "no 30 February")
_cli("export-id-percent", ["export", "--format", "jsonl", "--out", T + "/p.jsonl", "--id", "%"],
     "'%' as a run id must not export every run")
_cli("export-dataset-with-jsonl", ["export", "--format", "jsonl", "--out", T + "/d.jsonl", "--dataset", "x"],
     "--dataset applies to langsmith only")
_cli("export-langsmith-empty-dataset", ["export", "--format", "langsmith", "--out", T + "/ls.jsonl", "--dataset", ""],
     "an empty LangSmith dataset name")

# ---- import --------------------------------------------------------------------------------------
_cli("import-dir", ["import", "{DIR}"], "a folder (a parquet export?) is not a JSONL file")
_cli("import-missing", ["import", "{MISSING}"], "no such file")
_cli("import-dangling-link", ["import", "{LINK}"], "a dangling symlink")
_cli("import-fifo", ["import", "{FIFO}"], "a pipe: refused without blocking")
_cli("import-dev-zero", ["import", "/dev/zero"], "a device")
_cli("import-empty-path", ["import", ""], "an empty path")
_cli("import-task-file", ["import", "{FILE_OK}"], "a task file, not a run-level export")
_cli("import-csv-export", ["import", T + "/runs.csv"], "a CSV export is refused, naming what it is",
     setup="{TMP}/runs.csv is a CSV with the csv export's header",
     files={T + "/runs.csv": b"schema_version,run_id,turn,turn_number,iteration,iteration_number,position,criterion,"
                             b"passed,verdict,check,gap,result,model,grader,rubric_name,rubric_version,status,"
                             b"created_at\n6,abc,0,1,0,1,0,x,True,pass,,,satisfied,offline:writer,offline:grader,,,"
                             b"satisfied,2026-05-01T12:00:00+00:00\n"})
_cli("import-nul-file", ["import", T + "/nul.jsonl"], "raw NUL bytes", setup="{TMP}/nul.jsonl holds NULs",
     files={T + "/nul.jsonl": b'{"schema_version":6,\x00\x00}\n'})

# ---- suite run -----------------------------------------------------------------------------------
_SR = ["suite", "run", "--dataset", T + "/ds.jsonl", "--rubric-name", "{RUBRIC}"]
_DS = {T + "/ds.jsonl": OK_DATASET}
_DSW = "{TMP}/ds.jsonl is a valid 2-item dataset"
_cli("suite-run-no-dataset", ["suite", "run", "--rubric-name", "{RUBRIC}"], "neither --dataset nor --langsmith-dataset")
_cli("suite-run-two-datasets", _SR + ["--langsmith-dataset", "x"], "both a file and a LangSmith dataset",
     setup=_DSW, files=_DS)
_cli("suite-run-langsmith-no-key", ["suite", "run", "--langsmith-dataset", "x", "--rubric-name", "{RUBRIC}"],
     "LANGSMITH_API_KEY missing", setup="LANGSMITH_API_KEY unset", env={"LANGSMITH_API_KEY": ""})
_cli("suite-run-dataset-missing", ["suite", "run", "--dataset", "{MISSING}", "--rubric-name", "{RUBRIC}"],
     "no such dataset")
_cli("suite-run-dataset-dir", ["suite", "run", "--dataset", "{DIR}", "--rubric-name", "{RUBRIC}"],
     "a folder that is not a save_to_disk dataset")
_cli("suite-run-dataset-fifo", ["suite", "run", "--dataset", "{FIFO}", "--rubric-name", "{RUBRIC}"], "a pipe")
_cli("suite-run-dataset-link", ["suite", "run", "--dataset", "{LINK}", "--rubric-name", "{RUBRIC}"], "dangling link")
_cli("suite-run-dataset-empty", ["suite", "run", "--dataset", T + "/empty.jsonl", "--rubric-name", "{RUBRIC}"],
     "a dataset with no item", setup="{TMP}/empty.jsonl is empty", files={T + "/empty.jsonl": b""})
_cli("suite-run-dataset-nul", ["suite", "run", "--dataset", T + "/nul.jsonl", "--rubric-name", "{RUBRIC}"],
     "a NUL in an item's task", setup="{TMP}/nul.jsonl: a task with \\u0000",
     files={T + "/nul.jsonl": b'{"id": "a", "task": "Write\\u0000 a haiku"}\n'})
_cli("suite-run-dataset-dup-ids", ["suite", "run", "--dataset", T + "/dup.jsonl", "--rubric-name", "{RUBRIC}"],
     "two items with id 'a'", setup="{TMP}/dup.jsonl",
     files={T + "/dup.jsonl": b'{"id": "a", "task": "one"}\n{"id": "a", "task": "two"}\n'})
_cli("suite-run-dataset-id-1-and-str-1", ["suite", "run", "--dataset", T + "/ids.jsonl", "--rubric-name", "{RUBRIC}"],
     "ids 1 (number) and \"1\" (text) are the same id once stored as text",
     setup="{TMP}/ids.jsonl", files={T + "/ids.jsonl": b'{"id": 1, "task": "one"}\n{"id": "1", "task": "two"}\n'})
_cli("suite-run-dataset-no-task", ["suite", "run", "--dataset", T + "/notask.jsonl", "--rubric-name", "{RUBRIC}"],
     "an item without task", setup="{TMP}/notask.jsonl",
     files={T + "/notask.jsonl": b'{"id": "a", "prompt": "one"}\n'})
_cli("suite-run-dataset-csv-two-task", ["suite", "run", "--dataset", T + "/two.csv", "--rubric-name", "{RUBRIC}"],
     "a CSV with two task columns", setup="{TMP}/two.csv", files={T + "/two.csv": b"id,task,task\n1,a,b\n"})
_cli("suite-run-dataset-csv-extra-cell", ["suite", "run", "--dataset", T + "/extra.csv", "--rubric-name", "{RUBRIC}"],
     "a CSV row with more cells than the header", setup="{TMP}/extra.csv",
     files={T + "/extra.csv": b"id,task\n1,a,b\n"})
_cli("suite-run-dataset-txt", ["suite", "run", "--dataset", T + "/ds.txt", "--rubric-name", "{RUBRIC}"],
     "an extension no dataset format has", setup="{TMP}/ds.txt", files={T + "/ds.txt": OK_DATASET})
_cli("suite-run-rubric-version-missing", _SR + ["--rubric-version", "3"], "poems has no version 3",
     setup=_DSW, files=_DS)
_cli("suite-run-rubric-version-zero", _SR + ["--rubric-version", "0"], "version 0", setup=_DSW, files=_DS)
_cli("suite-run-rubric-version-huge", _SR + ["--rubric-version", BIG], "10**30", setup=_DSW, files=_DS)
_cli("suite-run-rubric-name-unknown", ["suite", "run", "--dataset", T + "/ds.jsonl", "--rubric-name", "nosuch"],
     "no such library rubric and no --rubric-file", setup=_DSW, files=_DS)
_cli("suite-run-rubric-version-no-name", ["suite", "run", "--dataset", T + "/ds.jsonl", "--rubric-version", "1"],
     "a version without a rubric", setup=_DSW, files=_DS)
_cli("suite-run-require-fitness-bogus", _SR + ["--require-fitness", "perfect"], "not a fitness level",
     setup=_DSW, files=_DS)
_cli("suite-run-concurrency-zero", _SR + ["--concurrency", "0"], "1 to 64", setup=_DSW, files=_DS)
_cli("suite-run-concurrency-65", _SR + ["--concurrency", "65"], "1 to 64", setup=_DSW, files=_DS)
_cli("suite-run-concurrency-huge", _SR + ["--concurrency", BIG], "10**30", setup=_DSW, files=_DS)
_cli("suite-run-max-iterations-zero", _SR + ["--max-iterations", "0"], "1 to 20", setup=_DSW, files=_DS)
_cli("suite-run-models-differ-in-case", _SR + ["--model", "offline:writer", "--model", "OFFLINE:WRITER"],
     "two columns whose model specs differ only in case: one configuration twice", setup=_DSW, files=_DS)
_cli("suite-run-model-empty-in-matrix", _SR + ["--model", "", "--model", "offline:writer"],
     "an empty model spec among the columns", setup=_DSW, files=_DS)
_cli("suite-run-nine-models", _SR + sum((["--model", "offline:writer?latency=0.%d" % i] for i in range(9)), []),
     "9 columns; a matrix has 2 to 8", setup=_DSW, files=_DS)
_cli("suite-run-model-grader-counts", _SR + ["--model", "offline:writer", "--model", "offline:writer?latency=0.1",
                                             "--model", "offline:writer?latency=0.2",
                                             "--grader", "offline:grader", "--grader", "offline:grader?latency=0.1"],
     "3 --model and 2 --grader: which grader is column 3's?", setup=_DSW, files=_DS)
_cli("suite-run-baseline-outside", _SR + ["--model", "offline:writer", "--model", "offline:writer?latency=0.1",
                                          "--baseline", "3"],
     "baseline column 3 in a 2-column matrix", setup=_DSW, files=_DS)
_cli("suite-run-baseline-zero", _SR + ["--model", "offline:writer", "--model", "offline:writer?latency=0.1",
                                       "--baseline", "0"], "columns count from 1", setup=_DSW, files=_DS)
_cli("suite-run-baseline-one-column", _SR + ["--baseline", "1"], "a baseline without a matrix", setup=_DSW, files=_DS)
_cli("suite-run-min-pass-rate-1.5", _SR + ["--min-pass-rate", "1.5"], "a rate above 1", setup=_DSW, files=_DS)
_cli("suite-run-min-pass-rate-negative", _SR + ["--min-pass-rate", "-0.1"], "a negative rate", setup=_DSW, files=_DS)
_cli("suite-run-min-pass-rate-nan", _SR + ["--min-pass-rate", "nan"], "NaN compares false to everything",
     setup=_DSW, files=_DS)
_cli("suite-run-min-criterion-inf", _SR + ["--min-criterion-pass-rate", "inf"], "infinity", setup=_DSW, files=_DS)
_cli("suite-run-name-empty", _SR + ["--name", ""], "an empty suite run name", setup=_DSW, files=_DS)
_cli("suite-run-name-control", _SR + ["--name", "\x1b[2Jcleared"], "an escape sequence in the name",
     setup=_DSW, files=_DS)
_cli("suite-run-name-huge", _SR + ["--name", "n" * 100_000], "a 100 000-character name", setup=_DSW, files=_DS)
_cli("suite-run-agent-unknown", _SR + ["--agent", "nosuch"], "no project names this agent", setup=_DSW, files=_DS)
_cli("suite-run-config-nine-columns", _SR + ["--config", T + "/nine.toml"], "9 [[columns]] tables",
     setup=_DSW + "; {TMP}/nine.toml holds nine [[columns]]",
     files=dict(_DS, **{T + "/nine.toml": b"".join(b'[[columns]]\nlabel = "c%d"\n' % i for i in range(9))}))
_cli("suite-run-config-dup-labels", _SR + ["--config", T + "/labels.toml"], "two columns with one label",
     setup=_DSW + "; {TMP}/labels.toml",
     files=dict(_DS, **{T + "/labels.toml": b'[[columns]]\nlabel = "A"\nmax_iterations = 1\n\n'
                                            b'[[columns]]\nlabel = "A"\nmax_iterations = 2\n'}))
_cli("suite-run-config-column-version-missing", _SR + ["--config", T + "/cv.toml"],
     "a column on rubric_version 7 of a rubric with 2 versions", setup=_DSW + "; {TMP}/cv.toml",
     files=dict(_DS, **{T + "/cv.toml": b'[[columns]]\nrubric_version = 1\n\n[[columns]]\nrubric_version = 7\n'}))
_cli("suite-run-config-one-column", _SR + ["--config", T + "/one.toml"], "one [[columns]] table: a matrix has 2 to 8",
     setup=_DSW + "; {TMP}/one.toml", files=dict(_DS, **{T + "/one.toml": b'[[columns]]\nlabel = "only"\n'}))
_cli("suite-run-config-columns-and-models", _SR + ["--config", T + "/two.toml", "--model", "offline:writer",
                                                   "--model", "offline:writer?latency=0.1",
                                                   "--model", "offline:writer?latency=0.2"],
     "[[columns]] make 2 columns, repeated --model makes 3: two matrices at once",
     setup=_DSW + "; {TMP}/two.toml", files=dict(_DS, **{T + "/two.toml": b'[[columns]]\nmax_iterations = 1\n\n'
                                                                          b'[[columns]]\nmax_iterations = 2\n'}))

# ---- suite list / show / compare / resume / judges / export --------------------------------------
_cli("suite-list-limit-zero", ["suite", "list", "--limit", "0"], "1 or more")
_cli("suite-list-limit-negative", ["suite", "list", "--limit", "-5"], "negative")
_cli("suite-list-limit-huge", ["suite", "list", "--limit", BIG], "10**30")
_cli("suite-show-percent", ["suite", "show", "%"], "a wildcard as suite id")
_cli("suite-show-run-id", ["suite", "show", "{RUN}"], "a run id where a suite run id belongs")
_cli("suite-show-unknown", ["suite", "show", "nosuchsuite"], "no such suite run")
_cli("suite-show-baseline-outside", ["suite", "show", "{MATRIX}", "--baseline", "3"], "column 3 of 2")
_cli("suite-show-baseline-zero", ["suite", "show", "{MATRIX}", "--baseline", "0"], "columns count from 1")
_cli("suite-show-baseline-negative", ["suite", "show", "{MATRIX}", "--baseline", "-1"], "negative column")
_cli("suite-show-baseline-one-column", ["suite", "show", "{SUITE}", "--baseline", "2"],
     "a baseline column 2 in a one-column suite run")
_cli("suite-show-min-pass-rate-2", ["suite", "show", "{SUITE}", "--min-pass-rate", "2"], "a rate above 1")
_cli("suite-show-min-pass-rate-word", ["suite", "show", "{SUITE}", "--min-pass-rate", "half"], "not a number")
_cli("suite-compare-run-id", ["suite", "compare", "{SUITE}", "{RUN}"], "a run id as the second suite")
_cli("suite-compare-percent", ["suite", "compare", "{SUITE}", "%"], "a wildcard as suite id")
_cli("suite-compare-unknown", ["suite", "compare", "nosuch", "{SUITE}"], "no such suite run")
_cli("suite-compare-baseline-outside", ["suite", "compare", "{MATRIX}", "{MATRIX}", "--baseline", "9"],
     "baseline column 9 of 2")
_cli("suite-resume-run-id", ["suite", "resume", "{RUN}"], "a run id where a suite run id belongs")
_cli("suite-resume-column-outside", ["suite", "resume", "{MATRIX}", "--column", "3"], "column 3 of 2")
_cli("suite-resume-column-zero", ["suite", "resume", "{MATRIX}", "--column", "0"], "columns count from 1")
_cli("suite-resume-concurrency-zero", ["suite", "resume", "{SUITE}", "--concurrency", "0"], "1 to 64")
_cli("suite-resume-concurrency-huge", ["suite", "resume", "{SUITE}", "--concurrency", BIG], "10**30")
_cli("suite-resume-percent", ["suite", "resume", "%"], "a wildcard as suite id")
_cli("suite-judges-no-grader", ["suite", "judges", "{MATRIX}", "--column", "1"], "--grader is required")
_cli("suite-judges-grader-empty", ["suite", "judges", "{MATRIX}", "--column", "1", "--grader", ""], "an empty spec")
_cli("suite-judges-column-outside", ["suite", "judges", "{MATRIX}", "--column", "3", "--grader", "offline:grader"],
     "column 3 of 2")
_cli("suite-judges-column-zero", ["suite", "judges", "{MATRIX}", "--column", "0", "--grader", "offline:grader"],
     "columns count from 1")
_cli("suite-judges-five-graders", ["suite", "judges", "{MATRIX}", "--column", "1"]
     + sum((["--grader", "offline:grader?latency=0.%d" % i] for i in range(5)), []), "up to 4 graders")
_cli("suite-judges-graders-differ-in-case", ["suite", "judges", "{MATRIX}", "--column", "1", "--grader",
                                            "offline:grader", "--grader", "Offline:Grader"],
     "one grader twice, differing only in case")
_cli("suite-judges-run-id", ["suite", "judges", "{RUN}", "--grader", "offline:grader"], "a run id as suite id")
_cli("suite-export-run-id", ["suite", "export", "{RUN}", "--format", "jsonl", "--out", T + "/se.jsonl"],
     "a run id where a suite run id belongs")
_cli("suite-export-out-dir", ["suite", "export", "{SUITE}", "--format", "jsonl", "--out", "{DIR}"],
     "a folder for a one-file format")
_cli("suite-export-parquet-file", ["suite", "export", "{SUITE}", "--format", "parquet", "--out", "{FILE_OK}"],
     "a file for parquet")
_cli("suite-export-percent", ["suite", "export", "%", "--format", "jsonl", "--out", T + "/sp.jsonl"],
     "a wildcard as suite id")

# ---- review --------------------------------------------------------------------------------------
_RV = ["review", "{RUN}", "--criterion", "{CRITERION}", "--verdict", "fail", "--reason", "too long",
       "--reviewer", "ann"]
_RVS = "{CRITERION} is a criterion name of {RUN}'s last pass"
_cli("review-iteration-zero", _RV + ["--iteration", "0"], "iterations count from 1 here", setup=_RVS)
_cli("review-iteration-negative", _RV + ["--iteration", "-1"], "negative", setup=_RVS)
_cli("review-iteration-huge", _RV + ["--iteration", BIG], "10**30", setup=_RVS)
_cli("review-iteration-missing", _RV + ["--iteration", "99"], "the run has no 99th draft", setup=_RVS)
_cli("review-turn-zero", _RV + ["--iteration", "1", "--turn", "0"], "turns count from 1", setup=_RVS)
_cli("review-turn-missing", _RV + ["--iteration", "1", "--turn", "5"], "no turn 5", setup=_RVS)
_cli("review-criterion-unknown", ["review", "{RUN}", "--iteration", "1", "--criterion", "No such criterion",
                                  "--verdict", "fail", "--reason", "x", "--reviewer", "ann"], "no such criterion")
_cli("review-criterion-empty", ["review", "{RUN}", "--iteration", "1", "--criterion", "", "--verdict", "fail",
                                "--reason", "x", "--reviewer", "ann"], "an empty criterion")
_cli("review-verdict-na", ["review", "{RUN}", "--iteration", "1", "--criterion", "{CRITERION}", "--verdict", "n/a",
                           "--reason", "x", "--reviewer", "ann"], "a human verdict is pass or fail", setup=_RVS)
_cli("review-verdict-empty", ["review", "{RUN}", "--iteration", "1", "--criterion", "{CRITERION}", "--verdict", "",
                              "--reason", "x", "--reviewer", "ann"], "an empty verdict", setup=_RVS)
_cli("review-reviewer-empty", ["review", "{RUN}", "--iteration", "1", "--criterion", "{CRITERION}", "--verdict",
                               "fail", "--reason", "x", "--reviewer", ""], "no reviewer", setup=_RVS)
_cli("review-reviewer-newline", ["review", "{RUN}", "--iteration", "1", "--criterion", "{CRITERION}", "--verdict",
                                 "fail", "--reason", "x", "--reviewer", "ann\nbob"], "a line break in a name",
     setup=_RVS)
_cli("review-reviewer-invisible", ["review", "{RUN}", "--iteration", "1", "--criterion", "{CRITERION}", "--verdict",
                                   "fail", "--reason", "x", "--reviewer", "\u200b \u2060"], "nothing visible",
     setup=_RVS)
_cli("review-reviewer-escape", ["review", "{RUN}", "--iteration", "1", "--criterion", "{CRITERION}", "--verdict",
                                "fail", "--reason", "x", "--reviewer", "\x1b[31mann"], "an escape sequence",
     setup=_RVS)
_cli("review-reviewer-bidi", ["review", "{RUN}", "--iteration", "1", "--criterion", "{CRITERION}", "--verdict",
                              "fail", "--reason", "x", "--reviewer", "\u202enna"], "a right-to-left override",
     setup=_RVS)
_cli("review-reason-escape", ["review", "{RUN}", "--iteration", "1", "--criterion", "{CRITERION}", "--verdict",
                              "fail", "--reason", "\x1b[2J", "--reviewer", "ann"], "a reason of only an escape",
     setup=_RVS)
_cli("review-run-percent", ["review", "%", "--iteration", "1", "--criterion", "x", "--verdict", "fail",
                            "--reason", "x", "--reviewer", "ann"], "a wildcard as run id")
_cli("review-suite-id", ["review", "{SUITE}", "--iteration", "1", "--criterion", "x", "--verdict", "fail",
                         "--reason", "x", "--reviewer", "ann"], "a suite run id as run id")

# ---- agreement -----------------------------------------------------------------------------------
_cli("agreement-no-selector", ["agreement"], "one of --run, --suite, --rubric-name, --grader is required")
_cli("agreement-two-selectors", ["agreement", "--run", "{RUN}", "--suite", "{SUITE}"], "mutually exclusive")
_cli("agreement-run-percent", ["agreement", "--run", "%"], "a wildcard as run id")
_cli("agreement-run-unknown", ["agreement", "--run", "nosuchrun"], "no such run")
_cli("agreement-suite-is-run", ["agreement", "--suite", "{RUN}"], "a run id as suite id")
_cli("agreement-rubric-unknown", ["agreement", "--rubric-name", "nosuch"], "no such rubric")
_cli("agreement-grader-empty", ["agreement", "--grader", ""], "an empty grader spec")

# ---- regrade -------------------------------------------------------------------------------------
_cli("regrade-nothing", ["regrade"], "neither a run id nor --suite")
_cli("regrade-run-and-suite", ["regrade", "{RUN}", "--suite", "{SUITE}"], "both a run and a suite")
_cli("regrade-repeat-zero", ["regrade", "{RUN}", "--repeat", "0"], "1 to 20")
_cli("regrade-repeat-21", ["regrade", "{RUN}", "--repeat", "21"], "1 to 20")
_cli("regrade-repeat-negative", ["regrade", "{RUN}", "--repeat", "-3"], "negative")
_cli("regrade-repeat-huge", ["regrade", "{RUN}", "--repeat", BIG], "10**30")
_cli("regrade-iteration-without-repeat", ["regrade", "{RUN}", "--iteration", "1"], "--iteration needs --repeat")
_cli("regrade-iteration-zero", ["regrade", "{RUN}", "--repeat", "2", "--iteration", "0"], "drafts count from 1")
_cli("regrade-iteration-missing", ["regrade", "{RUN}", "--repeat", "2", "--iteration", "99"], "no 99th draft")
_cli("regrade-rubric-file-dir", ["regrade", "{RUN}", "--rubric-file", "{DIR}"], "a folder")
_cli("regrade-rubric-file-missing", ["regrade", "{RUN}", "--rubric-file", "{MISSING}"], "no such file")
_cli("regrade-rubric-file-fifo", ["regrade", "{RUN}", "--rubric-file", "{FIFO}"], "a pipe")
_cli("regrade-rubric-file-empty-rubric", ["regrade", "{RUN}", "--rubric-file", T + "/empty-rubric.md"],
     "only bullets and a zero-width space", setup="{TMP}/empty-rubric.md",
     files={T + "/empty-rubric.md": EMPTY_RUBRIC})
_cli("regrade-rubric-file-nul", ["regrade", "{RUN}", "--rubric-file", T + "/nul-rubric.md"], "a NUL in the rubric",
     setup="{TMP}/nul-rubric.md", files={T + "/nul-rubric.md": NUL_RUBRIC})
_cli("regrade-grader-empty", ["regrade", "{RUN}", "--grader", ""], "an empty grader spec")
_cli("regrade-suite-is-run", ["regrade", "--suite", "{RUN}"], "a run id as suite id")
_cli("regrade-suite-as-run", ["regrade", "{SUITE}"], "a suite run id as run id")
_cli("regrade-run-percent", ["regrade", "%"], "a wildcard as run id")

# ---- rubric draft / doctor / prove / accept / fitness --------------------------------------------
_cli("rubric-no-subcommand-bogus", ["rubric", "frobnicate"], "no such subcommand")
_cli("rubric-draft-no-task", ["rubric", "draft"], "--task-file is required")
_cli("rubric-draft-task-dir", ["rubric", "draft", "--task-file", "{DIR}"], "a folder")
_cli("rubric-draft-task-missing", ["rubric", "draft", "--task-file", "{MISSING}"], "no such file")
_cli("rubric-draft-task-link", ["rubric", "draft", "--task-file", "{LINK}"], "a dangling link")
_cli("rubric-draft-task-fifo", ["rubric", "draft", "--task-file", "{FIFO}"], "a pipe")
_cli("rubric-draft-task-nul", ["rubric", "draft", "--task-file", T + "/nul-task.md"], "a NUL in the task",
     setup="{TMP}/nul-task.md", files={T + "/nul-task.md": NUL_TASK})
_cli("rubric-draft-task-empty", ["rubric", "draft", "--task-file", T + "/empty-task.md"], "an empty task file",
     setup="{TMP}/empty-task.md is empty", files={T + "/empty-task.md": b""})
_cli("rubric-draft-task-utf16", ["rubric", "draft", "--task-file", T + "/utf16-task.md"], "not UTF-8",
     setup="{TMP}/utf16-task.md", files={T + "/utf16-task.md": UTF16_TASK})
_cli("rubric-draft-model-empty", ["rubric", "draft", "--task-file", "{FILE_OK}", "--model", ""], "an empty spec")
_cli("rubric-draft-model-unknown", ["rubric", "draft", "--task-file", "{FILE_OK}", "--model", "nosuch:x"],
     "an unknown provider")
_cli("rubric-draft-note-control", ["rubric", "draft", "--task-file", "{FILE_OK}", "--note", "\x1b[2J\x07"],
     "a note of only control characters")
_cli("rubric-doctor-unknown", ["rubric", "doctor", "nosuch"], "no such library rubric")
_cli("rubric-doctor-empty-name", ["rubric", "doctor", ""], "an empty name")
_cli("rubric-doctor-percent", ["rubric", "doctor", "%"], "a wildcard as rubric name")
_cli("rubric-doctor-version-missing", ["rubric", "doctor", "{RUBRIC}", "--version", "3"], "no version 3")
_cli("rubric-doctor-version-zero", ["rubric", "doctor", "{RUBRIC}", "--version", "0"], "versions count from 1")
_cli("rubric-doctor-version-negative", ["rubric", "doctor", "{RUBRIC}", "--version", "-1"], "negative")
_cli("rubric-doctor-version-huge", ["rubric", "doctor", "{RUBRIC}", "--version", BIG], "10**30")
_cli("rubric-doctor-seed-huge", ["rubric", "doctor", "{RUBRIC}", "--seed", BIG], "a seed past 2**63-1")
_cli("rubric-doctor-seed-word", ["rubric", "doctor", "{RUBRIC}", "--seed", "lucky"], "not a number")
_cli("rubric-doctor-model-empty", ["rubric", "doctor", "{RUBRIC}", "--model", ""], "an empty spec")
_cli("rubric-prove-unknown-proposal", ["rubric", "prove", "{RUBRIC}", "--proposal", "ffffffffffff"],
     "no such proposal")
_cli("rubric-prove-proposal-percent", ["rubric", "prove", "{RUBRIC}", "--proposal", "%"],
     "'%' as a proposal start must not match every proposal")
_cli("rubric-prove-proposal-underscore", ["rubric", "prove", "{RUBRIC}", "--proposal", "_"],
     "'_' as a proposal start")
_cli("rubric-prove-proposal-empty", ["rubric", "prove", "{RUBRIC}", "--proposal", ""],
     "an empty start would match every proposal")
_cli("rubric-prove-other-rubric", ["rubric", "prove", "{OTHER_RUBRIC}", "--proposal", "{PROPOSAL}"],
     "a proposal of poems proved against lib2")
_cli("rubric-prove-grader-empty", ["rubric", "prove", "{RUBRIC}", "--proposal", "{PROPOSAL}", "--grader", ""],
     "an empty grader spec")
_cli("rubric-accept-other-rubric", ["rubric", "accept", "{OTHER_RUBRIC}", "--proposal", "{PROPOSAL}", "--anyway"],
     "another rubric's proposal: would write poems' edit as lib2's next version")
_cli("rubric-accept-stale-proposal", ["rubric", "accept", "{RUBRIC}", "--proposal", "{PROPOSAL}", "--anyway"],
     "the proposal was built on version 1; poems is at version 2: accepting would silently undo version 2")
_cli("rubric-accept-proposal-percent", ["rubric", "accept", "{RUBRIC}", "--proposal", "%", "--anyway"],
     "a wildcard as proposal id")
_cli("rubric-accept-unknown-rubric", ["rubric", "accept", "nosuch", "--proposal", "{PROPOSAL}"], "no such rubric")
_cli("rubric-fitness-unknown", ["rubric", "fitness", "nosuch"], "no such rubric")
_cli("rubric-fitness-version-missing", ["rubric", "fitness", "{RUBRIC}", "--version", "3"], "no version 3")
_cli("rubric-fitness-version-zero", ["rubric", "fitness", "{RUBRIC}", "--version", "0"], "versions count from 1")
_cli("rubric-fitness-percent", ["rubric", "fitness", "%"], "a wildcard as rubric name")

# ---- examples / ui -------------------------------------------------------------------------------
_cli("examples-copy-unknown", ["examples", "--copy", "nosuch", T + "/new"], "no such example project")
_cli("examples-copy-existing-dir", ["examples", "--copy", "fixer", "{DIR}"], "DIR must be a new folder")
_cli("examples-copy-onto-file", ["examples", "--copy", "fixer", "{FILE_OK}"], "the target is a file")
_cli("examples-copy-empty-target", ["examples", "--copy", "fixer", ""], "an empty target")
_cli("examples-copy-dangling-link", ["examples", "--copy", "fixer", "{LINK}"], "a dangling link as target")
_cli("examples-copy-one-arg", ["examples", "--copy", "fixer"], "--copy takes NAME and DIR")
_cli("ui-port-negative", ["ui", "--port", "-1"], "a negative port (valid usage would start a server: use a timeout)")
_cli("ui-port-70000", ["ui", "--port", "70000"], "port out of range (use a timeout)")
_cli("ui-port-huge", ["ui", "--port", BIG], "10**30 (use a timeout)")
_cli("ui-port-word", ["ui", "--port", "http"], "not a number (use a timeout)")
_cli("ui-project-missing", ["ui", "--project", "{MISSING}"], "no such project folder (use a timeout)")

# ---- more options, so every flag of every --help page has at least one bad value ----------------
_cli("top-debug-bad-id", ["--debug", "show", "%"], "--debug prints tracebacks of real failures; bad input is "
     "still one error line and exit 2")
_cli("run-grader-call-limit-negative", ["run", "--example", "haiku", "--grader-call-limit", "-5", "--no-store"],
     "a negative call limit")
_cli("run-rubric-and-rubric-file", ["run", "--task", "Write a haiku", "--rubric", "- a", "--rubric-file",
                                    T + "/ok-rubric.md"], "two sources for one rubric",
     setup="{TMP}/ok-rubric.md is a valid rubric", files={T + "/ok-rubric.md": OK_RUBRIC})
_cli("run-jsonl-bad-model", ["run", "--example", "haiku", "--jsonl", "--no-store", "--model", "offline"],
     "with --jsonl, bad input is still exit 2 (one error, no half-written event stream)")
_cli("runs-tag-empty", ["runs", "--tag", ""], "an empty tag is no tag")
_cli("runs-agent-bad-name", ["runs", "--agent", "bad name!"], "not an agent name (^[A-Za-z][A-Za-z0-9_-]{0,63}$)")
_cli("runs-until-malformed", ["runs", "--until", "2026/01/01"], "not YYYY-MM-DD")
_cli("export-all-pairs-with-csv", ["export", "--format", "csv", "--out", T + "/ap.csv", "--all-pairs"],
     "--all-pairs belongs to the pairs format")
_cli("export-status-unknown", ["export", "--format", "jsonl", "--out", T + "/st.jsonl", "--status", "done"],
     "not a status")
_cli("export-model-empty", ["export", "--format", "jsonl", "--out", T + "/m.jsonl", "--model", ""],
     "an empty model spec as filter")
_cli("export-until-malformed", ["export", "--format", "jsonl", "--out", T + "/u.jsonl", "--until", "tomorrow"],
     "not YYYY-MM-DD")
_cli("export-agent-bad-name", ["export", "--format", "jsonl", "--out", T + "/a.jsonl", "--agent", "../x"],
     "not an agent name")
_cli("export-tag-empty", ["export", "--format", "jsonl", "--out", T + "/t.jsonl", "--tag", ""], "an empty tag")
_cli("export-rubric-version-no-name", ["export", "--format", "jsonl", "--out", T + "/rv.jsonl",
                                       "--rubric-version", "2"], "a version of which rubric?")
_cli("suite-run-rubric-file-dir", ["suite", "run", "--dataset", T + "/ds.jsonl", "--rubric-file", "{DIR}"],
     "the rubric file is a folder", setup=_DSW, files=_DS)
_cli("suite-run-rubric-file-nul", ["suite", "run", "--dataset", T + "/ds.jsonl", "--rubric-file",
                                   T + "/nul-rubric.md", "--rubric-name", "bi-new"], "a NUL in the rubric file",
     setup=_DSW + "; {TMP}/nul-rubric.md", files=dict(_DS, **{T + "/nul-rubric.md": NUL_RUBRIC}))
_cli("suite-run-rubric-file-and-version", _SR + ["--rubric-file", T + "/ok-rubric.md", "--rubric-version", "1"],
     "a rubric file and a library version: which rubric?", setup=_DSW + "; {TMP}/ok-rubric.md",
     files=dict(_DS, **{T + "/ok-rubric.md": OK_RUBRIC}))
_cli("suite-run-grader-empty", _SR + ["--grader", ""], "an empty grader spec", setup=_DSW, files=_DS)
_cli("suite-run-graders-differ-in-case", _SR + ["--grader", "offline:grader", "--grader", "OFFLINE:grader"],
     "two grader columns differing only in case", setup=_DSW, files=_DS)
_cli("suite-run-grader-tool-unknown", _SR + ["--grader-tool", "nosuch_tool"], "no such grader tool",
     setup=_DSW, files=_DS)
_cli("suite-run-project-missing", _SR + ["--project", "{MISSING}"], "no such project folder", setup=_DSW, files=_DS)
_cli("suite-run-strategy-bogus", _SR + ["--strategy", "magic"], "not auto, tool or provider", setup=_DSW, files=_DS)
_cli("suite-run-grader-call-limit-zero", _SR + ["--grader-call-limit", "0"], "zero grader calls",
     setup=_DSW, files=_DS)
_cli("suite-run-scheduler-bad", _SR + ["--scheduler", "tcp://"], "no host, no port", setup=_DSW, files=_DS)
_cli("suite-run-agents-built-in-twice", _SR + ["--agent", "built-in", "--agent", "BUILT-IN"],
     "the built-in agent twice (case differs): one configuration twice", setup=_DSW, files=_DS)
_cli("suite-show-min-criterion-negative", ["suite", "show", "{SUITE}", "--min-criterion-pass-rate", "-1"],
     "a negative rate")
_cli("suite-resume-min-pass-rate-5", ["suite", "resume", "{SUITE}", "--min-pass-rate", "5"], "a rate above 1")
_cli("suite-resume-baseline-outside", ["suite", "resume", "{MATRIX}", "--baseline", "3"], "column 3 of 2")
_cli("suite-resume-project-missing", ["suite", "resume", "{SUITE}", "--project", "{MISSING}"],
     "no such project folder")
_cli("suite-resume-scheduler-bad", ["suite", "resume", "{SUITE}", "--scheduler", "udp://x:1"], "not tcp://")
_cli("suite-resume-column-on-one-column", ["suite", "resume", "{SUITE}", "--column", "2"],
     "column 2 of a one-column suite run")
_cli("suite-export-dataset-with-jsonl", ["suite", "export", "{SUITE}", "--format", "jsonl", "--out",
                                         T + "/sd.jsonl", "--dataset", "x"], "--dataset is for langsmith")
_cli("suite-compare-matrix-vs-suite-baseline", ["suite", "compare", "{SUITE}", "{MATRIX}", "--baseline", "2"],
     "a baseline column 2 where the first suite run has one column")
_cli("rubric-doctor-seed-negative", ["rubric", "doctor", "{RUBRIC}", "--seed", "-1"], "a negative seed")
_cli("rubric-draft-note-huge", ["rubric", "draft", "--task-file", "{FILE_OK}", "--note", "n" * 100_000],
     "a 100 000-character note")
_cli("rubric-fitness-version-huge", ["rubric", "fitness", "{RUBRIC}", "--version", BIG], "10**30")
_cli("rubric-prove-other-kind-id", ["rubric", "prove", "{RUBRIC}", "--proposal", "{RUN}"],
     "a run id where a proposal id belongs")

CLI_CASES: list[dict] = _CLI


# --------------------------------------------------------------------------------------------------
# Helpers for a harness
# --------------------------------------------------------------------------------------------------

def build_import_file(case: dict, base: list[dict]) -> bytes:
    """The bytes of an import case's file (`raw`, or `make` run on a deep copy of `base`)."""
    if "raw" in case:
        raw = case["raw"]
        return raw.encode("utf-8") if isinstance(raw, str) else raw
    ns: dict = {}
    src = case["make"]
    if src.lstrip().startswith("def "):
        exec(src, ns)
        out = ns["make"](copy.deepcopy(base))
    else:
        out = eval(src, {"base": copy.deepcopy(base), "json": json, "copy": copy})
    return out.encode("utf-8") if isinstance(out, str) else out


def _check() -> None:
    for cases in (IMPORT_CASES, CLI_CASES):
        ids = [c["id"] for c in cases]
        dup = {i for i in ids if ids.count(i) > 1}
        assert not dup, dup
    for c in IMPORT_CASES:
        assert c["expect"] in ("refuse", "import-with-stated-rewrite"), c["id"]
        assert 1 <= len(c["message_mentions"]) <= 3, c["id"]
        assert all(w == w.lower() for w in c["message_mentions"]), c["id"]
        if "make" in c:
            compile(c["make"], c["id"], "exec")
    for c in CLI_CASES:
        assert all(isinstance(a, str) and "\x00" not in a for a in c["argv"]), c["id"]


_check()
