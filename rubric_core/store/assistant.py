"""The rubric assistant's rows: proposals, proofs (with the version an accepted one became), review splits."""

from __future__ import annotations

import json
import time
import uuid
from typing import Any

from rubric_core.store.sql import text
from rubric_core.store.store import Store


def save_proposals(store: Store, proposals: list[dict[str, Any]]) -> None:
    """Store proposals (a proposal already stored under its id is kept as it is: ids come from the edit)."""
    if not proposals:
        return
    with store._write() as conn, conn.begin():
        for p in proposals:
            if conn.execute(text("SELECT 1 FROM rubric_proposals WHERE id = :i"), {"i": p["id"]}).first():
                continue
            conn.execute(
                text(
                    "INSERT INTO rubric_proposals (id, rubric_name, rubric_version, created_at, criterion, kind, title, "
                    "reason, source, edited_rubric, mapping_json, finding_json) VALUES (:id, :n, :v, :c, :crit, :k, :t, "
                    ":r, :s, :e, :m, :f)"
                ),
                {
                    "id": p["id"],
                    "n": p["rubric_name"],
                    "v": p["rubric_version"],
                    "c": time.time(),
                    "crit": p["criterion"],
                    "k": p["kind"],
                    "t": p["title"],
                    "r": p["reason"],
                    "s": p["source"],
                    "e": p["edited_rubric"],
                    "m": json.dumps(p["mapping"], ensure_ascii=False),
                    "f": json.dumps(p.get("finding") or {}, ensure_ascii=False),
                },
            )


def _proposal(row: Any) -> dict[str, Any]:
    d = dict(row._mapping)
    d["mapping"] = json.loads(d.pop("mapping_json") or "{}")
    d["finding"] = json.loads(d.pop("finding_json") or "{}")
    return d


def get_proposal(store: Store, proposal_id: str) -> dict[str, Any] | None:
    """A stored proposal by its id or an unambiguous start of it (at least 6 letters and digits; never a pattern:
    store/ids.py)."""
    from rubric_core.store.ids import PROPOSAL, IdNotFound, resolve_id

    try:
        found = resolve_id(store, PROPOSAL, proposal_id.strip().lower())
    except IdNotFound:
        return None
    with store.engine.connect() as conn:
        row = conn.execute(text("SELECT * FROM rubric_proposals WHERE id = :i"), {"i": found}).first()
    return None if row is None else _proposal(row)


def list_proposals(store: Store, name: str, version: int) -> list[dict[str, Any]]:
    """A version's stored proposals, oldest first."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT * FROM rubric_proposals WHERE rubric_name = :n AND rubric_version = :v ORDER BY created_at, id"
            ),
            {"n": name, "v": version},
        ).all()
    return [_proposal(r) for r in rows]


def save_proof(store: Store, proof: dict[str, Any]) -> str:
    """Store a proof; returns its id."""
    proof_id = proof.get("id") or uuid.uuid4().hex
    with store._write() as conn, conn.begin():
        conn.execute(
            text(
                "INSERT INTO rubric_proofs (id, proposal_id, rubric_name, rubric_version, created_at, grader, seed, "
                "outcome, result_json) VALUES (:id, :p, :n, :v, :c, :g, :s, :o, :r)"
            ),
            {
                "id": proof_id,
                "p": proof["proposal_id"],
                "n": proof["rubric_name"],
                "v": proof["rubric_version"],
                "c": time.time(),
                "g": proof["grader"],
                "s": proof["seed"],
                "o": proof["outcome"],
                "r": json.dumps(proof, ensure_ascii=False, default=str),
            },
        )
    return proof_id


def _proof(row: Any) -> dict[str, Any]:
    d = dict(row._mapping)
    result = json.loads(d.pop("result_json") or "{}")
    return {**result, **d}


def latest_proof(store: Store, proposal_id: str) -> dict[str, Any] | None:
    """The newest proof of a proposal."""
    with store.engine.connect() as conn:
        row = conn.execute(
            text("SELECT * FROM rubric_proofs WHERE proposal_id = :p ORDER BY created_at DESC, id LIMIT 1"),
            {"p": proposal_id},
        ).first()
    return None if row is None else _proof(row)


def proof_of_version(store: Store, name: str, version: int) -> dict[str, Any] | None:
    """The accepted proof that produced this version (None: the version was not made by the assistant)."""
    with store.engine.connect() as conn:
        row = conn.execute(
            text(
                "SELECT * FROM rubric_proofs WHERE rubric_name = :n AND accepted_version = :v "
                "ORDER BY created_at DESC, id LIMIT 1"
            ),
            {"n": name, "v": version},
        ).first()
    return None if row is None else _proof(row)


def mark_accepted(store: Store, proof_id: str, version: int) -> None:
    """Record the library version an accepted proof's edit became."""
    with store._write() as conn, conn.begin():
        conn.execute(
            text("UPDATE rubric_proofs SET accepted_version = :v WHERE id = :i"), {"v": version, "i": proof_id}
        )


def read_split(store: Store, name: str) -> tuple[int, float] | None:
    """(seed, held-out share) of a rubric's stored split, or None when the assistant never split its reviews."""
    with store.engine.connect() as conn:
        row = conn.execute(text("SELECT seed, held_out FROM rubric_splits WHERE rubric_name = :n"), {"n": name}).first()
    return None if row is None else (int(row[0]), float(row[1]))
