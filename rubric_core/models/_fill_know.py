"""Fillers that draw on what the writer knows (data/knowledge.toml): a recipe, a list of tips, a story opening,
an FAQ answer, a product description. The task's facts always win; the knowledge fills the rest."""

from __future__ import annotations

import re
from typing import Any

from rubric_core.models._data import load
from rubric_core.models._doc import Ctx, Line, Part, filler
from rubric_core.models._fill_frame import point_lines
from rubric_core.models._grammar import cap, count_word, sentence
from rubric_core.models._read import Point
from rubric_core.models._say import kind_of, plain


def _entry(section: str, ctx: Ctx, text: str = "") -> dict[str, Any]:
    """The knowledge entry of a section whose words the task uses (its subject first), else the default."""
    bank = load("knowledge.toml")[section]
    for source in (text or ctx.facts.subject, ctx.facts.task):
        low = source.lower()
        for key, entry in bank.items():
            if key != "default" and any(re.search(rf"\b{re.escape(w)}", low) for w in entry["words"]):
                return entry
    return bank["default"]


# ------------------------------------------------------------------ recipe
def _serves(ctx: Ctx) -> int:
    m = re.search(
        r"\b(?:for|serves|feeds)\s+(\d+)\s*(?:people|persons|servings|guests)?\b", ctx.facts.task, re.IGNORECASE
    )
    return int(m.group(1)) if m else 0


def _scale(item: str, factor: float) -> str:
    if factor == 1:
        return item
    tin = re.match(r"(?:(\d+) x )?(\d+ g) tins? (.+)$", item)
    if tin:
        count = max(1, round(int(tin.group(1) or 1) * factor))
        return f"{count} x {tin.group(2)} tin{'s' if count > 1 else ''} {tin.group(3)}"
    if not re.match(r"\d+(?:\.\d+)?\s*(?:g|kg|ml|l|tsp|tbsp|cups?)\b", item):
        lead = re.match(r"\d+", item)
        factor_int = max(1, round(factor * float(lead.group(0)))) if lead else 0
        if factor_int > 1:
            item = re.sub(
                r"^(\d+ (?:[a-z]+ )?)(onion|pepper|lime|lemon|carrot|banana|avocado|egg|clove|shallot)\b",
                r"\1\2s",
                item,
            )
        return re.sub(r"^\d+", str(factor_int), item) if factor_int else item

    def scaled(m: re.Match[str]) -> str:
        value = float(m.group(0)) * factor
        return str(round(value)) if value >= 3 or value.is_integer() else f"{value:.1f}".rstrip("0").rstrip(".")

    return re.sub(r"(?<![\d/])\d+(?:\.\d+)?(?![\d/]|°)", scaled, item, count=1)


def _vegan(items: list[str]) -> list[str]:
    swaps: dict[str, str] = load("knowledge.toml")["vegan"]
    out = []
    for item in items:
        for old, new in swaps.items():
            if re.search(rf"\b{re.escape(old)}\b", item) and new not in item:
                item = re.sub(rf"\b{re.escape(old)}\b", new, item, count=1)
                break
        out.append(item)
    return out


@filler("recipe_title")
def recipe_title(ctx: Ctx) -> Part | None:
    entry = _entry("recipes", ctx)
    before = ctx.facts.before
    dish = re.sub(r"^(?:a|an|the|my|our)\s+", "", before or ctx.facts.what or ctx.facts.subject).strip()
    dish = re.sub(r"\s+(?:recipe|for\s+\d+.*)$", "", dish)
    return Part("title", [Line(f"# {cap(dish or entry['title'] or 'Recipe')}")], layout="lines")


