"""SQL clauses a check can read off a query: "Includes a LIMIT clause", "Uses a LEFT JOIN", `HAVING COUNT(*) > 5`,
"Orders by revenue in descending order", "Limits the output to 10 rows", "Selects from the orders table".

The query is the draft's fenced SQL block (or a fenced block, or the whole draft, that opens with SELECT or
WITH), its comments left out: a comment saying "include a LIMIT clause" holds no clause. Keywords match in any
case and spacing (`COUNT(*)>5` is `COUNT(*) > 5`); a keyword in prose is not SQL. A criterion names a keyword
in capitals ("LIMIT 20") or calls it a clause or SQL ("a limit clause").
"""

from __future__ import annotations

import re

from rubric_core.checks.spec import CheckPlan, CheckSpec
from rubric_core.checks.text import CheckResult

KEYWORDS = (
    "LEFT OUTER JOIN",
    "RIGHT OUTER JOIN",
    "FULL OUTER JOIN",
    "INNER JOIN",
    "LEFT JOIN",
    "RIGHT JOIN",
    "FULL JOIN",
    "CROSS JOIN",
    "JOIN",
    "GROUP BY",
    "ORDER BY",
    "PARTITION BY",
    "UNION ALL",
    "UNION",
    "HAVING",
    "LIMIT",
    "OFFSET",
    "WHERE",
    "DISTINCT",
    "SELECT",
    "FROM",
    "WITH",
    "CASE",
    "COALESCE",
    "OVER",
    "EXISTS",
    "BETWEEN",
    "LIKE",
    "IS NULL",
    "IS NOT NULL",
    "COUNT",
    "SUM",
    "AVG",
    "MIN",
    "MAX",
    "RETURNING",
)
_KEYWORD = "|".join(k.replace(" ", r"\s+") for k in KEYWORDS)
_FENCE = re.compile(r"```(\w*)[ \t]*\n(.*?)```", re.DOTALL)
_STARTS_SQL = re.compile(r"^\s*(?:SELECT|WITH|INSERT|UPDATE|DELETE|CREATE)\b", re.IGNORECASE)
_TOKEN = re.compile(r"\w+|<=|>=|<>|!=|[^\s\w]")


def sql_of(text: str) -> str:
    """The draft's SQL without its comments, or '' when it has none."""
    blocks = [body for lang, body in _FENCE.findall(text) if lang.lower() in ("sql", "postgresql", "mysql", "sqlite")]
    blocks = blocks or [body for _, body in _FENCE.findall(text) if _STARTS_SQL.match(_uncomment(body))]
    if not blocks and _STARTS_SQL.match(_uncomment(text)):
        blocks = [text]
    return "\n".join(_uncomment(b) for b in blocks)


def _uncomment(sql: str) -> str:
    return re.sub(r"--[^\n]*|/\*.*?\*/", " ", sql, flags=re.DOTALL)


def _tokens(sql: str) -> list[str]:
    return [t.upper() for t in _TOKEN.findall(sql)]


def _find(seq: list[str], part: list[str]) -> int:
    for i in range(len(seq) - len(part) + 1):
        if seq[i : i + len(part)] == part:
            return i
    return -1


