"""The SQL filler: one query over the tables and columns the task names, built from what it asks (top N by a
total, an average or a count per group, duplicates, a year or the last N days, a threshold on a group, the
first value per group without window functions), in the dialect it names."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rubric_core.models._doc import Ctx, Line, Part, filler

_TABLE = re.compile(r"`?\b([a-z_][a-z0-9_]*)`?\s*\(([a-z0-9_,\s]+)\)", re.IGNORECASE)
_NAMED_TABLE = re.compile(
    r"\b(?:the\s+)?`?([a-z_][a-z0-9_]*)`?\s+table\b|\btable\s+`?([a-z_][a-z0-9_]*)`?", re.IGNORECASE
)
_SYNONYMS = {
    "value": ("amount", "total", "price"),
    "money": ("amount",),
    "date": ("created_at", "date", "at"),
    "people": ("id",),
}


@dataclass
class Schema:
    tables: dict[str, list[str]] = field(default_factory=dict)

    def columns(self, table: str) -> list[str]:
        return self.tables.get(table, [])


def schema_of(task: str) -> Schema:
    schema = Schema()
    for m in _TABLE.finditer(task):
        name = m.group(1)
        columns = [c.strip() for c in m.group(2).split(",") if c.strip()]
        if name.lower() in ("count", "sum", "avg", "round", "max", "min", "function", "select", "query", "sql"):
            continue
        if not columns or any(not re.fullmatch(r"[a-z_][a-z0-9_]*", c) for c in columns):
            continue
        schema.tables[name] = columns
    for m in _NAMED_TABLE.finditer(task):
        name = m.group(1) or m.group(2)
        if name and name.lower() not in ("the", "a", "this", "that", "each", "one") and name not in schema.tables:
            schema.tables[name] = []
    return schema


def _singular(word: str) -> str:
    return word[:-3] + "y" if word.endswith("ies") else word[:-1] if word.endswith("s") else word


def _column(schema: Schema, phrase: str, prefer: str = "") -> tuple[str, str] | None:
    """(table, column) whose name best matches the phrase ("total order value" -> orders.total_amount)."""
    words = [
        w
        for w in re.findall(r"[a-z0-9]+", phrase.lower())
        if w not in ("the", "a", "of", "per", "each", "their", "its")
    ]
    best: tuple[int, str, str] | None = None
    for table, columns in schema.tables.items():
        for col in columns:
            parts = col.lower().split("_")
            score = sum(2 for w in words if w in parts or _singular(w) in parts)
            score += sum(1 for w in words for syn in _SYNONYMS.get(w, ()) if syn in parts)
            score += 1 if table == prefer else 0
            if score and (best is None or score > best[0]):
                best = (score, table, col)
    return (best[1], best[2]) if best else None


def _date_column(schema: Schema, table: str) -> str:
    for col in schema.columns(table):
        if re.search(r"(?:_at|_on|date|time|day)$", col):
            return col
    return ""


def _alias(table: str) -> str:
    return table[0]


@dataclass
class Query:
    select: list[str] = field(default_factory=list)
    source: str = ""
    where: list[str] = field(default_factory=list)
    group: list[str] = field(default_factory=list)
    having: list[str] = field(default_factory=list)
    order: list[str] = field(default_factory=list)
    limit: int = 0

    def render(self) -> str:
        lines = ["SELECT " + ",\n       ".join(self.select), f"FROM {self.source}"]
        if self.where:
            lines.append("WHERE " + "\n  AND ".join(self.where))
        if self.group:
            lines.append("GROUP BY " + ", ".join(self.group))
        if self.having:
            lines.append("HAVING " + " AND ".join(self.having))
        if self.order:
            lines.append("ORDER BY " + ", ".join(self.order))
        if self.limit:
            lines.append(f"LIMIT {self.limit}")
        return "\n".join(lines) + ";"


def _join(schema: Schema) -> tuple[str, str, str] | None:
    """(source clause, parent table, child table) when one table refers to another by <parent>_id."""
    names = list(schema.tables)
    for child in names:
        for parent in names:
            if parent == child:
                continue
            key = f"{_singular(parent)}_id"
            if key in schema.columns(child):
                a, b = _alias(parent), _alias(child)
                if a == b:
                    b = child[:2]
                return f"{parent} {a}\nJOIN {child} {b} ON {b}.{key} = {a}.id", parent, child
    return None


def _alias_of(table: str, source: str) -> str:
    m = re.search(rf"\b{re.escape(table)}\s+(\w+)", source)
    return m.group(1) if m else table


def build(task: str, dialect: str) -> str:
    """One query for the task, or "" when it names no table."""
    schema = schema_of(task)
    if not schema.tables:
        return ""
    low = task.lower()
    q = Query()
    joined = _join(schema)
    main = next(iter(schema.tables))
    if joined:
        q.source, parent, child = joined
    else:
        q.source = main
        parent = child = main

    def ref(table: str, col: str) -> str:
        return f"{_alias_of(table, q.source)}.{col}" if joined else col

    label_cols = [c for c in schema.columns(parent) if c in ("name", "title", "email", "username")]
    # Duplicates: the column named with "duplicate".
    dup = re.search(r"\bduplicate\s+([a-z_ ]+?)(?:\s+(?:addresses|values|entries|rows|records))?\s+(?:in|from)\b", low)
    if dup:
        dup_col = (_column(schema, dup.group(1)) or (main, _singular(dup.group(1).split()[-1])))[1]
        q.select = [dup_col, "COUNT(*) AS occurrences"]
        q.source = main
        q.group = [dup_col]
        q.having = ["COUNT(*) > 1"]
        q.order = ["occurrences DESC"]
        return q.render()
    group_by: list[str] = []
    if joined:
        group_by = [ref(parent, "id")] + [ref(parent, c) for c in label_cols[:1]]
        q.select = list(group_by)
        if label_cols and re.search(r"\bname\b", low) and "department" in parent:
            q.select = [f"{ref(parent, 'name')} AS {_singular(parent)}_name"]
            group_by = [ref(parent, "id"), ref(parent, "name")]
    elif re.search(r"\b(?:for each|per|each)\s+(user|customer|account|product|team|department|category)", low):
        who = re.search(r"\b(?:for each|per|each)\s+(\w+)", low)
        key = f"{who.group(1)}_id" if who else ""
        if key in schema.columns(main):
            group_by = [key]
            q.select = [key]
    metric = ""
    total = re.search(r"\b(?:by|with (?:the|their))?\s*total\s+([a-z ]+?)(?:\s+in\b|\s+per\b|[.,]|$)", low)
    if total:
        summed = _column(schema, "total " + total.group(1), prefer=child)
        if summed:
            metric = f"SUM({ref(*summed)})"
            q.select.append(f"{metric} AS total_{summed[1].replace('total_', '')}")
    avg = re.search(r"\baverage\s+([a-z_]+)", low)
    if avg:
        averaged = _column(schema, avg.group(1), prefer=child)
        if averaged:
            expr = f"AVG({ref(*averaged)})"
            rnd = re.search(r"\bround\w*\b[^.]*?\bto\s+(\d+)\s+decimal", low)
            if rnd:
                expr = (
                    f"ROUND({expr}::numeric, {rnd.group(1)})"
                    if dialect == "postgres"
                    else f"ROUND({expr}, {rnd.group(1)})"
                )
            metric = metric or expr
            q.select.append(f"{expr} AS average_{averaged[1]}")
    if re.search(
        r"\b(?:headcount|number of (?:people|employees|staff|members|users)|how many (?:people|employees))\b", low
    ):
        q.select.append(f"COUNT({ref(child, 'id')}) AS headcount")
    recent = re.search(r"\blast\s+(\d+)\s+(day|week|month|hour)s?\b", low)
    date_col = _date_column(schema, child)
    if recent and date_col:
        n, unit = recent.group(1), recent.group(2)
        since = f"NOW() - INTERVAL {n} {unit.upper()}" if dialect == "mysql" else f"NOW() - INTERVAL '{n} {unit}s'"
        if "first" in low or "earliest" in low or group_by:
            q.select.append(
                f"SUM({ref(child, date_col)} >= {since}) AS views_last_{n}_{unit}s"
                if dialect == "mysql"
                else f"COUNT(*) FILTER (WHERE {ref(child, date_col)} >= {since}) AS views_last_{n}_{unit}s"
            )
        else:
            q.where.append(f"{ref(child, date_col)} >= {since}")
    year = re.search(r"\bin\s+((?:19|20)\d\d)\b", low)
    if year and date_col:
        y = int(year.group(1))
        q.where.append(f"{ref(child, date_col)} >= '{y}-01-01'")
        q.where.append(f"{ref(child, date_col)} < '{y + 1}-01-01'")
    first = re.search(r"\b(?:first|earliest)\s+(?:ever\s+)?(?:viewed\s+|visited\s+)?([a-z_]+)", low)
    if first and date_col:
        picked = _column(schema, first.group(1))
        key = group_by[0] if group_by else ""
        if picked and key:
            sub = f"(SELECT f.{picked[1]} FROM {main} f WHERE f.{key} = {main}.{key} ORDER BY f.{date_col} ASC LIMIT 1) AS first_{picked[1]}"
            q.select.append(sub)
    more = re.search(r"\bmore than\s+(\d+)\s+(?:people|employees|members|staff|users|orders|customers|items)", low)
    if more:
        q.having.append(f"COUNT({ref(child, 'id')}) > {more.group(1)}")
    q.group = group_by if (metric or q.having or any("COUNT" in s or "SUM(" in s for s in q.select)) else []
    top = re.search(r"\btop\s+(\d+)\b", low)
    if top:
        q.limit = int(top.group(1))
    sort = re.search(r"\bsort(?:ed)?\s+by\s+(?:the\s+)?([a-z ]+?)\s+(desc|asc)", low)
    if sort or top:
        alias = next((s.split(" AS ")[-1] for s in q.select if " AS " in s and ("average" in s or "total" in s)), "")
        q.order = [f"{alias or metric or q.select[-1]} {'ASC' if sort and sort.group(2).startswith('asc') else 'DESC'}"]
    if not q.select:
        q.select = ["*"]
    return q.render()


@filler("sql_query")
def sql_query(ctx: Ctx) -> Part | None:
    query = build(ctx.facts.task, ctx.facts.asks.dialect or "postgres")
    if ctx.variant % 2:
        # A revision that must change visibly (nothing in the query can meet the criterion) changes its layout only.
        query = re.sub(r",\n\s+", ", ", query)
    if not query:
        return Part("query", [Line("SELECT [columns]\nFROM [table]\nWHERE [condition];")], layout="code", lang="sql")
    return Part("query", [Line(query)], layout="code", lang="sql")


@filler("sql_note")
def sql_note(ctx: Ctx) -> Part | None:
    if not schema_of(ctx.facts.task).tables:
        return Part(
            "note", [Line("The task names no table, so the query above is a template: fill in the table and columns.")]
        )
    dialect = ctx.facts.asks.dialect
    if dialect == "mysql" and re.search(r"\bfirst\b|\bearliest\b", ctx.facts.task, re.IGNORECASE):
        return Part(
            "note",
            [
                Line(
                    "No window functions or CTEs: a correlated subquery picks each user's earliest row, so it runs on MySQL 5.7."
                )
            ],
            optional=True,
        )
    return None