@filler("recipe_summary")
def recipe_summary(ctx: Ctx) -> Part | None:
    entry = _entry("recipes", ctx)
    serves = _serves(ctx) or entry["serves"]
    limit = re.search(r"\b(?:in|under|within)\s+(?:under\s+)?(\d+\s+minutes)", ctx.facts.task)
    bits = []
    if serves:
        bits.append(f"Serves {serves}")
    if limit:
        bits.append(f"ready in under {limit.group(1)}")
    elif entry["time"]:
        bits.append(f"takes {entry['time']}")
    return Part("summary", [Line(sentence(", ".join(bits)))]) if bits else None


@filler("recipe_ingredients")
def recipe_ingredients(ctx: Ctx) -> Part | None:
    entry = _entry("recipes", ctx)
    items = list(entry["ingredients"])
    serves = _serves(ctx)
    if serves and entry["serves"]:
        items = [_scale(i, serves / entry["serves"]) for i in items]
    if re.search(r"\bvegan\b|\bplant-based\b|\bdairy-free\b", ctx.facts.task, re.IGNORECASE):
        items = _vegan(items)
    lines = [line for line in (ctx.say(cap(i)) for i in items) if line is not None]
    return Part("ingredients", lines, layout="bullets")


@filler("recipe_method")
def recipe_method(ctx: Ctx) -> Part | None:
    entry = _entry("recipes", ctx)
    steps = list(entry["method"])
    if re.search(r"\bvegan\b", ctx.facts.task, re.IGNORECASE):
        steps = _vegan(steps)
    lines = [line for line in (ctx.say(s) for s in steps) if line is not None]
    return Part("method", lines, layout="numbered")


# ------------------------------------------------------------------ tips
def _tip_count(ctx: Ctx) -> int:
    items = ctx.facts.asks.limits.get("items")
    if items and (items[0] or items[1]):
        return int(items[0] or items[1] or 5)
    return 5


_CATEGORY = re.compile(
    r"\b(tips|reasons|steps|ideas|ways|things|habits|mistakes|questions|dos and don'ts)\b(.*)$", re.IGNORECASE
)


def _category(ctx: Ctx) -> tuple[str, str]:
    """The kind of list ("tips", "reasons") and what it is about, as the intro says it ("to learn Python",
    "for better sleep", "why remote workers should take breaks")."""
    m = _CATEGORY.search(ctx.facts.head)
    if not m:
        return "tips", ""
    about = m.group(2).strip(" .:")
    about = re.sub(r"\s*\([^)]*\)", "", about)
    about = re.split(r",|\s+(?:in|under|with)\s+(?:\d+|one|two|three|four|five|at most|under)\b", about)[0].strip()
    if about and not re.match(r"(?:for|on|to|about|why|that|of|when|while|if)\b", about):
        about = f"why {about}" if re.search(r"\b(?:should|must|need to|ought to|can)\b", about) else f"for {about}"
    about = re.sub(r"^of\s+(?:\w+\s+)?(?:tips\s+)?(?=for|on|about)", "", about)
    return m.group(1).lower(), about


@filler("tips_intro")
def tips_intro(ctx: Ctx) -> Part | None:
    n = _tip_count(ctx)
    category, about = _category(ctx)
    text = ctx.pick("tips.intro", count=count_word(n), category=category, about=about)
    return Part("intro", [Line(text)], optional=True) if text else None