def check_sql(
    text: str, *, clause: str = "", order_by: str = "", direction: str = "", limit: int = 0, table: str = ""
) -> CheckResult:
    """The query holds `clause` (keywords and what follows them, e.g. "LIMIT 20"), orders by `order_by` in
    `direction`, returns at most `limit` rows (LIMIT n), or reads `table` (FROM or JOIN)."""
    sql = sql_of(text)
    if not sql.strip():
        if clause:
            return CheckResult(False, "no SQL query", "The draft has no SQL query (a fenced ```sql block) to check.")
        why = "the draft has no SQL query to read, and the criterion may be about something else"
        return CheckResult(False, "no SQL query", why, undecided=True)
    seq = _tokens(sql)
    if clause:
        at = _find(seq, _tokens(clause))
        if at < 0 and clause.upper().split()[-1] == "JOIN" and len(clause.split()) > 1 and "OUTER" not in clause:
            at = _find(seq, _tokens(clause.replace("JOIN", "OUTER JOIN")))
        if at >= 0:
            return CheckResult(True, f"the query holds {clause}")
        return CheckResult(False, f"no {clause} in the query", f"The query has no {clause}.")
    if table:
        for i, tok in enumerate(seq[1:], 1):
            if seq[i - 1] in ("FROM", "JOIN") and tok == table.upper():
                return CheckResult(True, f"reads the table {table}")
        return CheckResult(False, f"no FROM or JOIN {table}", f"The query does not read the table {table}.")
    if limit:
        m = re.search(r"\bLIMIT\s+(\d+)|\bFETCH\s+FIRST\s+(\d+)|\bTOP\s*\(?\s*(\d+)", sql, re.IGNORECASE)
        if not m:
            return CheckResult(False, "no LIMIT", f"The query has no LIMIT {limit}.")
        n = int(next(g for g in m.groups() if g))
        if n == limit:
            return CheckResult(True, f"LIMIT {n}")
        return CheckResult(False, f"LIMIT {n}", f"The query returns up to {n} rows, not {limit}.")
    m = re.search(r"\bORDER\s+BY\s+(.+?)(?:\bLIMIT\b|\bOFFSET\b|\bFETCH\b|;|\)\s*$|$)", sql, re.IGNORECASE | re.DOTALL)
    if not m:
        return CheckResult(False, "no ORDER BY", f"The query has no ORDER BY {order_by}.")
    for key in m.group(1).split(","):
        words = key.split()
        if words and re.sub(r"^\w+\.", "", words[0]).lower() == order_by.lower():
            desc = len(words) > 1 and words[1].upper() == "DESC"
            if (direction == "desc") == desc:
                return CheckResult(True, f"ORDER BY {key.strip()}")
            return CheckResult(
                False,
                f"ORDER BY {key.strip()}",
                f"The query orders by {order_by} {'descending' if desc else 'ascending'}, not {direction}ending.",
            )
    return CheckResult(False, f"ORDER BY {m.group(1).strip()[:40]}", f"The query does not order by {order_by}.")


_LEAD = r"^(?:the (?:query|sql|statement|answer) )?(?:must |should )?"
_CLAUSE = re.compile(
    _LEAD + r"(?:uses?|includes?|has|contains?|adds?)\s+(?:an?\s+|the\s+)?(?:sql\s+)?"
    rf"(?P<kw>{_KEYWORD})\b(?P<rest>[^.]*?)(?:\s+(?:clause|keyword|statement))?\.?$",
    re.IGNORECASE,
)
_ORDER = re.compile(
    _LEAD + r"(?:orders?|sorts?)(?: (?:the )?(?:results?|rows|output))? by (?P<col>\w+)"
    r"(?: (?:in )?(?P<dir>desc|descending|asc|ascending)(?: order)?)?\.?$",
    re.IGNORECASE,
)
_LIMIT = re.compile(
    _LEAD
    + r"(?:limits? (?:the )?(?:output|results?|rows|query) to|returns? (?:only |at most )?|returns? no more than )"
    r"\s*(?P<n>\d+) (?:rows|results|records)\.?$",
    re.IGNORECASE,
)
_TABLE = re.compile(_LEAD + r"(?:selects? from|queries|reads from|joins?) the (?P<t>\w+) table\.?$", re.IGNORECASE)


def sql_plan(criterion: str) -> CheckPlan | None:
    """The SQL check a criterion asks for (see the module docstring), else None."""
    text = criterion.strip()
    m = _CLAUSE.match(text)
    if m:
        keyword = re.sub(r"\s+", " ", m.group("kw"))
        said_sql = bool(re.search(r"\b(?:sql|clause|keyword|statement)\b", text, re.IGNORECASE))
        if keyword != keyword.upper() and not said_sql:
            return None  # "Uses a join" in prose; "Includes a limit" of something else
        rest = m.group("rest").strip()
        if rest and not re.fullmatch(r"[\w\s().,*<>=!'\"-]+", rest):
            return None
        return CheckPlan(CheckSpec("sql", {"clause": f"{keyword.upper()} {rest}".strip()}))
    m = _ORDER.match(text)
    if m and m.group("dir"):
        direction = "desc" if m.group("dir").lower().startswith("desc") else "asc"
        return CheckPlan(CheckSpec("sql", {"order_by": m.group("col"), "direction": direction}))
    m = _LIMIT.match(text)
    if m:
        return CheckPlan(CheckSpec("sql", {"limit": int(m.group("n"))}))
    m = _TABLE.match(text)
    if m:
        return CheckPlan(CheckSpec("sql", {"table": m.group("t")}))
    return None