@filler("tips_items")
def tips_items(ctx: Ctx) -> Part | None:
    n = _tip_count(ctx)
    entry = _entry("tips", ctx)
    category, _ = _category(ctx)
    lists = load("knowledge.toml")["lists"]
    if category in lists:
        topical = [
            e
            for k, e in lists.items()
            if k.startswith(f"{category}_") and any(w in ctx.facts.task.lower() for w in e["words"])
        ]
        entry = topical[0] if topical else lists[category]
    pool = list(entry["items"])
    asked = [*entry.get("on_request", [])]
    must = [Point(piece) for p in ctx.facts.points for piece in re.split(r",\s+(?:and\s+)?|\s+and\s+", p.text)]
    chosen: list[str] = []
    for point in must:
        # A term the task asks for: the bank's tip that names it, else the point said as a tip of its own.
        term = re.sub(r"^(?:the|a|an)\s+", "", plain(point.text)).lower()
        tip = next((t for t in [*asked, *pool] if term and term in t.lower()), None)
        if tip is None and kind_of(point.text) in ("reader", "clause"):
            tip = sentence(point.text)
        if tip and tip not in chosen:
            chosen.append(tip)
    for term in ctx.wants.terms:
        # A word the rubric asks for that a tip of the bank says: that tip is on the list.
        tip = next((t for t in [*asked, *pool] if re.search(rf"\b{re.escape(term.lower())}", t.lower())), None)
        if tip and tip not in chosen:
            chosen.append(tip)
    start = ctx.seed + ctx.shift()
    rest = [pool[(start + k) % len(pool)] for k in range(len(pool))]
    rest += load("knowledge.toml")["tips"]["default"]["items"] if category == "tips" else []
    for tip in rest:
        if len(chosen) >= n:
            break
        if tip not in chosen:
            chosen.append(tip)
    lines = [line for line in (ctx.say(t, tag="item") for t in chosen[:n]) if line is not None]
    layout = "numbered" if ctx.facts.asks.numbered or "numbered" in ctx.facts.task.lower() else "bullets"
    return Part("items", lines, layout=layout)


@filler("tips_close")
def tips_close(ctx: Ctx) -> Part | None:
    if _category(ctx)[0] not in ("tips", "ways", "habits", "ideas"):
        return None
    text = ctx.pick("tips.close")
    return Part("closing", [Line(text)], optional=True) if text else None


# ------------------------------------------------------------------ story opening
def _story_facts(ctx: Ctx) -> dict[str, str]:
    """Where the story happens ("on the night train"), who it follows, and what they do."""
    task = ctx.facts.task
    out = {"setting": "", "who": "", "pronoun": "she", "pronoun_obj": "her", "Pronoun_cap": "She"}
    m = re.search(r"\bset\s+(on|in|at|aboard)\s+(?:(a|an|the)\s+)?([^.,;]+)", task)
    if m:
        article = "the" if m.group(2) in (None, "a", "an") and not m.group(3)[:1].isupper() else (m.group(2) or "")
        out["setting"] = f"{m.group(1)} {article} {m.group(3).strip()}".replace("  ", " ")
    m = re.search(
        r"\b(?i:main character|protagonist|hero(?:ine)?|narrator)\s+is\s+(?:a|an)\s+(.+?)\s+(?:named|called)\s+"
        r"([A-Z][\w'-]+(?:\s[A-Z][\w'-]+)?)(?:\s+(on|in|at|aboard)\s+([^.,;]+))?",
        task,
    )
    if m:
        out["who"] = m.group(2)
        out["role"] = m.group(1)
        if m.group(4):
            out["setting"] = f"{m.group(3)} {m.group(4).strip()}"
    out["who"] = out["who"] or "the woman by the window"
    out["setting"] = out["setting"] or "in the old town"
    out["Setting"] = cap(out["setting"])
    return out


def _story_lines(ctx: Ctx) -> list[str]:
    entry = _entry("stories", ctx)
    first = ctx.facts.asks.person == "first" or "first person" in ctx.facts.task.lower()
    texts = list(entry["first_present" if first else "third_past"])
    facts = _story_facts(ctx)
    out = []
    for text in texts:
        for key, value in facts.items():
            text = text.replace("{" + key + "}", value)
        out.append(text)
    if first and facts.get("role"):
        out.insert(1, f"My name is {facts['who']}, and I am the only {facts['role']} for a very long way.")
    return out


@filler("story_scene")
def story_scene(ctx: Ctx) -> Part | None:
    texts = _story_lines(ctx)
    lines = [line for line in (ctx.say(t) for t in texts[:-1]) if line is not None]
    return Part("opening", lines)


@filler("story_hook")
def story_hook(ctx: Ctx) -> Part | None:
    texts = _story_lines(ctx)
    line = ctx.say(texts[-1], tag="hook")
    return Part("hook", [line]) if line else None


# ------------------------------------------------------------------ FAQ answer
def _question(ctx: Ctx) -> str:
    q = next((q for q in ctx.facts.quoted if q.rstrip().endswith("?")), "")
    return q


@filler("faq_answer")
def faq_answer(ctx: Ctx) -> Part | None:
    q = _question(ctx).lower()
    kind = (
        "can"
        if re.match(r"(?:can|may|could)\s+i\b", q)
        else "policy"
        if re.search(r"\bpolicy\b", q)
        else "how"
        if q.startswith("how")
        else "any"
    )
    text = ctx.pick(f"faq.open.{kind}", brand=ctx.values.get("org") or ctx.values.get("name") or "us")
    return Part("answer", [Line(text)]) if text else None


@filler("faq_details")
def faq_details(ctx: Ctx) -> Part | None:
    points = [p for p in ctx.facts.points if not p.text.rstrip().endswith("?")]
    lines = point_lines(ctx, points, reader=True)
    if not lines:
        q = _question(ctx).lower()
        kind = "can" if re.match(r"(?:can|may|could)\s+i\b", q) else "how" if q.startswith("how") else "any"
        asked = re.match(
            r"(?:can|may|could)\s+i\s+(\w+)\s+(?:my|the|our)\s+(.+?)(?:\s+(?:after|before|once|if|when|while)\b.*)?\?*$",
            q,
        )
        extra = {"verb": asked.group(1), "obj": asked.group(2)} if asked else {}
        lines = [Line(t) for t in ctx.picks(f"faq.detail.{kind}", 2, **extra)]
    most = ctx.facts.asks.limits.get("sentences", (None, None))[1]
    if most:
        while len(lines) + 1 > most and len(lines) >= 2:
            a, b = lines[-2], lines[-1]
            second = re.sub(r"^(?:Also, |Please note: |And )", "", b.text)
            lines[-2:] = [Line(a.text.rstrip(".") + ", and " + second[0].lower() + second[1:], tag=a.tag)]
    return Part("details", lines)


@filler("faq_next")
def faq_next(ctx: Ctx) -> Part | None:
    most = ctx.facts.asks.limits.get("sentences", (None, None))[1]
    if most is not None and most <= 3:
        return None
    text = ctx.pick("faq.next")
    return Part("next step", [Line(text, tag="call_to_action")], optional=True) if text else None


# ------------------------------------------------------------------ product description
def _product(ctx: Ctx) -> str:
    what = ctx.facts.what or ctx.values.get("topic", "")
    return re.sub(r"^(?:our|my|the|a|an)\s+", "", what)


@filler("product_hook")
def product_hook(ctx: Ctx) -> Part | None:
    name = ctx.values.get("name", "")
    text = ctx.pick("product.hook.named" if name else "product.hook.plain", product=_product(ctx))
    return Part("hook", [Line(text)]) if text else None


@filler("product_details")
def product_details(ctx: Ctx) -> Part | None:
    points = [p for p in ctx.facts.points if kind_of(p.text) != "price"]
    lines = point_lines(ctx, [p for p in points if kind_of(p.text) == "clause"])
    facts_said = [plain(p.text) for p in points if kind_of(p.text) != "clause" and not re.search(r"[$€£]", p.text)]
    facts_said = [f[:1].lower() + f[1:] if not re.match(r"[A-Z]{2}", f) else f for f in facts_said]
    if facts_said:
        line = ctx.say(sentence(f"details: {', '.join(facts_said)}"))
        if line:
            lines.append(line)
    entry = _entry("products", ctx, _product(ctx))
    lines += [line for line in (ctx.say(t) for t in entry["details"][:2]) if line is not None]
    return Part("details", lines)


@filler("product_close")
def product_close(ctx: Ctx) -> Part | None:
    text = ctx.pick("product.close", product=_product(ctx))
    return Part("closing", [Line(text, tag="call_to_action")]) if text else None
